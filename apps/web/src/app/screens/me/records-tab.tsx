import { EmptyState } from '@/components/ui/empty-state';
import { ReceiptIcon } from '@/components/ui/icons';

export default function MeRecordsTab() {
  return (
    <EmptyState
      icon={<ReceiptIcon />}
      title="No records yet"
      description="Deposits, withdrawals and transfers will appear here."
    />
  );
}
