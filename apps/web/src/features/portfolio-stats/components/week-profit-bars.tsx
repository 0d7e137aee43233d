import type { WeekProfit } from '@imali/contract';
import { cn } from '@/lib/cn';
import { weekBars } from '../model/charts';
import {
  dayLabel,
  signedCompactMoney,
  signedMoney,
  sumAmounts,
  toneClass,
  weekdayLabel,
} from '../model/format';

const BAR_FILL = { up: 'fill-green-600', down: 'fill-red-600', flat: 'fill-slate-300' } as const;

/**
 * The last 7 JSE trading days' profit as bars above (green) and below (red) a zero line. The SVG
 * is decoration for sighted readers; the same figures are in a table that screen readers read.
 */
export function WeekProfitBars({ week, visible }: { week: WeekProfit; visible: boolean }) {
  const bars = weekBars(week.days);
  const width = 280;
  const height = 120;
  const mid = height / 2;
  const slot = width / Math.max(1, bars.length);
  const barWidth = Math.min(24, slot * 0.55);
  return (
    <div data-testid="week-profit">
      <svg
        viewBox={`0 0 ${width} ${height + 18}`}
        className="h-36 w-full"
        aria-hidden="true"
        data-testid="week-profit-chart"
      >
        <line x1={0} x2={width} y1={mid} y2={mid} className="stroke-slate-200" strokeWidth={1} />
        {bars.map((bar, i) => {
          // A flat day still shows a sliver, so seven days always read as seven slots.
          const reach = Math.max(bar.size * (mid - 6), 1.5);
          const x = i * slot + (slot - barWidth) / 2;
          const y = bar.direction === 'down' ? mid : mid - reach;
          return (
            <g key={bar.day} data-direction={bar.direction}>
              <rect x={x} y={y} width={barWidth} height={reach} rx={3} className={BAR_FILL[bar.direction]} />
              <text
                x={x + barWidth / 2}
                y={height + 14}
                textAnchor="middle"
                className="fill-slate-500 text-[10px]"
              >
                {weekdayLabel(bar.day)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only" data-testid="week-profit-table">
        <caption>Profit per trading day, last 7 days ({week.currency})</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Profit</th>
          </tr>
        </thead>
        <tbody>
          {week.days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayLabel(d.day)}</th>
              <td>{signedMoney(d.profit, week.currency, visible)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <WeekTotals week={week} visible={visible} />
    </div>
  );
}

/** Under the bars: the days covered and the week's sum (abbreviated, as the spec asks of large amounts). */
function WeekTotals({ week, visible }: { week: WeekProfit; visible: boolean }) {
  const first = week.days[0];
  const last = week.days.at(-1);
  const total = sumAmounts(week.days.map((d) => d.profit));
  return (
    <p className="mt-1 flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-slate-500">
      <span>
        {first && last ? `${dayLabel(first.day, false)} – ${dayLabel(last.day, false)}` : 'No trading days'}
      </span>
      <span>
        7 days{' '}
        <span
          data-testid="week-profit-total"
          className={cn('font-semibold tabular-nums', visible ? toneClass(total) : 'text-slate-500')}
        >
          {signedCompactMoney(total, week.currency, visible)}
        </span>
      </span>
    </p>
  );
}
