import { useEffect, useState, type ReactNode } from 'react';
import { TradingMessages, type Offering, type OrderResult } from '@imali/contract';
import { formatCurrency, formatPrice, formatQuantity } from '@imali/money';
import { LoadFailed } from '@/components/ui/load-failed';
import { FormColumn, ProductLayout } from '@/components/ui/product-layout';
import { ProductDrawerSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/http';
import { useOffering, type TradedDtype } from '../api/offerings';
import { buyFixedTerm, requestAllocation } from '../api/orders';
import { fetchOfferingPreview } from '../api/preview';
import { useQuotation } from '../hooks/use-quotation';
import { formatDateTime, formatDay } from '../model/format';
import { KeyFacts } from './key-facts';
import { OrderForm } from './order-form';
import { OrderPlaced } from './order-placed';
import { Notice } from '@/components/ui/notice';
import { HotBadge, OfferingStatusChip, ProductBadge, SimulatedNote } from './parts';
import type { OrderFlowDeps, ProductDrawerProps } from '@/lib/order-flow';
import { QuotePanel } from './quote-panel';
import { serverNow } from '@/lib/server-clock';

const DAY_MS = 86_400_000;

export interface OfferingDrawerProps extends ProductDrawerProps {
  dtype: TradedDtype;
}

/**
 * The 'fo' (DD Trading Detail) and 'otc' (Block Trading) bottom drawers: the offering, its live
 * price, terms and key-facts sheet, then the order form (account, quantity, fee preview) that
 * ends in Verify Your PIN.
 */
export default function OfferingDrawer({ dtype, id, close, closeAndNavigate, ...deps }: OfferingDrawerProps) {
  const offering = useOffering(dtype, id);
  const [placed, setPlaced] = useState<OrderResult | null>(null);

  useEffect(() => {
    if (offering.isError) toast.error(errorMessage(offering.error));
  }, [offering.isError, offering.error]);

  if (placed) {
    return (
      <OrderPlaced
        order={placed.order}
        message={placed.message}
        onDone={close}
        onPortfolio={() =>
          closeAndNavigate(placed.order.status === 'holding' ? '/portfolio/holding' : '/portfolio/awaiting')
        }
      />
    );
  }
  if (offering.isError) {
    return (
      <LoadFailed
        title="This offering could not be loaded"
        error={offering.error}
        onRetry={() => void offering.refetch()}
      />
    );
  }
  if (!offering.data) return <ProductDrawerSkeleton priceCard />;
  return <OfferingDetail offering={offering.data} deps={deps} onPlaced={setPlaced} />;
}

function OfferingDetail({
  offering,
  deps,
  onPlaced,
}: {
  offering: Offering;
  deps: OrderFlowDeps;
  onPlaced: (result: OrderResult) => void;
}) {
  const fo = offering.dtype === 'fo';
  const open = offering.status === 'open';
  const instrument = {
    symbol: offering.symbol,
    market: offering.market,
    country: offering.country,
    currency: offering.currency,
  };
  // A fixed-term deal buys at a fresh quotation; a block allocation is priced at the block price.
  const quote = useQuotation(fo && open ? instrument : null, {
    onUnavailable: () => toast.warning(TradingMessages.priceUnavailable),
    onFailed: () => toast.error(TradingMessages.priceFetchFailed),
  });
  const q = quote.quotation;
  const money = (v: string | undefined) => (v ? formatCurrency(v, offering.currency) : '');

  let blocked: ReactNode = null;
  if (offering.status === 'upcoming')
    blocked = (
      <Notice tone="warning">
        This offering opens on {formatDateTime(offering.opens_at, offering.country)}.
      </Notice>
    );
  else if (!open) blocked = <Notice tone="warning">{TradingMessages.offeringNotOpen}</Notice>;
  else if (fo && q && q.S1 === 0) blocked = <Notice tone="warning">{TradingMessages.restricted}</Notice>;
  else if (fo && q && !q.market_open)
    blocked = (
      <Notice tone="warning">
        {/* The server's message says when it opens (and, off production, how to try the demo). */}
        {q.closed_message ??
          `The ${offering.market} is closed. Fixed-term deals are bought at a live quote during its trading hours.`}
      </Notice>
    );

  return (
    <ProductLayout testId="offering-detail" data={{ 'data-dtype': offering.dtype }}>
      <div className="min-w-0 space-y-5">
        <OfferingHeader offering={offering} />
        {fo ? (
          open ? (
            <QuotePanel quote={quote} country={offering.country} />
          ) : (
            <LastPrice offering={offering} />
          )
        ) : (
          <BlockPrice offering={offering} />
        )}
        <Terms offering={offering} />
        <KeyFacts facts={offering.key_facts} />
      </div>
      <FormColumn>
        <div className="rounded-2xl border border-slate-200 bg-slate-50/50 p-4">
          <h3 className="mb-3 text-base font-semibold text-slate-900">
            {fo ? 'Buy' : 'Request an allocation'}
          </h3>
          {fo ? (
            <OrderForm
              instrument={instrument}
              limits={{ min: offering.min_quantity, max: offering.max_quantity }}
              quote={quote}
              previewKey={`fo:${offering.id}`}
              fetchPreview={(input, signal) =>
                fetchOfferingPreview(
                  {
                    ttype: 'fo',
                    offering_id: offering.id,
                    quantity: input.quantity,
                    account_id: input.accountId,
                    quote_id: input.quoteId,
                  },
                  signal,
                )
              }
              buildBody={(input, preview) => ({
                id: offering.id,
                quantity: input.quantity,
                account_id: input.accountId,
                quote_id: input.quoteId ?? '',
                // Fees published since this preview: the server refuses (409) rather than charge others.
                ...(preview ? { fee_schedule: preview.fee_schedule } : {}),
              })}
              send={buyFixedTerm}
              describe={(input, preview) =>
                `Confirm your buy of ${formatQuantity(input.quantity, 'shares')} of ${offering.symbol}` +
                (preview ? ` for ${money(preview.total)}` : '') +
                `, locked for ${offering.term_days} days.`
              }
              submitLabel="Buy"
              blocked={blocked}
              deps={deps}
              onPlaced={onPlaced}
            />
          ) : (
            <OrderForm
              instrument={instrument}
              limits={{ min: offering.min_quantity, max: offering.max_quantity }}
              previewKey={`otc:${offering.id}`}
              fetchPreview={(input, signal) =>
                fetchOfferingPreview(
                  {
                    ttype: 'otc',
                    offering_id: offering.id,
                    quantity: input.quantity,
                    account_id: input.accountId,
                  },
                  signal,
                )
              }
              buildBody={(input, preview) => ({
                quantity: input.quantity,
                account_id: input.accountId,
                ...(preview ? { fee_schedule: preview.fee_schedule } : {}),
              })}
              send={(body, key) => requestAllocation(offering.id, body, key)}
              describe={(input, preview) =>
                `Confirm your allocation request for ${formatQuantity(input.quantity, 'shares')} of ${offering.symbol}` +
                (preview ? `: ${money(preview.total)} will be held until settlement.` : '.')
              }
              submitLabel="Request allocation"
              totalKind="hold"
              blocked={blocked}
              deps={deps}
              onPlaced={onPlaced}
            />
          )}
        </div>
      </FormColumn>
    </ProductLayout>
  );
}

function OfferingHeader({ offering }: { offering: Offering }) {
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <ProductBadge dtype={offering.dtype} />
        <OfferingStatusChip status={offering.status} />
        {offering.hot && <HotBadge />}
      </div>
      <h2 className="mt-2 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">{offering.name}</h2>
      <p className="mt-0.5 text-sm text-slate-500">
        <span className="font-semibold text-slate-700">{offering.symbol}</span> · {offering.instrument_name} ·{' '}
        {offering.market} · {offering.country}
      </p>
    </div>
  );
}

