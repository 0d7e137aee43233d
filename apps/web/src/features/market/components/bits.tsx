import type { ReactNode } from 'react';
import type { QuoteUnit } from '@imali/contract';
import type { SignedTone } from '@imali/money';
import { InfoIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { asOfLabel } from '../model/candles';
import {
  changeColorClass,
  formatChange,
  formatChangePercent,
  formatPrice,
  rangePosition,
  TONE_BADGE_CLASS,
} from '../model/format';

/** '+28.19 (+0.43%)' coloured by the sign rule. */
export function ChangeText({
  change,
  percent,
  unit,
  className,
}: {
  change: number;
  percent: number;
  unit: QuoteUnit;
  className?: string;
}) {
  return (
    <span className={cn('font-semibold tabular-nums', changeColorClass(change), className)}>
      {formatChange(change, unit)} ({formatChangePercent(percent)})
    </span>
  );
}

/** The change % as a tinted chip (lists), toned by the sign rule. */
export function ChangeChip({
  text,
  tone,
  className,
}: {
  text: string;
  tone: SignedTone;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex min-w-[4.75rem] justify-center rounded-md px-2 py-1 text-xs font-semibold tabular-nums',
        TONE_BADGE_CLASS[tone],
        className,
      )}
    >
      {text}
    </span>
  );
}

/** A low–high bar with a marker at the current value (day range, 52-week range). */
export function RangeBar({
  label,
  low,
  high,
  value,
  unit,
}: {
  label: string;
  low: number;
  high: number;
  value: number;
  unit: QuoteUnit;
}) {
  const at = rangePosition(low, high, value) * 100;
  return (
    <div>
      <div className="mb-2 flex items-center justify-between text-xs font-medium text-slate-500">
        <span>{label}</span>
      </div>
      <div className="relative h-1.5 rounded-full bg-gradient-to-r from-red-200 via-slate-200 to-green-200">
        <span
          className="absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-slate-900 shadow"
          style={{ left: `${at}%` }}
          aria-hidden="true"
        />
      </div>
      <div className="mt-2 flex justify-between text-xs text-slate-600 tabular-nums">
        <span>
          <span className="text-slate-400">L </span>
          {formatPrice(low, unit)}
        </span>
        <span>
          <span className="text-slate-400">H </span>
          {formatPrice(high, unit)}
        </span>
      </div>
    </div>
  );
}

/** A white card with a title row, used by every market panel. */
export function Panel({
  title,
  action,
  children,
  className,
  id,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <section
      id={id}
      aria-label={typeof title === 'string' ? title : undefined}
      className={cn('rounded-2xl border border-slate-200/80 bg-white shadow-sm', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 border-b border-slate-100 px-4 py-3 sm:px-5">
        <h2 className="text-[15px] font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A tiny line of recent closes (index cards); drawn as SVG, no chart library needed. */
export function Sparkline({
  values,
  tone,
  className,
}: {
  values: number[];
  tone: 'positive' | 'negative' | 'neutral';
  className?: string;
}) {
  if (values.length < 2) return <div className={className} />;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const w = 120;
  const h = 36;
  const step = w / (values.length - 1);
  const d = values
    .map(
      (v, i) =>
        `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)},${(h - 2 - ((v - min) / span) * (h - 4)).toFixed(1)}`,
    )
    .join(' ');
  const stroke = tone === 'positive' ? '#16a34a' : tone === 'negative' ? '#dc2626' : '#64748b';
  return (
    <svg viewBox={`0 0 ${w} ${h}`} preserveAspectRatio="none" className={className} aria-hidden="true">
      <path d={`${d} L${w},${h} L0,${h} Z`} fill={stroke} opacity={0.08} />
      <path d={d} fill="none" stroke={stroke} strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

export function MarketStatus({ open, asOf, timeZone }: { open: boolean; asOf: string; timeZone: string }) {
  const time = asOfLabel(asOf, timeZone);
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-500">
      <span
        className={cn('size-2 rounded-full', open ? 'animate-pulse bg-green-500' : 'bg-slate-300')}
        aria-hidden="true"
      />
      {open ? 'Live' : 'Market closed'} · {open ? '' : 'as of '}
      {time}
    </span>
  );
}

export const SIMULATED_DATA_LABEL = 'Simulated market data';

/**
 * Imali's prices come from its market simulator, not from the JSE: every place that shows a
 * price says so, with the time of the price, in a small caption.
 */
export function SimulatedDataNote({
  asOf,
  timeZone = 'Africa/Johannesburg',
  className,
}: {
  asOf?: string;
  timeZone?: string;
  className?: string;
}) {
  return (
    <p
      data-testid="simulated-data-note"
      className={cn('flex items-center gap-1 text-[11px] leading-4 text-slate-400', className)}
    >
      <InfoIcon size={12} className="shrink-0" />
      <span>
        {SIMULATED_DATA_LABEL}
        {asOf ? ` · prices as of ${asOfLabel(asOf, timeZone)}` : ''}
      </span>
    </p>
  );
}
