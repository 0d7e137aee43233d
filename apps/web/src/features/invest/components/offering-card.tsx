import type { IpoOfferSummary, Offering } from '@imali/contract';
import { formatCurrency, formatLevel, formatPrice, formatQuantity, productUnits } from '@imali/money';
import { ChevronRightIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { formatDay } from '../model/format';
import { HotBadge, OfferingStatusChip, ProductBadge } from './parts';

/**
 * An IPO before listing has no market price: the card shows the final or fixed offer price, else
 * the range (funds are held at its top), and the lot.
 */
function ipoTerms(offer: IpoOfferSummary, price: (p: string) => string): Array<[string, string]> {
  const fixed = offer.final_price ?? (offer.price_low === offer.price_high ? offer.price_high : null);
  return [
    fixed === null
      ? ['Price range', `${price(offer.price_low)} – ${price(offer.price_high)}`]
      : ['Offer price', price(fixed)],
    ['Lot', formatQuantity(offer.lot_size, 'shares')],
  ];
}

/** One offering in Discover: product label and sub-label, name, symbol, terms, status, hot badge. */
export function OfferingCard({
  offering,
  onOpen,
  compact = false,
}: {
  offering: Offering;
  onOpen: (offering: Offering) => void;
  compact?: boolean;
}) {
  const price = (p: string | null) => formatPrice(p, offering.quote_unit);
  const units = productUnits(offering.dtype);
  const money = (v: string) => formatCurrency(v, offering.currency);
  // Per-client limits in the product's own units: shares for a stock deal, an amount for a fund or
  // a structured product (never "1,000 shares – 500,000 shares" for ZAR 1,000 – 500,000).
  const s = offering.structured;
  const limits =
    units.limits === 'amount'
      ? `${money(s?.min_amount ?? offering.min_quantity)} – ${money(s?.max_amount ?? offering.max_quantity)}`
      : `${formatQuantity(offering.min_quantity, 'shares')} – ${formatQuantity(offering.max_quantity, 'shares')}`;
  const terms: Array<[string, string]> =
    offering.dtype === 'fo'
      ? [
          ['Term', offering.term_days === null ? '-' : `${offering.term_days} days`],
          ['Market price', price(offering.last_price)],
        ]
      : offering.dtype === 'fund'
        ? // A fund (issue 13): bought for an amount at the next NAV; its instrument is its benchmark
          // index, whose level is no price in rand, and it is open-ended (no closing date).
          [
            ['Benchmark', offering.symbol],
            ['Minimum', money(offering.min_quantity)],
          ]
        : offering.dtype === 'quant'
          ? // A structured product: the underlying's level in points (an index is not priced in rand)
            // and the least it takes, an amount (it is bought for an amount, never in shares).
            [
              [`${offering.symbol} level`, formatLevel(s?.current_level ?? offering.last_price)],
              ['Minimum', money(s?.min_amount ?? offering.min_quantity)],
            ]
          : offering.dtype === 'otc'
            ? [
                ['Block price', price(offering.block_price)],
                ['Block size', offering.block_size ? formatQuantity(offering.block_size, 'shares') : '-'],
              ]
            : offering.dtype === 'ipo' && offering.ipo_offer && !offering.ipo_offer.listed
              ? ipoTerms(offering.ipo_offer, price)
              : [['Market price', price(offering.last_price)]];
  return (
    <button
      type="button"
      onClick={() => onOpen(offering)}
      data-testid="offering-card"
      data-offering-id={offering.id}
      data-dtype={offering.dtype}
      className={cn(
        'group flex w-full flex-col rounded-2xl border border-slate-200/80 bg-white text-left shadow-sm transition hover:border-brand-300 hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
        compact ? 'p-3.5' : 'p-4',
      )}
    >
      <span className="flex flex-wrap items-center gap-1.5">
        <ProductBadge dtype={offering.dtype} />
        <OfferingStatusChip status={offering.status} />
        {offering.hot && <HotBadge />}
      </span>
      <span className="mt-2.5 flex items-start justify-between gap-2">
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900 group-hover:text-brand-700">
            {offering.name}
          </span>
          <span className="block truncate text-xs text-slate-500">
            <span className="font-semibold text-slate-700">{offering.symbol}</span> · {offering.market} ·{' '}
            {offering.instrument_name}
          </span>
        </span>
        <ChevronRightIcon size={18} className="mt-0.5 shrink-0 text-slate-300 group-hover:text-brand-500" />
      </span>
      <span className="mt-3 grid grid-cols-2 gap-2">
        {terms.map(([label, value]) => (
          <span key={label} className="rounded-lg bg-slate-50 px-2.5 py-1.5">
            <span className="block text-[11px] text-slate-500">{label}</span>
            <span className="block text-sm font-semibold text-slate-900 tabular-nums">{value}</span>
          </span>
        ))}
      </span>
      {!compact && offering.dtype === 'fund' && (
        <span className="mt-3 flex flex-wrap justify-between gap-x-3 text-xs text-slate-500">
          <span>Open-ended · priced at the next NAV</span>
          <span data-testid="offering-limits">Up to {money(offering.max_quantity)} per client</span>
        </span>
      )}
      {!compact && offering.dtype !== 'fund' && (
        <span className="mt-3 flex flex-wrap justify-between gap-x-3 text-xs text-slate-500">
          <span>
            {offering.status === 'upcoming' ? 'Opens' : 'Closes'}{' '}
            {formatDay(
              offering.status === 'upcoming' ? offering.opens_at : offering.closes_at,
              offering.country,
            )}
          </span>
          <span data-testid="offering-limits">{limits} per client</span>
        </span>
      )}
    </button>
  );
}
