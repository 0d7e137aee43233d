import { useState, type PointerEvent } from 'react';
import type { ValueSeries } from '@imali/contract';
import { cn } from '@/lib/cn';
import { compactMoney, dayLabel, magnitude, money } from '../model/format';
import { valuePath } from '../model/charts';

const TONE = {
  up: { stroke: 'stroke-green-600', fill: 'fill-green-600/10' },
  down: { stroke: 'stroke-red-600', fill: 'fill-red-600/10' },
  flat: { stroke: 'stroke-slate-500', fill: 'fill-slate-500/10' },
} as const;

/**
 * The account's value at the end of each day of the period: an SVG area (a few hundred bytes, so
 * the Summary route stays small; the stock chart's library would add 55 KB gzip), with the value
 * scale at the side and a readout under the pointer. Decorative for screen readers: the Summary
 * renders the same points as a table. Hidden balances hide the scale and the readout's amount.
 */
export function ValueChart({ series, visible }: { series: ValueSeries; visible: boolean }) {
  const [active, setActive] = useState<number | null>(null);
  const values = series.points.map((p) => magnitude(p.value));
  const geometry = valuePath(values);
  const first = magnitude(series.points[0]?.growth);
  const last = magnitude(series.points.at(-1)?.growth);
  const tone = TONE[last > first ? 'up' : last < first ? 'down' : 'flat'];
  const n = series.points.length;
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const x = (e.clientX - box.left) / Math.max(1, box.width);
    setActive(Math.min(n - 1, Math.max(0, Math.round(x * (n - 1)))));
  };
  const point = active === null ? undefined : series.points[active];
  const at = (i: number) => (n <= 1 ? 50 : (i / (n - 1)) * 100);
  return (
    <div aria-hidden="true" data-testid="value-chart" data-period={series.period} data-points={n}>
      <div className="mb-1 h-5 text-xs text-slate-600 tabular-nums">
        {point ? (
          <>
            {dayLabel(point.day)} ·{' '}
            <span className="font-semibold">{money(point.value, series.currency, visible)}</span>
          </>
        ) : (
          <span className="text-slate-400">Touch or hover the chart for a day&apos;s value</span>
        )}
      </div>
      <div className="flex gap-2">
        <div
          className="relative h-48 flex-1 touch-none sm:h-56"
          onPointerMove={onMove}
          onPointerDown={onMove}
          onPointerLeave={() => setActive(null)}
        >
          <svg
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            className="absolute inset-0 size-full overflow-visible"
          >
            {[0, 50, 100].map((y) => (
              <line
                key={y}
                x1={0}
                x2={100}
                y1={y}
                y2={y}
                className="stroke-slate-100"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            <path d={geometry.area} className={tone.fill} />
            <path
              d={geometry.line}
              fill="none"
              className={tone.stroke}
              strokeWidth={2}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
          {active !== null && (
            <div
              className="pointer-events-none absolute inset-y-0 w-px bg-slate-400"
              style={{ left: `${at(active)}%` }}
            >
              <span
                className={cn('absolute -left-1 size-2 rounded-full bg-slate-700')}
                style={{ top: `calc(${geometry.ys[active] ?? 50}% - 4px)` }}
              />
            </div>
          )}
        </div>
        <div className="flex w-20 flex-col justify-between text-right text-[11px] text-slate-500 tabular-nums">
          <span>{compactMoney(geometry.max.toFixed(2), series.currency, visible)}</span>
          <span>
            {compactMoney(((geometry.max + geometry.min) / 2).toFixed(2), series.currency, visible)}
          </span>
          <span>{compactMoney(geometry.min.toFixed(2), series.currency, visible)}</span>
        </div>
      </div>
      <div className="mt-1 flex justify-between pr-22 text-[11px] text-slate-500">
        <span>{series.points[0] ? dayLabel(series.points[0].day) : ''}</span>
        <span>{series.points.at(-1) ? dayLabel(series.points.at(-1)!.day) : ''}</span>
      </div>
    </div>
  );
}
