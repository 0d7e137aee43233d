import { Suspense } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ReceiptIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { OrdersGlance } from '@/features/portfolio/components/orders-glance';
import { slots } from '../../registry/slots';

/** Me > Records: deposits, withdrawals, transfers and the CSV statement; orders, with their receipts. */
export default function MeRecordsTab() {
  const Records = slots.meRecords;
  return (
    <div className="space-y-6">
      {Records ? (
        <Suspense fallback={<Spinner className="size-5 text-brand-500" label="Loading" />}>
          <Records />
        </Suspense>
      ) : (
        <EmptyState
          icon={<ReceiptIcon />}
          title="No records yet"
          description="Deposits, withdrawals and transfers will appear here."
        />
      )}
      <section aria-labelledby="order-records-title">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="order-records-title" className="text-base font-semibold text-slate-900">
            Orders
          </h2>
          <Link to="/portfolio/history" className="text-sm font-semibold text-brand-600 hover:text-brand-700">
            Order history
          </Link>
        </div>
        <OrdersGlance />
      </section>
    </div>
  );
}
