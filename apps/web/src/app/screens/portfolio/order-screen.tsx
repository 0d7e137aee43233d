import { Link, useParams, useSearchParams } from 'react-router';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { OrderDetails } from '@/features/portfolio/components/order-details';
import { productSection, startClose } from '../trading/order-actions';

/** The order receipt as a page of its own (spec section 2), deep-linkable: /portfolio/order/:id[?ttype=]. */
export default function OrderScreen() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const orderId = id && /^\d{1,15}$/.test(id) ? Number(id) : null;
  return (
    <section aria-label="Order Details" className="mx-auto max-w-2xl">
      <Link
        to="/portfolio/orders?list=holding"
        className="mb-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-600 hover:text-brand-700"
      >
        <ChevronLeftIcon size={16} /> Orders
      </Link>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">Order Details</h2>
      {orderId === null ? (
        <EmptyState
          title="Order not found."
          description="Check the link, or open the order from your portfolio."
        />
      ) : (
        <div className="rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm sm:p-5">
          <OrderDetails
            orderId={orderId}
            ttype={params.get('ttype') ?? undefined}
            onSell={startClose}
            renderProduct={productSection}
          />
        </div>
      )}
    </section>
  );
}
