import { EmptyState } from '@/components/ui/empty-state';
import { BriefcaseIcon } from '@/components/ui/icons';

export default function PortfolioHoldingTab() {
  return (
    <EmptyState
      icon={<BriefcaseIcon />}
      title="No holdings"
      description="You do not hold any positions yet."
    />
  );
}
