import type { Order } from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { Button } from '@/components/ui/button';
import { modal } from '@/components/ui/modal';
import { SummaryRows } from '@/components/ui/summary-rows';
import { useOrderFlow, type OrderFlowDeps } from '@/lib/order-flow';
import { exitProduct } from '../api/quant';

export const EARLY_EXIT_KEY = 'quant-early-exit';

/** Opens the early-exit confirmation of a running structured product (from Order Details). */
export function openEarlyExit(order: Order, deps: OrderFlowDeps): void {
  modal.open<EarlyExitProps>({
    key: EARLY_EXIT_KEY,
    title: 'Early exit',
    content: EarlyExit,
    props: { order, deps },
    width: '28rem',
  });
}

interface EarlyExitProps {
  order: Order;
  deps: OrderFlowDeps;
}

/**
 * What an early exit pays now, as the key information disclosed: the payoff formula at today's
 * level less the early-exit cost; confirmed with Verify Your PIN.
 */
export function EarlyExit({ order, deps }: EarlyExitProps) {
  const s = order.structured;
  const flow = useOrderFlow(deps);
  const money = (v: string | null | undefined) => (v ? formatCurrency(v, order.currency) : '-');
  if (!s?.can_exit) {
    return <p className="text-sm text-slate-600">This product cannot be exited early now.</p>;
  }
  async function confirm() {
    const result = await flow.place({
      description: `Confirm the early exit of ${order.name} for about ${money(s!.exit_proceeds)}.`,
      body: { exit: order.id },
      send: (_body, key) => exitProduct(order.id, key),
    });
    if (result) modal.forceClose();
  }
  return (
    <div className="space-y-4" data-testid="early-exit">
      <SummaryRows
        boxed={false}
        rows={[
          { label: 'Amount invested', value: money(s.amount) },
          { label: `Value today (level ${s.level})`, value: money(s.value) },
          { label: 'Early-exit cost', value: `− ${money(s.early_exit_cost)}` },
          { label: 'You receive (about)', value: money(s.exit_proceeds), strong: true },
        ]}
      />
      <p className="text-xs text-slate-500">
        The value is the payoff formula at the underlying&apos;s level when the exit is made (simulated
        market), so the amount credited can differ slightly from this figure. Held to maturity on{' '}
        {new Date(s.maturity_at).toLocaleDateString('en-ZA')}, no exit cost applies.
      </p>
      <Button size="lg" className="w-full" disabled={flow.busy} onClick={() => void confirm()}>
        {flow.busy ? 'Exiting…' : 'Confirm early exit'}
      </Button>
    </div>
  );
}
