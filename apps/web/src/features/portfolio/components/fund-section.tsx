import type { ReactNode } from 'react';
import type { Order } from '@imali/contract';
import { formatCurrency, formatNav, formatQuantity } from '@imali/money';
import { KeyValueSection, type KeyValueRow } from '@/components/ui/key-value-section';
import { formatDateTime, formatDay } from '../model/format';
import { isRedeeming, isSold } from '../model/receipt';

type FundOrder = Order & { fund: NonNullable<Order['fund']> };
type Slot = NonNullable<Order['fund']>['valuation'];

/** '10 Mar 2026 15:00 SAST': a valuation of the fund (forward pricing), in SAST as the terms say. */
export const slotText = (slot: Slot) => `${formatDay(slot.at, 'ZA')} ${slot.time} SAST`;

/** The forward-pricing line of a pending subscription (issue 13 section 4). */
export const pricedAtText = (slot: Slot) => `Units are priced at the next valuation, ${slotText(slot)}.`;

/** A sentence as a row value: wraps between words (the rows break anywhere, for long ids). */
const Words = ({ children }: { children: ReactNode }) => <span className="break-normal">{children}</span>;

/**
 * ttype fund, the order summary's own rows (instead of shares at a price): pending → the amount
 * and when it is priced; valued → the units (4 decimals) and the NAV paid.
 */
export function fundSummaryRows(order: FundOrder): KeyValueRow[] {
  const f = order.fund;
  if (f.units === null) {
    return [
      { label: 'Amount', value: formatCurrency(f.amount, order.currency) },
      { label: 'Priced at', value: <Words>{slotText(f.valuation)}</Words> },
    ];
  }
  return [
    { label: 'Units', value: <span data-testid="fund-units">{formatQuantity(f.units, 'units')}</span> },
    { label: 'NAV paid', value: formatNav(f.nav, order.quote_unit) },
  ];
}

/** ttype fund: the subscription, its valuation, the current NAV and value, and the redemption. */
export function FundSection({ order }: { order: FundOrder }) {
  const f = order.fund;
  const money = (v: string | null) => (v === null ? '-' : formatCurrency(v, order.currency));
  // NAVs per unit in the fund's currency, 4 decimals (decision 0041).
  const nav = (v: string | null) => formatNav(v, order.quote_unit);
  const sold = isSold(order);
  const rows: KeyValueRow[] = [
    { label: 'Fund', value: f.code },
    { label: 'Amount subscribed', value: money(f.amount) },
    { label: f.units === null ? 'Priced at' : 'Valued at', value: <Words>{slotText(f.valuation)}</Words> },
  ];
  if (f.units !== null) {
    rows.push(
      { label: 'Units', value: formatQuantity(f.units, 'units') },
      { label: 'NAV paid', value: nav(f.nav) },
      { label: 'Rounding refunded', value: money(f.refund) },
    );
  }
  if (!sold && f.latest_nav) {
    rows.push(
      {
        label: `Current NAV (${formatDay(`${f.latest_nav.date}T12:00:00Z`, 'ZA')})`,
        value: <span data-testid="fund-current-nav">{nav(f.latest_nav.nav)}</span>,
      },
      { label: 'Value at the current NAV', value: money(f.value) },
    );
  }
  if (isRedeeming(order) && f.redemption) {
    rows.push({
      label: 'Redemption',
      value: (
        <span data-testid="fund-redemption" className="font-semibold break-normal text-amber-700">
          Pending: redeemed at the next NAV, {slotText(f.redemption)}
        </span>
      ),
    });
  }
  if (sold) {
    rows.push(
      {
        label: 'Redeemed at',
        value: <Words>{f.redemption ? slotText(f.redemption) : formatDateTime(order.settlement_time)}</Words>,
      },
      { label: 'Redemption NAV', value: nav(f.redemption_nav) },
      { label: 'Platform fee', value: money(f.platform_fee) },
    );
  }
  return (
    <div role="region" aria-label="Fund units" data-testid="receipt-fund" className="space-y-2">
      {f.units === null && (
        <p className="rounded-xl bg-amber-50 px-3.5 py-3 text-sm text-amber-900" data-testid="fund-priced-at">
          {pricedAtText(f.valuation)}
        </p>
      )}
      <KeyValueSection title="Fund units" rows={rows} />
      <p className="px-1 text-xs text-slate-500" data-testid="fund-pricing-note">
        {f.pricing_note}
      </p>
    </div>
  );
}
