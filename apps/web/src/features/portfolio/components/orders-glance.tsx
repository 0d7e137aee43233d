import { Link } from 'react-router';
import type { OrderList } from '@imali/contract';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useOrders } from '../api/orders';

const LISTS: Array<{ list: OrderList; label: string; note: string }> = [
  { list: 'holding', label: 'Holdings', note: 'positions held' },
  { list: 'awaiting', label: 'Awaiting', note: 'funds held, waiting' },
  { list: 'history', label: 'History', note: 'sold or closed' },
];

/** How many orders sit in each list, each linking to it (Home and the Portfolio summary). */
export function OrdersGlance({ className }: { className?: string }) {
  return (
    <div className={cn('grid grid-cols-3 gap-3', className)} data-testid="orders-glance">
      {LISTS.map((item) => (
        <Count key={item.list} {...item} />
      ))}
    </div>
  );
}

function Count({ list, label, note }: { list: OrderList; label: string; note: string }) {
  const orders = useOrders(list);
  return (
    <Link
      to={`/portfolio/${list}`}
      data-list={list}
      className="rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm transition hover:border-brand-300"
    >
      <span className="block text-xs font-medium text-slate-500">{label}</span>
      {orders.data ? (
        <span className="mt-1 block text-2xl font-bold text-slate-900 tabular-nums">
          {orders.data.length}
        </span>
      ) : (
        <Skeleton className="mt-1.5 h-7 w-10" />
      )}
      <span className="mt-0.5 hidden truncate text-[11px] text-slate-400 sm:block">{note}</span>
    </Link>
  );
}
