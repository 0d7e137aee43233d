import { cn } from '@/lib/cn';
import { donutArcs } from '../model/charts';
import { compactMoney, money, ratio } from '../model/format';

export interface AllocationItem {
  key: string;
  label: string;
  market_value: string;
  weight: string | null;
}

/** Segment colours in legend order (fill for the ring, bg for the legend swatch). */
const PALETTE = [
  { fill: 'fill-brand-600', swatch: 'bg-brand-600' },
  { fill: 'fill-gold-400', swatch: 'bg-gold-400' },
  { fill: 'fill-indigo-500', swatch: 'bg-indigo-500' },
  { fill: 'fill-sky-500', swatch: 'bg-sky-500' },
  { fill: 'fill-rose-500', swatch: 'bg-rose-500' },
  { fill: 'fill-slate-400', swatch: 'bg-slate-400' },
];

/**
 * A ring of market-value shares (SVG, decorative) with a legend that carries every number: the
 * label, its share of the holdings and its value. Screen readers read the legend list.
 */
export function AllocationDonut({
  items,
  total,
  currency,
  visible,
  label,
}: {
  items: AllocationItem[];
  total: string;
  currency: string;
  visible: boolean;
  /** Names the legend list: 'Allocation by product'. */
  label: string;
}) {
  const arcs = donutArcs(
    items.map((i) => ({ key: i.key, value: i.market_value })),
    { thickness: 14 },
  );
  const colour = (key: string) => PALETTE[items.findIndex((i) => i.key === key) % PALETTE.length]!;
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:gap-5" data-testid="allocation-donut">
      <div className="relative size-28 shrink-0 sm:size-32">
        <svg viewBox="0 0 120 120" className="size-full" aria-hidden="true">
          {arcs.length === 0 ? (
            <circle cx={60} cy={60} r={53} fill="none" className="stroke-slate-200" strokeWidth={14} />
          ) : (
            arcs.map((arc) => <path key={arc.key} d={arc.path} className={colour(arc.key).fill} />)
          )}
        </svg>
        <div
          className="absolute inset-0 flex flex-col items-center justify-center text-center"
          aria-hidden="true"
        >
          <span className="text-[10px] font-medium tracking-wide text-slate-500 uppercase">Holdings</span>
          <span className="px-4 text-[11px] leading-tight font-bold break-all text-slate-900 tabular-nums">
            {compactMoney(total, currency, visible)}
          </span>
        </div>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">No holdings yet. What you buy shows here by product.</p>
      ) : (
        <ul aria-label={label} className="w-full min-w-0 flex-1 space-y-2" data-testid="allocation-legend">
          {items.map((item) => (
            <li key={item.key} className="flex items-center gap-2 text-sm" data-key={item.key}>
              <span
                aria-hidden="true"
                className={cn('size-2.5 shrink-0 rounded-full', colour(item.key).swatch)}
              />
              <span className="min-w-0 flex-1 truncate text-slate-700">{item.label}</span>
              <span className="font-semibold text-slate-900 tabular-nums" data-testid="allocation-weight">
                {ratio(item.weight)}
              </span>
              <span className="sr-only">, </span>
              <span
                aria-hidden="true"
                className="w-20 shrink-0 text-right text-xs text-slate-500 tabular-nums"
                data-testid="allocation-value"
              >
                {compactMoney(item.market_value, currency, visible)}
              </span>
              {/* Read in full: 'ZAR 1.234M' is for the eye. */}
              <span className="sr-only">{money(item.market_value, currency, visible)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
