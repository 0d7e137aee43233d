import { useMemo, useState } from 'react';
import { ErrorCode, type Order } from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { Button } from '@/components/ui/button';
import { modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/http';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { exitProduct } from '../api/quant';
import type { QuantDeps } from './quant-drawer';

export const EARLY_EXIT_KEY = 'quant-early-exit';

/** Opens the early-exit confirmation of a running structured product (from Order Details). */
export function openEarlyExit(order: Order, deps: QuantDeps): void {
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
  deps: QuantDeps;
}

/**
 * What an early exit pays now, as the key information disclosed: the payoff formula at today's
 * level less the early-exit cost; confirmed with Verify Your PIN.
 */
export function EarlyExit({ order, deps }: EarlyExitProps) {
  const s = order.structured;
  const [busy, setBusy] = useState(false);
  const keeper = useMemo(() => createIdempotencyKeeper(), []);
  const money = (v: string | null | undefined) => (v ? formatCurrency(v, order.currency) : '-');
  if (!s?.can_exit) {
    return <p className="text-sm text-slate-600">This product cannot be exited early now.</p>;
  }
  async function confirm() {
    setBusy(true);
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        if (
          !(await deps.askForPin(
            `Confirm the early exit of ${order.name} for about ${money(s!.exit_proceeds)}.`,
          ))
        )
          return;
        try {
          const result = await exitProduct(order.id, keeper.keyFor({ exit: order.id }));
          keeper.settle();
          toast.success(result.message);
          deps.onOrderPlaced?.(result);
          modal.forceClose();
          return;
        } catch (e) {
          if (e instanceof ApiError && e.code === ErrorCode.PinRequired && attempt === 0) continue;
          if (e instanceof ApiError && e.status >= 400 && e.status < 500) keeper.settle();
          toast.error(errorMessage(e));
          return;
        }
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-4" data-testid="early-exit">
      <dl className="space-y-1.5 text-sm">
        <Row label="Amount invested" value={money(s.amount)} />
        <Row label={`Value today (level ${s.level})`} value={money(s.value)} />
        <Row label="Early-exit cost" value={`− ${money(s.early_exit_cost)}`} />
        <Row label="You receive (about)" value={money(s.exit_proceeds)} strong />
      </dl>
      <p className="text-xs text-slate-500">
        The value is the payoff formula at the underlying&apos;s level when the exit is made (simulated
        market), so the amount credited can differ slightly from this figure. Held to maturity on{' '}
        {new Date(s.maturity_at).toLocaleDateString('en-ZA')}, no exit cost applies.
      </p>
      <Button size="lg" className="w-full" disabled={busy} onClick={() => void confirm()}>
        {busy ? 'Exiting…' : 'Confirm early exit'}
      </Button>
    </div>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'font-semibold text-slate-900' : ''}`}>
      <dt className="text-slate-500">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
