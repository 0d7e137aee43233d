import type { OfferingStatus } from '@imali/contract';
import { InfoIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { productLabel } from '../model/catalog';
import { formatDateTime } from '../model/format';

/** The product-type label with its sub-label (spec section 4): STOCK · D.D., STOCK · P.M. */
export function ProductBadge({ dtype, className }: { dtype: string; className?: string }) {
  const { label, subLabel } = productLabel(dtype);
  return (
    <span
      data-testid="product-badge"
      className={cn(
        'inline-flex items-center overflow-hidden rounded-md text-[11px] font-bold tracking-wide ring-1 ring-brand-200',
        className,
      )}
    >
      <span className="bg-brand-600 px-1.5 py-0.5 text-white">{label}</span>
      {subLabel && <span className="bg-brand-50 px-1.5 py-0.5 text-brand-700">{subLabel}</span>}
    </span>
  );
}

const STATUS_CHIP: Record<OfferingStatus, string> = {
  upcoming: 'bg-amber-50 text-amber-700 ring-amber-200',
  open: 'bg-green-50 text-green-700 ring-green-200',
  closed: 'bg-slate-100 text-slate-600 ring-slate-200',
  settled: 'bg-slate-100 text-slate-600 ring-slate-200',
};
const STATUS_TEXT: Record<OfferingStatus, string> = {
  upcoming: 'Upcoming',
  open: 'Open',
  closed: 'Closed',
  settled: 'Settled',
};

export function OfferingStatusChip({ status }: { status: OfferingStatus }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        STATUS_CHIP[status],
      )}
    >
      {STATUS_TEXT[status]}
    </span>
  );
}

export function HotBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-bold text-red-600 ring-1 ring-red-200 ring-inset">
      <svg width={10} height={12} viewBox="0 0 10 12" aria-hidden="true" fill="currentColor">
        <path d="M5.2 0C5.6 2.2 8.5 3.6 9.4 6.4 10.3 9.3 8.1 12 5 12S-.3 9.3.6 6.9C1.1 5.5 2 4.8 2.6 4.3c0 1.2.4 2.1 1.3 2.6C3.7 4.4 4.3 1.9 5.2 0Z" />
      </svg>
      Hot
    </span>
  );
}

export const SIMULATED_DATA_LABEL = 'Simulated market data';

/** Every price Imali shows comes from its market simulator and says so, with its time. */
export function SimulatedNote({
  asOf,
  country = 'ZA',
  className,
}: {
  asOf?: string;
  country?: string;
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
        {asOf ? ` · prices as of ${formatDateTime(asOf, country)}` : ''}
      </span>
    </p>
  );
}
