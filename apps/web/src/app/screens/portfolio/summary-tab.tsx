import { EmptyState } from '@/components/ui/empty-state';
import { PieIcon } from '@/components/ui/icons';
import { OrdersGlance } from '@/features/portfolio/components/orders-glance';

/** /portfolio/summary: the order counts for now; value and returns come with portfolio analytics. */
export default function PortfolioSummaryTab() {
  return (
    <div className="space-y-4">
      <OrdersGlance />
      <EmptyState
        icon={<PieIcon />}
        title="Portfolio value and returns are coming"
        description="Your holdings' value, allocation and returns over time will be summarised here."
      />
    </div>
  );
}
