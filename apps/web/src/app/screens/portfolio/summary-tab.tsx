import { useAssetsVisibility } from '@/features/wallet/hooks/use-assets-visibility';
import { OrdersGlance } from '@/features/portfolio/components/orders-glance';
import { PortfolioSummary } from '@/features/portfolio-stats/components/portfolio-summary';

/**
 * /portfolio/summary: the order counts, then value, returns, allocation and positions per account
 * (portfolio-stats). The balances follow the app-wide assets-visibility preference (wallet).
 */
export default function PortfolioSummaryTab() {
  const [visible, toggle] = useAssetsVisibility();
  return (
    <div className="space-y-4">
      <OrdersGlance />
      <PortfolioSummary visible={visible} onToggleVisibility={toggle} />
    </div>
  );
}
