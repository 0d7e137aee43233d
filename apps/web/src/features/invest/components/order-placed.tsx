import type { Order } from '@imali/contract';
import { formatCurrency, formatQuantity } from '@imali/money';
import { PlacedScreen } from '@/components/ui/placed-screen';
import { formatDay } from '../model/format';

/** What a share order form turns into once the order is placed: executed, or waiting to settle. */
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
    <PlacedScreen
      title={awaiting ? 'Request received' : 'Order executed'}
      message={message}
      rows={[
        { label: 'Reference', value: <span className="font-mono">{order.reference}</span> },
        { label: 'Quantity', value: formatQuantity(order.requested_quantity || order.quantity, 'shares') },
        {
          label: awaiting ? 'Held until settlement' : 'Paid',
          value: formatCurrency(order.trade_value, order.currency),
        },
        ...(order.locked_until
          ? [{ label: 'Unlocks on', value: formatDay(order.locked_until, order.country) }]
          : []),
      ]}
      actions={[
        { label: 'Done', onClick: onDone },
        { label: 'View in Portfolio', onClick: onPortfolio, primary: true },
      ]}
    />
  );
}
