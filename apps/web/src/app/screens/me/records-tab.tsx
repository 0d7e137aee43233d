import { Suspense } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { ReceiptIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { slots } from '../../registry/slots';

export default function MeRecordsTab() {
  const Records = slots.meRecords;
  if (Records) {
    return (
      <Suspense fallback={<Spinner className="size-5 text-brand-500" label="Loading" />}>
        <Records />
      </Suspense>
    );
  }
  return (
    <EmptyState
      icon={<ReceiptIcon />}
      title="No records yet"
      description="Deposits, withdrawals and transfers will appear here."
    />
  );
}
