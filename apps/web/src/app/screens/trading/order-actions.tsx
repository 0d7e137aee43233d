import type { Order } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { LockIcon } from '@/components/ui/icons';
import { openCloseOrder } from '@/features/invest/components/close-order';
import { openOrderDetails } from '@/features/portfolio/components/order-details';
import { canSell, isLocked } from '@/features/portfolio/model/receipt';
import { tradeDeps } from './trade-deps';

/** Close-order quotation for a holding (invest) opened from a portfolio row or receipt. */
export function startClose(order: Order): void {
  openCloseOrder(
    {
      id: order.id,
      symbol: order.symbol,
      name: order.name,
      market: order.market,
      country: order.country,
      currency: order.currency,
      ttype: order.ttype,
      quantity: order.quantity,
      locked_until: order.locked_until,
    },
    tradeDeps,
  );
}

/** The Order Details (receipt) modal, with Sell for a holding. */
export function openReceipt(order: Pick<Order, 'id' | 'ttype'>): void {
  openOrderDetails({ orderId: order.id, ttype: order.ttype, onSell: startClose });
}

/** A holding row's Sell button (locked fixed-term positions say until when). */
export function SellButton({ order }: { order: Order }) {
  if (order.status !== 'holding') return null;
  const locked = isLocked(order);
  return (
    <Button
      size="sm"
      variant={locked ? 'ghost' : 'outline'}
      disabled={!canSell(order)}
      onClick={() => startClose(order)}
      aria-label={locked ? `${order.symbol} is locked` : `Sell ${order.symbol}`}
    >
      {locked ? <LockIcon size={14} /> : null}
      {locked ? 'Locked' : 'Sell'}
    </Button>
  );
}
