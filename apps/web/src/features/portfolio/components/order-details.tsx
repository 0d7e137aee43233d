import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { FeeSide, Order, OrderTtype } from '@imali/contract';
import {
  formatCurrency,
  formatLevel,
  formatQuantity,
  productName,
  productUnits,
  shortReference,
  sumAmounts,
} from '@imali/money';
import { FeeLines, FeeScheduleNote } from '@/components/fee-lines';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, LockIcon, ReceiptIcon } from '@/components/ui/icons';
import { KeyValueSection, type KeyValueRow } from '@/components/ui/key-value-section';
import { modal } from '@/components/ui/modal';
import { DetailCardSkeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/http';
import { useReceipt } from '../api/orders';
import { formatDateTime, formatDay } from '../model/format';
import {
  canSell,
  formatOrderPrice,
  hasReturns,
  headlineValue,
  isLocked,
  isSold,
  isUnpaid,
  isRedeeming,
  yieldSection,
} from '../model/receipt';
import { FundSection, fundSummaryRows } from './fund-section';
import { OrderStatus, ProductTag } from './parts';

export const ORDER_DETAILS_KEY = 'order-details';
export const ORDER_DETAILS_TITLE = 'Order Details';

export interface OrderDetailsProps {
  orderId: number;
  ttype?: OrderTtype;
  /** Closing a holding (the app wires the close-order flow); no Sell button without it. */
  onSell?: (order: Order) => void;
  /** Inside the Order Details modal: a link to the receipt's own page. */
  inModal?: boolean;
  /** A product's own section and actions, composed by app/ (ipo: the application, Cancel, Reconfirm). */
  renderProduct?: (order: Order) => ReactNode;
}

/** Opens the Order Details (receipt) modal. */
export function openOrderDetails(props: Omit<OrderDetailsProps, 'inModal'>): void {
  modal.open<OrderDetailsProps>({
    key: ORDER_DETAILS_KEY,
    title: ORDER_DETAILS_TITLE,
    content: OrderDetails,
    props: { ...props, inModal: true },
    width: '40rem',
  });
}

/**
 * The order receipt (spec sections 3 and 4): every field of the order with the display rules:
 * sold → settlement summary with the sell value (else the buy value); fund/quant yield section;
 * 'PENDING LISTING'; an unpaid warning for a negative outstanding; the fees table with the
 * itemised charges and the schedule version. The receipt's load failure is only logged (spec 8).
 */
export function OrderDetails({ orderId, ttype, onSell, inModal = false, renderProduct }: OrderDetailsProps) {
  const receipt = useReceipt(orderId, ttype);
  useEffect(() => {
    if (receipt.isError) console.error('Failed to load the order receipt', receipt.error);
  }, [receipt.isError, receipt.error]);
  if (receipt.isError) {
    return (
      <EmptyState
        icon={<ReceiptIcon />}
        title="This order could not be loaded"
        description={errorMessage(receipt.error)}
        action={<Button onClick={() => void receipt.refetch()}>Try again</Button>}
      />
    );
  }
  if (!receipt.data) return <DetailCardSkeleton rows={7} />;
  return <Receipt order={receipt.data} onSell={onSell} inModal={inModal} renderProduct={renderProduct} />;
}

export function Receipt({
  order,
  onSell,
  inModal = false,
  renderProduct,
}: {
  order: Order;
  onSell?: (order: Order) => void;
  inModal?: boolean;
  renderProduct?: (order: Order) => ReactNode;
}) {
  const money = (v: string | null | undefined) => (v == null ? '-' : formatCurrency(v, order.currency));
  // Each product in its own units (decision 0041): a share price, a fund's NAV per unit, a
  // structured note's underlying level in points.
  const price = (v: string | null | undefined) => formatOrderPrice(v, order);
  const units = productUnits(order.ttype);
  const when = (v: string | null | undefined) => formatDateTime(v, order.country);
  const sold = isSold(order);
  const headline = headlineValue(order);
  const returns = hasReturns(order) ? yieldSection(order) : null;
  const locked = isLocked(order);

  const summary: KeyValueRow[] = [
    {
      label: headline.label,
      value: (
        <span className="text-base font-bold" data-testid="receipt-headline">
          {money(headline.amount)}
        </span>
      ),
    },
    // quant: an amount (its nominal), not shares at a price.
    ...(units.kind === 'structured'
      ? [{ label: 'Amount invested', value: money(order.buy_trade_value) }]
      : order.fund
        ? fundSummaryRows({ ...order, fund: order.fund })
        : [
            { label: 'Quantity', value: formatQuantity(order.quantity, 'shares') },
            { label: 'Buy price', value: price(order.buy_price) },
          ]),
  ];
  if (sold) {
    if (units.kind === 'structured')
      summary.push({ label: 'Paid out', value: money(order.sell_trade_value) });
    else
      summary.push({
        label: units.kind === 'fund' ? 'Redemption NAV' : 'Sell price',
        value: price(order.sell_price ?? order.order_price),
      });
    summary.push(
      {
        label: units.kind === 'structured' ? 'Amount invested' : 'Buy value',
        value: money(order.buy_trade_value),
      },
      { label: 'Net proceeds', value: money(order.trade_value) },
      { label: 'Settled', value: when(order.settlement_time) },
    );
  } else {
    summary.push({
      // An allotted IPO (listing) has been paid for; only its listing is awaited.
      label: order.status === 'holding' || order.status === 'listing' ? 'Total paid' : 'Total held',
      value: money(order.trade_value),
    });
  }

  const details: KeyValueRow[] = [
    { label: 'Reference', value: <span className="font-mono">{order.reference}</span> },
    { label: 'Order ID', value: order.id },
    { label: 'Account', value: `${order.currency} account #${order.account}` },
    // The spec's product names, never the raw codes (fo, otc, standard, quant).
    { label: 'Type', value: productName(order.ttype) },
    { label: 'Action', value: order.order_action === 'sell' ? 'Sell' : 'Buy' },
    { label: 'Market', value: `${order.market} · ${order.country}` },
  ];
  if (units.quantity === 'shares' && order.requested_quantity && order.requested_quantity !== order.quantity)
    details.push({ label: 'Requested', value: formatQuantity(order.requested_quantity, 'shares') });
  // A structured product has no price and no quotation: its levels are in its own section.
  if (units.price !== null) {
    details.push({ label: units.price === 'nav' ? 'NAV' : 'Order price', value: price(order.order_price) });
    if (units.price === 'share')
      details.push({ label: 'Buy quotation', value: <QuoteId id={order.buy_quote_id} /> });
    if (units.price === 'share' && (sold || order.sell_quote_id)) {
      details.push(
        { label: 'Sell quotation', value: <QuoteId id={order.sell_quote_id} /> },
        { label: 'Quoted sell price', value: price(order.quoted_sell_price) },
        { label: 'Executed sell price', value: price(order.sell_price) },
      );
    }
    if (!sold && order.last_price && units.price === 'share')
      details.push({ label: 'Last price', value: price(order.last_price) });
  }
  details.push(
    { label: 'Order time', value: when(order.order_time) },
    { label: 'Execution time', value: when(order.execution_time) },
    { label: 'Settlement time', value: when(order.settlement_time) },
    {
      label: 'Holding period',
      value: `${order.holding_period} ${order.holding_period === 1 ? 'day' : 'days'}`,
    },
  );
  if (order.locked_until)
    details.push({ label: 'Locked until', value: formatDay(order.locked_until, order.country) });
  details.push({ label: 'Outstanding', value: money(order.outstanding) });
  if (order.reason) details.push({ label: 'Reason', value: order.reason });

  return (
    <div className="space-y-4 pb-2" data-testid="receipt" data-status={order.status}>
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <ProductTag order={order} />
          <OrderStatus order={order} />
        </div>
        <p className="mt-2 text-lg font-bold text-slate-900">{order.name}</p>
        <p className="text-sm text-slate-500">
          <span className="font-semibold text-slate-700">{order.symbol}</span> · {order.market} ·{' '}
          {order.country}
        </p>
      </div>
      {isUnpaid(order) && (
        <div
          role="alert"
          data-testid="unpaid-warning"
          className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm text-red-700"
        >
          <AlertIcon size={17} className="mt-px shrink-0" />
          <span>Unpaid: {money(order.outstanding.replace(/^-/, ''))} is outstanding on this order.</span>
        </div>
      )}
      <div
        role="region"
        aria-label={sold ? 'Settlement summary' : 'Order summary'}
        data-testid="receipt-summary"
      >
        <KeyValueSection title={sold ? 'Settlement summary' : 'Order summary'} rows={summary} />
      </div>
      {returns && (
        <section
          aria-label={returns.title}
          data-testid="receipt-returns"
          className="rounded-2xl border border-slate-200 bg-white"
        >
          <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">
            {returns.title}
          </h3>
          <dl className="grid grid-cols-2 divide-x divide-slate-100">
            {returns.rows.map((row) => (
              <div key={row.label} className="px-4 py-3">
                <dt className="text-xs text-slate-500">{row.label}</dt>
                <dd className={`mt-0.5 text-base font-bold tabular-nums ${row.className}`}>{row.value}</dd>
              </div>
            ))}
          </dl>
          {!sold && (
            <p className="px-4 pb-3 text-[11px] text-slate-400">
              {order.ttype === 'fund'
                ? 'At the current NAV, before the platform fee · Simulated NAVs'
                : 'At the last price, before selling fees · Simulated market data'}
            </p>
          )}
        </section>
      )}
      {order.structured && <StructuredSection order={order} />}
      {renderProduct?.(order)}
      {order.fund && <FundSection order={{ ...order, fund: order.fund }} />}
      <FeesTable order={order} />
      <div role="region" aria-label="Order details" data-testid="receipt-details">
        <KeyValueSection title="Order details" rows={details} />
      </div>
      {(onSell && order.status === 'holding') || inModal ? (
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          {onSell && order.status === 'holding' && (
            <Button
              size="lg"
              className="sm:flex-1"
              disabled={!canSell(order)}
              onClick={() => onSell(order)}
              title={locked ? `Locked until ${formatDay(order.locked_until, order.country)}` : undefined}
            >
              {locked ? (
                <>
                  <LockIcon size={16} /> Locked until {formatDay(order.locked_until, order.country)}
                </>
              ) : order.ttype === 'quant' ? (
                'Early exit'
              ) : order.ttype === 'fund' ? (
                isRedeeming(order) ? (
                  'Redemption pending'
                ) : (
                  'Redeem'
                )
              ) : (
                'Sell'
              )}
            </Button>
          )}
          {inModal && (
            <Link
              to={`/portfolio/order/${order.id}`}
              onClick={() => modal.forceClose()}
              className="inline-flex h-12 items-center justify-center rounded-xl px-4 text-sm font-semibold text-brand-600 hover:bg-brand-50 sm:flex-1"
            >
              Open receipt page
            </Link>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** A quotation by its short reference (first 8 characters); the full id in its title and copy button. */
function QuoteId({ id }: { id: string | null }): ReactNode {
  if (!id) return '-';
  return (
    <span className="inline-flex items-center gap-1">
      <span className="font-mono text-xs" title={id} data-testid="quote-ref">
        {shortReference(id)}
      </span>
      <CopyButton text={id} label="Quotation ID" />
    </span>
  );
}

/**
 * The fees as one story (decision 0041): each side the order has had (buy, then sale), each with
 * its charges named for what they are and its own total, grouped under the spec's buckets; the
 * whole order's fees when there are two sides; the schedule by name and version. What the preview
 * promised is the buy side here, line for line.
 */
function FeesTable({ order }: { order: Order }) {
  const units = productUnits(order.ttype);
  const sides = (['buy', 'sell'] as const)
    .map((side) => [side, order.fees_by_side[side]] as const)
    .filter((entry): entry is readonly ['buy' | 'sell', FeeSide] => entry[1] !== null);
  const notCharged = order.status === 'rejected';
  return (
    <section
      aria-label="Fees"
      data-testid="receipt-fees"
      className="rounded-2xl border border-slate-200 bg-white"
    >
      <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">Fees</h3>
      <div className="divide-y divide-slate-100">
        {sides.map(([side, fees]) => (
          <div
            key={side}
            className="px-4 py-3"
            data-fee-side={side}
            role="group"
            aria-label={`${units.sides[side]} fees`}
          >
            <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {units.sides[side]}
              {notCharged && side === 'buy' ? ' · not charged (the hold was released)' : ''}
            </h4>
            <FeeLines
              items={fees.items}
              currency={order.currency}
              total={fees.total}
              totalLabel={`${units.sides[side]} fees`}
              emptyText={side === 'buy' && units.kind === 'fund' ? 'No upfront fee' : 'No charges'}
            />
          </div>
        ))}
        {sides.length === 2 && (
          <div
            className="flex justify-between gap-3 px-4 py-3 text-sm font-bold text-slate-900"
            data-fee="order-total"
          >
            <span>Fees on this order</span>
            <span className="tabular-nums">
              {formatCurrency(sumAmounts(sides.map(([, f]) => f.total)), order.currency)}
            </span>
          </div>
        )}
      </div>
      <FeeScheduleNote version={order.fee_schedule} className="px-4 pb-3" />
    </section>
  );
}

/** ttype quant: the structured product's terms, levels and value by its payoff formula. */
function StructuredSection({ order }: { order: Order }) {
  const s = order.structured!;
  const money = (v: string | null) => (v === null ? '-' : formatCurrency(v, order.currency));
  const day = (v: string) => formatDay(v, order.country);
  const sold = isSold(order);
  const rows: KeyValueRow[] = [
    { label: 'Amount invested', value: money(s.amount) },
    { label: 'Entry cost', value: money(s.entry_fee) },
    { label: 'Start', value: day(s.start_at) },
    { label: 'Maturity', value: day(s.maturity_at) },
    { label: 'Capital protection', value: `${s.protection_pct}%` },
    { label: 'Participation', value: `${s.participation_pct}%` },
    { label: 'Cap', value: s.cap_pct === null ? 'None' : `${s.cap_pct}%` },
    {
      label: `Start level (${order.symbol})`,
      value: s.start_level === null ? 'Fixed at the start' : formatLevel(s.start_level),
    },
  ];
  if (s.level !== null)
    rows.push({
      label: sold ? 'Level paid at' : 'Level today',
      value: <span data-testid="structured-level">{formatLevel(s.level)}</span>,
    });
  if (sold)
    rows.push({ label: s.exited_early ? 'Early-exit value' : 'Payoff at maturity', value: money(s.payoff) });
  else if (s.value !== null) rows.push({ label: 'Value by the payoff formula', value: money(s.value) });
  if (s.early_exit === 'daily' && !sold) {
    rows.push({
      label: 'Early exit',
      value:
        s.exit_proceeds === null
          ? `Cost ${money(s.early_exit_cost)}`
          : `${money(s.exit_proceeds)} now (after ${money(s.early_exit_cost)} cost)`,
    });
  }
  if (s.can_cancel) rows.push({ label: 'Cancel', value: 'Possible until the start' });
  return (
    <div role="region" aria-label="Structured product" data-testid="receipt-structured">
      {/* Amounts and levels wrap between words, never inside a figure (the rows break anywhere, for ids). */}
      <KeyValueSection
        title="Structured product"
        rows={rows.map((r) => ({ ...r, value: <span className="break-normal">{r.value}</span> }))}
      />
    </div>
  );
}
