import { EmptyState } from '@/components/ui/empty-state';
import { BriefcaseIcon } from '@/components/ui/icons';

export default function PortfolioAwaitingTab() {
  return (
    <EmptyState
      icon={<BriefcaseIcon />}
      title="No orders awaiting"
      description="Orders waiting for execution or allocation will appear here."
    />
  );
}
