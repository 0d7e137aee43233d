import { Link, useParams, useSearchParams } from 'react-router';
import { ORDER_TTYPES, type OrderTtype } from '@imali/contract';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { OrderDetails } from '@/features/portfolio/components/order-details';
import { productSection, startClose } from '../trading/order-actions';

/** The order receipt as a page of its own (spec section 2), deep-linkable: /portfolio/order/:id[?ttype=]. */
/** The link's product type, if the API knows it (else the receipt is looked up without it). */
const orderTtype = (raw: string | null): OrderTtype | undefined =>
  ORDER_TTYPES.includes(raw as OrderTtype) ? (raw as OrderTtype) : undefined;

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
            ttype={orderTtype(params.get('ttype'))}
            onSell={startClose}
            renderProduct={productSection}
          />
        </div>
      )}
    </section>
  );
}
