import type { ReactNode } from 'react';
import type { Order } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { LockIcon } from '@/components/ui/icons';
import { openCloseOrder } from '@/features/invest/components/close-order';
import { IpoApplicationPanel } from '@/features/ipo/components/ipo-application';
import { openOrderDetails } from '@/features/portfolio/components/order-details';
import { openEarlyExit } from '@/features/quant/components/early-exit';
import { openRedeemFund } from '@/features/funds/components/redeem-fund';
import { canSell, isLocked, isRedeeming } from '@/features/portfolio/model/receipt';
import { tradeDeps } from './trade-deps';

/** Close-order quotation for a holding (invest) opened from a portfolio row or receipt. */
export function startClose(order: Order): void {
  // A structured product is not sold at a quotation: its early exit (where the terms allow).
  if (order.ttype === 'quant') {
    openEarlyExit(order, tradeDeps);
    return;
  }
  // Fund units have no quotation either: they are redeemed at the next NAV.
  if (order.ttype === 'fund') {
    openRedeemFund(order, tradeDeps);
    return;
  }
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
  openOrderDetails({
    orderId: order.id,
    ttype: order.ttype,
    onSell: startClose,
    renderProduct: productSection,
  });
}

/** A product's own section on Order Details: an IPO application with Cancel / Reconfirm. */
export function productSection(order: Order): ReactNode {
  return order.ipo ? <IpoApplicationPanel order={order} deps={tradeDeps} /> : null;
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
      aria-label={
        locked
          ? `${order.symbol} is locked`
          : order.ttype === 'fund'
            ? `Redeem ${order.symbol}`
            : `Sell ${order.symbol}`
      }
    >
      {locked ? <LockIcon size={14} /> : null}
      {locked
        ? 'Locked'
        : order.ttype === 'quant'
          ? 'Early exit'
          : order.ttype === 'fund'
            ? isRedeeming(order)
              ? 'Redeeming'
              : 'Redeem'
            : 'Sell'}
    </Button>
  );
}
