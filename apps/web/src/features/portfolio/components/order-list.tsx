import { useEffect, type ReactNode } from 'react';
import type { Order, OrderList as OrderListName } from '@imali/contract';
import { formatCurrency, formatSignedCurrency, formatSignedRatio } from '@imali/money';
import { signedColorClass } from '@/lib/tone-classes';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BriefcaseIcon, LockIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/http';
import { useOrders, type OrderFilter } from '../api/orders';
import { formatDateTime, formatDay } from '../model/format';
import { hasReturns, headlineValue, holdingText, isLocked } from '../model/receipt';
import { OrderStatus, ProductTag } from './parts';

const EMPTY: Record<OrderListName, { title: string; description: string }> = {
  holding: { title: 'No holdings', description: 'You do not hold any positions yet.' },
  awaiting: {
    title: 'No orders awaiting',
    description: 'Orders waiting for execution or allocation will appear here.',
  },
  history: { title: 'No history yet', description: 'Closed and settled orders will be listed here.' },
};

/**
 * One of the order lists (holding, awaiting, history) with the spec's status colours; a row opens
 * the receipt, `renderAction` adds a button beside it (the holding list's Sell).
 */
export function OrderList({
  list,
  dtype = 'all',
  onOpen,
  renderAction,
  emptyAction,
}: {
  list: OrderListName;
  dtype?: OrderFilter;
  onOpen: (order: Order) => void;
  renderAction?: (order: Order) => ReactNode;
  emptyAction?: ReactNode;
}) {
  const orders = useOrders(list, dtype);
  useEffect(() => {
    if (orders.isError) toast.error(errorMessage(orders.error));
  }, [orders.isError, orders.error]);

  if (orders.isError && !orders.data) {
    return (
      <EmptyState
        icon={<BriefcaseIcon />}
        title="Orders could not be loaded"
        description={errorMessage(orders.error)}
        action={<Button onClick={() => void orders.refetch()}>Try again</Button>}
      />
    );
  }
  if (!orders.data) return <OrderListSkeleton />;
  if (orders.data.length === 0) {
    return (
      <EmptyState
        icon={<BriefcaseIcon />}
        title={EMPTY[list].title}
        description={EMPTY[list].description}
        action={emptyAction}
      />
    );
  }
  return (
    <ul
      className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-sm"
      data-testid={`orders-${list}`}
    >
      {orders.data.map((order) => (
        <OrderRow key={order.id} order={order} onOpen={onOpen} action={renderAction?.(order)} />
      ))}
    </ul>
  );
}

/** One order in a list (exported for its tests). */
export function OrderRow({
  order,
  onOpen,
  action,
}: {
  order: Order;
  onOpen: (order: Order) => void;
  action?: ReactNode;
}) {
  const headline = headlineValue(order);
  const locked = isLocked(order);
  const returns = hasReturns(order);
  return (
    <li
      className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-3 sm:px-5"
      data-testid="order-row"
      data-order-id={order.id}
      data-status={order.status}
    >
      <button
        type="button"
        onClick={() => onOpen(order)}
        className="-mx-2 flex min-w-0 flex-1 flex-col gap-1.5 rounded-xl px-2 py-1 text-left hover:bg-slate-50"
      >
        <span className="flex flex-wrap items-center gap-1.5">
          <ProductTag order={order} />
          <OrderStatus order={order} />
          {locked && (
            <span className="inline-flex items-center gap-1 text-[11px] font-medium text-slate-500">
              <LockIcon size={12} /> until {formatDay(order.locked_until, order.country)}
            </span>
          )}
        </span>
        <span className="flex items-start justify-between gap-3">
          <span className="min-w-0">
            <span className="line-clamp-2 font-semibold break-words text-slate-900">{order.name}</span>
            <span className="block text-xs text-slate-500">
              <span className="font-semibold text-slate-700">{order.symbol}</span> · {order.market} ·{' '}
              {/* In the product's own units: shares at a price, fund units at a NAV, a note's amount and level. */}
              <span data-testid="order-holding">{holdingText(order)}</span>
            </span>
            <span className="block text-[11px] text-slate-400">
              {formatDateTime(order.order_time, order.country)}
            </span>
          </span>
          <span className="shrink-0 text-right">
            <span className="block text-[11px] text-slate-500">{headline.label}</span>
            <span className="block text-sm font-semibold text-slate-900 tabular-nums">
              {formatCurrency(headline.amount, order.currency)}
            </span>
            {returns && (
              <span className={`block text-xs font-semibold tabular-nums ${signedColorClass(order.profit)}`}>
                {formatSignedCurrency(order.profit, order.currency)} ({formatSignedRatio(order.roi)})
              </span>
            )}
          </span>
        </span>
        {/* Named by what it shows (WCAG 2.5.3: the visible text is in the name), then what it does. */}
        <span className="sr-only">: open order details</span>
      </button>
      {action && <div className="flex shrink-0 justify-end">{action}</div>}
    </li>
  );
}

export function OrderListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div
      className="space-y-4 rounded-2xl border border-slate-200/80 bg-white p-5"
      role="status"
      aria-label="Loading"
    >
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center justify-between gap-4">
          <div className="space-y-1.5">
            <Skeleton className="h-3 w-24" />
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-52" />
          </div>
          <Skeleton className="h-9 w-24" />
        </div>
      ))}
    </div>
  );
}
