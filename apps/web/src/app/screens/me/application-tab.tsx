import { EmptyState } from '@/components/ui/empty-state';
import { FileIcon } from '@/components/ui/icons';

export default function MeApplicationTab() {
  return (
    <EmptyState
      icon={<FileIcon />}
      title="No applications"
      description="Loan, compensation and bonus applications you make will be tracked here."
    />
  );
}
