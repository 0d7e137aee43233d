import { useEffect, useRef } from 'react';
import { AreaSeries, ColorType, createChart, type UTCTimestamp } from 'lightweight-charts';
import type { FundNavPoint } from '@imali/contract';
import { dayText, navText } from '../model/format';

const toTime = (iso: string) => (Date.parse(`${iso}T13:00:00Z`) / 1000) as UTCTimestamp;

/** The NAV history as an area chart (rand per unit), with the same points as a table for screen readers and on request. */
export function NavChart({ points }: { points: FundNavPoint[] }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = container.current;
    if (!el || points.length === 0) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: '#ffffff' }, textColor: '#64748b', fontSize: 11 },
      grid: { vertLines: { visible: false }, horzLines: { color: '#eef2f0' } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
      localization: { locale: 'en-ZA', priceFormatter: (p: number) => `R${p.toFixed(4)}` },
      handleScroll: { vertTouchDrag: false },
    });
    const first = Number(points[0]!.nav);
    const last = Number(points.at(-1)!.nav);
    const color = last >= first ? '#16a34a' : '#dc2626';
    const series = chart.addSeries(AreaSeries, {
      lineColor: color,
      lineWidth: 2,
      topColor: `${color}33`,
      bottomColor: `${color}05`,
      priceLineVisible: false,
    });
    series.setData(points.map((p) => ({ time: toTime(p.date), value: Number(p.nav) / 100 })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points]);

  return (
    <div>
      <div ref={container} className="h-48 w-full sm:h-56" aria-hidden="true" data-testid="nav-chart" />
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-600">Show NAVs as a table</summary>
        <div className="mt-2 max-h-48 overflow-auto rounded-lg border border-slate-100">
          <table className="w-full text-left text-xs" data-testid="nav-table">
            <caption className="sr-only">NAV per unit by business day</caption>
            <thead className="sticky top-0 bg-slate-50">
              <tr>
                <th className="px-3 py-1.5 font-medium">Date</th>
                <th className="px-3 py-1.5 text-right font-medium">NAV per unit</th>
              </tr>
            </thead>
            <tbody>
              {[...points].reverse().map((p) => (
                <tr key={p.date} className="border-t border-slate-100">
                  <td className="px-3 py-1">{dayText(p.date)}</td>
                  <td className="px-3 py-1 text-right tabular-nums">{navText(p.nav)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