function LastPrice({ offering }: { offering: Offering }) {
  return (
    <section aria-label="Market price" className="rounded-2xl border border-slate-200 p-4">
      <p className="text-xs font-medium text-slate-500">Market price</p>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
        {formatPrice(offering.last_price, offering.quote_unit)}
      </p>
      <SimulatedNote country={offering.country} className="mt-1" />
    </section>
  );
}

function BlockPrice({ offering }: { offering: Offering }) {
  return (
    <section
      aria-label="Block price"
      className="rounded-2xl border border-slate-200 p-4"
      data-testid="block-price"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-medium text-slate-500">Block price (fixed)</p>
          <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
            {formatPrice(offering.block_price, offering.quote_unit)}
          </p>
        </div>
        <div className="text-right">
          <p className="text-xs font-medium text-slate-500">Market price</p>
          <p className="mt-1 text-base font-semibold text-slate-700 tabular-nums">
            {formatPrice(offering.last_price, offering.quote_unit)}
          </p>
        </div>
      </div>
      <SimulatedNote country={offering.country} className="mt-2" />
      <Notice className="mt-3">
        Funds held until settlement: the block price plus fees is held in your account when you request
        shares, and only what is allocated is paid when the offering settles.
      </Notice>
    </section>
  );
}

function Terms({ offering }: { offering: Offering }) {
  // "If bought today": today by the server's clock (its order times), as of opening the drawer.
  const [today] = useState(() => serverNow());
  const rows: Array<[string, ReactNode]> = [];
  if (offering.dtype === 'fo' && offering.term_days !== null) {
    rows.push(['Term', `${offering.term_days} days`]);
    rows.push([
      'Unlock date if bought today',
      formatDay(new Date(today + offering.term_days * DAY_MS).toISOString(), offering.country),
    ]);
  }
  if (offering.dtype === 'otc') {
    if (offering.block_size) rows.push(['Block size', formatQuantity(offering.block_size, 'shares')]);
    if (offering.requested_quantity)
      rows.push(['Requested so far', formatQuantity(offering.requested_quantity, 'shares')]);
    rows.push([
      'Allocation',
      offering.allocation_rule === 'pro_rata' ? 'Pro rata' : (offering.allocation_rule ?? '-'),
    ]);
  }
  rows.push([
    'Per client',
    `${formatQuantity(offering.min_quantity, 'shares')} to ${formatQuantity(offering.max_quantity, 'shares')}`,
  ]);
  rows.push(['Opens', formatDateTime(offering.opens_at, offering.country)]);
  rows.push(['Closes', formatDateTime(offering.closes_at, offering.country)]);
  rows.push(['Currency', offering.currency]);
  return (
    <section aria-label="Terms" data-testid="offering-terms" className="rounded-2xl border border-slate-200">
      <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">Terms</h3>
      <dl className="grid grid-cols-2 gap-px bg-slate-100">
        {rows.map(([label, value], i) => (
          <div
            key={label}
            className={cn(
              'bg-white px-4 py-2.5',
              i === rows.length - 1 && rows.length % 2 === 1 && 'col-span-2',
            )}
          >
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="mt-0.5 text-sm font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
