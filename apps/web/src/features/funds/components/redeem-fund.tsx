import type { Order, OrderResult } from '@imali/contract';
import { formatQuantity } from '@imali/money';
import { Button } from '@/components/ui/button';
import { modal } from '@/components/ui/modal';
import { PlacedScreen } from '@/components/ui/placed-screen';
import { Skeleton } from '@/components/ui/skeleton';
import { SummaryRows } from '@/components/ui/summary-rows';
import { useOrderFlow, type OrderFlowDeps } from '@/lib/order-flow';
import { redeemFund, useFund } from '../api/funds';
import { dayText, navText, rand } from '../model/format';

export const REDEEM_FUND_KEY = 'fund-redeem';
export const REDEEM_DONE_KEY = 'fund-redeem-requested';

/** Opens the redemption of a fund holding (from Order Details or the holding list's Redeem). */
export function openRedeemFund(order: Order, deps: OrderFlowDeps): void {
  modal.open<RedeemFundProps>({
    key: REDEEM_FUND_KEY,
    title: 'Redeem units',
    content: RedeemFund,
    props: { order, deps },
    width: '28rem',
  });
}

interface RedeemFundProps {
  order: Order;
  deps: OrderFlowDeps;
}

/**
 * Redeeming fund units: no 20-second quotation (funds have none). The units are redeemed at the
 * next NAV by the fund's cut-off; what is paid is units × that NAV less the platform fee for the
 * days held. Shown with the latest NAV for orientation only; confirmed with Verify Your PIN.
 */
export function RedeemFund({ order, deps }: RedeemFundProps) {
  const fund = useFund(order.offering_id ?? 0);
  const flow = useOrderFlow(deps);
  const f = order.fund;
  if (!f || f.units === null || order.status !== 'holding') {
    return <p className="text-sm text-slate-600">Only fund units you hold can be redeemed.</p>;
  }
  if (f.redemption) {
    return (
      <p className="text-sm text-slate-600" data-testid="fund-redeem-pending">
        A redemption is already requested: it is paid at the NAV of {dayText(f.redemption.date)}{' '}
        {f.redemption.time} SAST.
      </p>
    );
  }
  if (!fund.data) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  const t = fund.data.terms;
  const slot = fund.data.next_valuation;
  const units = formatQuantity(f.units, 'units');

  async function confirm() {
    const result = await flow.place({
      description: `Confirm the redemption of ${units} of ${order.name} at the next NAV (${dayText(slot.date)} ${slot.time} SAST).`,
      body: { redeem: order.id },
      send: (_body, key) => redeemFund(order.id, key),
    });
    if (result) openRedemptionRequested(result);
  }

  return (
    <div className="space-y-4" data-testid="fund-redeem">
      <SummaryRows
        boxed={false}
        rows={[
          { label: 'Fund', value: `${order.name} (${f.code})` },
          { label: 'Units', value: units },
          { label: 'NAV paid', value: navText(f.nav) },
          ...(f.latest_nav
            ? [{ label: `Latest NAV (${dayText(f.latest_nav.date)})`, value: navText(f.latest_nav.nav) }]
            : []),
          ...(f.value ? [{ label: 'Value at the latest NAV', value: rand(f.value), strong: true }] : []),
        ]}
      />
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="fund-redeem-nav">
        Units are redeemed at the next NAV, {dayText(slot.date)} {slot.time} SAST, not at a quotation: the
        amount paid is units × that NAV, so it can differ from the value above. Requests before{' '}
        {t.cutoff_time} SAST on a business day are priced that day.
      </p>
      <p className="text-xs text-slate-600" data-testid="fund-redeem-fee">
        Platform fee: {t.platform_fee_percent}% a year for the days held ({order.holding_period}{' '}
        {order.holding_period === 1 ? 'day' : 'days'} so far), deducted from the proceeds. No other fee on
        redemption.
      </p>
      <Button size="lg" className="w-full" disabled={flow.busy} onClick={() => void confirm()}>
        {flow.busy ? 'Redeeming…' : 'Redeem at the next NAV'}
      </Button>
    </div>
  );
}

/** After the request: the order is a holding whose redemption is pending until the next NAV. */
function openRedemptionRequested(result: OrderResult): void {
  modal.open<{ result: OrderResult }>({
    key: REDEEM_DONE_KEY,
    title: 'Redemption requested',
    content: RedemptionRequested,
    props: { result },
    width: '28rem',
  });
}

export function RedemptionRequested({ result }: { result: OrderResult }) {
  const slot = result.order.fund?.redemption;
  return (
    <PlacedScreen
      testId="fund-redeem-requested"
      message={result.message}
      rows={[
        { label: 'Status', value: 'Redemption pending', strong: true },
        ...(slot ? [{ label: 'Priced at', value: `${dayText(slot.date)} ${slot.time} SAST` }] : []),
        { label: 'Reference', value: result.order.reference },
      ]}
      actions={[{ label: 'Done', onClick: () => modal.forceClose(), primary: true }]}
    />
  );
}
