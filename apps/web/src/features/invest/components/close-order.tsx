import { useQuery } from '@tanstack/react-query';
import {
  COST_BASIS_SHORT_LABELS,
  TradingMessages,
  type OrderPreview,
  type OrderTtype,
  type Quotation,
} from '@imali/contract';
import {
  countryPrice,
  formatCurrency,
  formatPrice,
  formatQuantity,
  formatSignedCurrency,
} from '@imali/money';
import { signedColorClass } from '@/lib/tone-classes';
import { Button } from '@/components/ui/button';
import { modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { investKeys } from '../api/keys';
import { sellOrder } from '../api/orders';
import { fetchSellPreview } from '../api/preview';
import { useCountdown } from '../hooks/use-countdown';
import { useQuotation } from '../hooks/use-quotation';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { formatDay, isLocked } from '../model/format';
import { QUOTE_VALIDITY_MS } from '../model/quote';
import { FeePreview } from './fee-preview';
import { Notice } from '@/components/ui/notice';
import { SimulatedNote } from './parts';
import { isFeesChanged, placeWithPin, type OrderFlowDeps } from '@/lib/order-flow';
import { QuoteCountdown } from './quote-countdown';

export const CLOSE_ORDER_KEY = 'close-order-quotation';
export const CLOSE_ORDER_TITLE = 'Close-order quotation';
export const CONFIRM_CLOSE_KEY = 'confirm-to-close';
export const CONFIRM_CLOSE_TITLE = 'Confirm to Close';

/** The holding to close (a receipt or list row has every field). */
export interface SellTarget {
  id: number;
  symbol: string;
  name: string;
  market: string;
  country: string;
  currency: string;
  ttype: OrderTtype;
  quantity: string;
  locked_until: string | null;
}

export interface CloseOrderProps {
  target: SellTarget;
  deps: OrderFlowDeps;
}

/**
 * Opens the Close-order quotation (spec section 4): latest price (retried once when missing or
 * zero), 20-second countdown, restricted when S1 = 0, ZA price ÷ 100, the sell preview; Confirm
 * leads to Confirm to Close, then Verify Your PIN, then the sell.
 */
export function openCloseOrder(target: SellTarget, deps: OrderFlowDeps): void {
  modal.open<CloseOrderProps>({
    key: CLOSE_ORDER_KEY,
    title: CLOSE_ORDER_TITLE,
    content: CloseOrderQuotation,
    props: { target, deps },
  });
}

export function CloseOrderQuotation({ target, deps }: CloseOrderProps) {
  const quote = useQuotation(target, {
    // Spec section 4: after the second failure a warning shows and the modal closes.
    onUnavailable: () => {
      toast.warning(TradingMessages.priceUnavailable);
      modal.forceClose();
    },
    onFailed: () => {
      toast.error(TradingMessages.priceFetchFailed);
      modal.forceClose();
    },
  });
  const q = quote.quotation;
  const usable = q !== null && !quote.expired;
  const restricted = q?.S1 === 0;
  const locked = isLocked(target.locked_until);
  const preview = useQuery({
    queryKey: investKeys.preview({ product: 'sell', order: target.id, quote: q?.quote_id }),
    queryFn: ({ signal }) => fetchSellPreview({ order_id: target.id, quote_id: q!.quote_id }, signal),
    // Restricted or locked: nothing can be sold, so there is nothing to preview.
    enabled: usable && !restricted && !locked,
    staleTime: Infinity,
  });

  if (!q) {
    return (
      <div className="space-y-3 py-2" role="status" aria-label="Loading">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-2 w-full" />
        <Skeleton className="h-32 w-full rounded-2xl" />
      </div>
    );
  }

  const canConfirm = usable && !restricted && !locked && preview.data !== undefined;
  return (
    <div className="space-y-4" data-testid="close-order">
      <div>
        <p className="text-sm text-slate-500">
          Sell all {formatQuantity(target.quantity, 'shares')} of{' '}
          <span className="font-semibold text-slate-800">{target.symbol}</span> · {target.name}
        </p>
        <p className="mt-2 text-xs font-medium text-slate-500">Latest price</p>
        <p
          className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums"
          data-testid="close-price"
        >
          {formatPrice(q.price, q.quote_unit)}
        </p>
        <SimulatedNote asOf={q.as_of} country={target.country} className="mt-1" />
      </div>
      <QuoteCountdown
        remainingMs={quote.remainingMs}
        totalMs={quote.totalMs}
        expired={quote.expired}
        onRequote={quote.requote}
        requoting={quote.loading}
      />
      {restricted && (
        <Notice tone="warning" testId="close-restricted">
          {TradingMessages.restricted}
        </Notice>
      )}
      {locked && (
        <Notice tone="warning" testId="close-locked">
          {TradingMessages.positionLocked(formatDay(target.locked_until, target.country))}
        </Notice>
      )}
      {!restricted && !locked && (
        <FeePreview
          preview={usable ? preview.data : undefined}
          loading={preview.isFetching}
          error={usable ? preview.error : undefined}
          totalKind="sell"
          placeholder="Get the latest quotation to see what you receive."
        />
      )}
      {!restricted && !locked && usable && preview.data?.cost_basis && <SaleProfit preview={preview.data} />}
      <div className="flex gap-3">
        <Button variant="outline" size="lg" className="flex-1" onClick={() => void modal.close()}>
          Cancel
        </Button>
        <Button
          size="lg"
          className="flex-1"
          disabled={!canConfirm}
          onClick={() =>
            openConfirmToClose({
              target,
              deps,
              quotation: q,
              deadline: quote.deadline,
              preview: preview.data!,
            })
          }
        >
          Confirm
        </Button>
      </div>
    </div>
  );
}

export interface ConfirmToCloseProps extends CloseOrderProps {
  quotation: Quotation;
  /** When the quotation expires (local clock). */
  deadline: number;
  preview: OrderPreview;
}

export function openConfirmToClose(props: ConfirmToCloseProps): void {
  modal.open<ConfirmToCloseProps>({
    key: CONFIRM_CLOSE_KEY,
    title: CONFIRM_CLOSE_TITLE,
    content: ConfirmToClose,
    props,
  });
}

/** The sell body's price as the spec's client sends it: ZA in rand (the quote's cents ÷ 100). */
export function sellPrice(quotation: Quotation, country: string): string {
  return countryPrice(quotation.price, country) ?? quotation.price;
}

/** 'Confirm to Close': the last look at the sale before the PIN; the quotation keeps counting. */
export function ConfirmToClose({ target, deps, quotation, deadline, preview }: ConfirmToCloseProps) {
  const remaining = useCountdown(deadline);
  const expired = remaining <= 0;
  const money = (v: string) => formatCurrency(v, preview.currency);
  const confirm = async () => {
    const keeper = createIdempotencyKeeper();
    let feesChanged = false;
    const result = await placeWithPin({
      askForPin: deps.askForPin,
      description: `Confirm the sale of ${formatQuantity(target.quantity, 'shares')} of ${target.symbol} for ${money(preview.total)}.`,
      body: {
        ttype: target.ttype,
        price: sellPrice(quotation, target.country),
        quote_id: quotation.quote_id,
        // Fees published since this preview: the server refuses (409) rather than charge others.
        fee_schedule: preview.fee_schedule,
      },
      keeper,
      send: (body, key) => sellOrder(target.id, body, key),
      quoteExpired: () => Date.now() >= deadline,
      onRefused: (refusal) => {
        feesChanged = isFeesChanged(refusal);
      },
    });
    if (result) {
      toast.success(TradingMessages.sellReceived(target.symbol));
      deps.onOrderPlaced?.(result);
    } else if (feesChanged || Date.now() >= deadline) {
      // The fees changed since the preview, or the quotation ran out on the way: start again
      // from a fresh quotation and its preview.
      openCloseOrder(target, deps);
    }
  };
  return (
    <div className="space-y-4" data-testid="confirm-close">
      <p className="text-sm text-slate-700">
        Sell all <span className="font-semibold">{formatQuantity(target.quantity, 'shares')}</span> of{' '}
        <span className="font-semibold">{target.symbol}</span> at{' '}
        <span className="font-semibold">{formatPrice(quotation.price, quotation.quote_unit)}</span>? This
        closes the position.
      </p>
      <div className="rounded-2xl bg-slate-50 px-4 py-2">
        <div className="flex justify-between py-1 text-sm">
          <span className="text-slate-500">Trade value</span>
          <span className="tabular-nums">{money(preview.trade_value)}</span>
        </div>
        <div className="flex justify-between py-1 text-sm">
          <span className="text-slate-500">Fees</span>
          <span className="tabular-nums">{money(preview.fees.total)}</span>
        </div>
        <div className="flex justify-between border-t border-slate-200 py-1.5 text-sm font-semibold">
          <span>You receive</span>
          <span className="tabular-nums" data-testid="confirm-close-net">
            {money(preview.total)}
          </span>
        </div>
        {preview.cost_basis && <SaleProfit preview={preview} bare />}
      </div>
      <QuoteCountdown
        remainingMs={remaining}
        totalMs={QUOTE_VALIDITY_MS}
        expired={expired}
        onRequote={() => openCloseOrder(target, deps)}
      />
      <div className="flex gap-3">
        <Button variant="outline" size="lg" className="flex-1" onClick={() => void modal.close()}>
          Cancel
        </Button>
        <Button size="lg" className="flex-1" disabled={expired} onClick={() => void confirm()}>
          Confirm
        </Button>
      </div>
    </div>
  );
}

/**
 * The cost this sale relieves under the position's method (average cost or FIFO; decision 0040)
 * and the profit that leaves: the figures the receipt will show.
 */
function SaleProfit({ preview, bare = false }: { preview: OrderPreview; bare?: boolean }) {
  const basis = preview.cost_basis!;
  const money = (v: string) => formatCurrency(v, preview.currency);
  const rows = (
    <>
      <div className="flex justify-between py-1 text-sm">
        <span className="text-slate-500">Cost ({COST_BASIS_SHORT_LABELS[basis.method]})</span>
        <span className="tabular-nums">{money(basis.amount)}</span>
      </div>
      <div className="flex justify-between py-1 text-sm font-semibold">
        <span>Profit on this sale</span>
        <span className={`tabular-nums ${signedColorClass(basis.profit)}`} data-testid="sale-profit">
          {/* One signed rule: the receipt will say the same '+ZAR …' / '-ZAR …'. */}
          {formatSignedCurrency(basis.profit, preview.currency)}
        </span>
      </div>
    </>
  );
  return bare ? rows : <div className="rounded-2xl bg-slate-50 px-4 py-2">{rows}</div>;
}
