import { EmptyState } from '@/components/ui/empty-state';
import { BriefcaseIcon } from '@/components/ui/icons';

export default function PortfolioSummaryTab() {
  return (
    <EmptyState
      icon={<BriefcaseIcon />}
      title="No portfolio summary yet"
      description="Once you hold investments, their value and returns are summarised here."
    />
  );
}
