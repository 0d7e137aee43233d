import type { Order } from '@imali/contract';
import { cn } from '@/lib/cn';
import { isRedeeming, productLabel, statusColorClass, statusText } from '../model/receipt';

/** The order status in its spec colour (pending amber, awaiting yellow, holding green, sold dark red, …). */
export function OrderStatus({
  order,
  className,
}: {
  order: Pick<Order, 'status' | 'ttype'> & Partial<Pick<Order, 'fund'>>;
  className?: string;
}) {
  return (
    <span
      data-testid="order-status"
      data-status={order.status}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full bg-slate-50 px-2 py-0.5 text-[11px] font-bold tracking-wide ring-1 ring-slate-200 ring-inset',
        // A fund redemption waits for the next NAV as a subscription does: the pending colour.
        statusColorClass(isRedeeming(order) ? 'pending' : order.status),
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {statusText(order)}
    </span>
  );
}

export function ProductTag({ order }: { order: Pick<Order, 'ttype' | 'display_type'> }) {
  const { label, subLabel } = productLabel(order);
  return (
    <span className="inline-flex items-center overflow-hidden rounded-md text-[10px] font-bold tracking-wide ring-1 ring-brand-200">
      <span className="bg-brand-600 px-1.5 py-0.5 text-white">{label}</span>
      {subLabel && <span className="bg-brand-50 px-1.5 py-0.5 text-brand-700">{subLabel}</span>}
    </span>
  );
}
