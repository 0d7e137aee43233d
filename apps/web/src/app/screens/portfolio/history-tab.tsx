import { EmptyState } from '@/components/ui/empty-state';
import { BriefcaseIcon } from '@/components/ui/icons';

export default function PortfolioHistoryTab() {
  return (
    <EmptyState
      icon={<BriefcaseIcon />}
      title="No history yet"
      description="Closed and settled orders will be listed here."
    />
  );
}
