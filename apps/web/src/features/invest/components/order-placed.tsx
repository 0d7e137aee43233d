import type { Order } from '@imali/contract';
import { formatCurrency, formatQuantity } from '@imali/money';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { formatDay } from '../model/format';
import { SummaryLine } from './parts';

/** What an order form turns into once the order is placed. */
export function OrderPlaced({
  order,
  message,
  onPortfolio,
  onDone,
}: {
  order: Order;
  message: string;
  onPortfolio: () => void;
  onDone: () => void;
}) {
  const awaiting = order.status !== 'holding';
  return (
    <div className="mx-auto max-w-md space-y-5 py-4 text-center" data-testid="order-placed">
      <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <CheckCircleIcon size={34} />
      </div>
      <div>
        <p className="text-xl font-semibold text-slate-900">
          {awaiting ? 'Request received' : 'Order executed'}
        </p>
        <p className="mx-auto mt-1 max-w-sm text-sm text-slate-500">{message}</p>
      </div>
      <div className="rounded-2xl border border-slate-200 px-4 py-2 text-left">
        <SummaryLine label="Reference" value={<span className="font-mono">{order.reference}</span>} />
        <SummaryLine
          label="Quantity"
          value={formatQuantity(order.requested_quantity || order.quantity, 'shares')}
        />
        <SummaryLine
          label={awaiting ? 'Held until settlement' : 'Paid'}
          value={formatCurrency(order.trade_value, order.currency)}
        />
        {order.locked_until && (
          <SummaryLine label="Unlocks on" value={formatDay(order.locked_until, order.country)} />
        )}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" size="lg" className="sm:flex-1" onClick={onDone}>
          Done
        </Button>
        <Button size="lg" className="sm:flex-1" onClick={onPortfolio}>
          View in Portfolio
        </Button>
      </div>
    </div>
  );
}
