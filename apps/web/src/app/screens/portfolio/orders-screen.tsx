import { useSearchParams } from 'react-router';
import { ORDER_LISTS, ORDER_TTYPES, type OrderList as OrderListName, type OrderTtype } from '@imali/contract';
import { OrderList } from '@/features/portfolio/components/order-list';
import { cn } from '@/lib/cn';
import { openReceipt, SellButton } from '../trading/order-actions';

const LABELS: Record<OrderListName, string> = {
  holding: 'Holding',
  awaiting: 'Awaiting',
  history: 'History',
};

/**
 * The order list as a view of its own (spec section 2), deep-linkable:
 * /portfolio/orders?list=holding|awaiting|history[&dtype=fo|otc|standard|…].
 */
export default function OrdersScreen() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('list');
  const list: OrderListName = ORDER_LISTS.includes(raw as OrderListName) ? (raw as OrderListName) : 'holding';
  const rawType = params.get('dtype');
  // A filter the API does not know lists all orders.
  const dtype = ORDER_TTYPES.includes(rawType as OrderTtype) ? (rawType as OrderTtype) : 'all';
  return (
    <section aria-label="Orders">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Orders</h2>
        <div role="tablist" aria-label="Order list" className="flex gap-1 rounded-lg bg-slate-100 p-0.5">
          {ORDER_LISTS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={list === name}
              onClick={() =>
                setParams((p) => {
                  p.set('list', name);
                  return p;
                })
              }
              className={cn(
                'rounded-md px-3 py-1 text-xs font-semibold transition-colors',
                list === name ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500 hover:text-slate-800',
              )}
            >
              {LABELS[name]}
            </button>
          ))}
        </div>
      </div>
      <OrderList
        key={`${list}:${dtype}`}
        list={list}
        dtype={dtype}
        onOpen={openReceipt}
        renderAction={list === 'holding' ? (order) => <SellButton order={order} /> : undefined}
      />
    </section>
  );
}
