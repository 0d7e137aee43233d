import { EmptyState } from '@/components/ui/empty-state';
import { ChartIcon } from '@/components/ui/icons';
import { PageHeader } from './page-header';

export default function MarketScreen() {
  return (
    <div>
      <PageHeader title="Market" description="Prices, indices and movers on the JSE and beyond." />
      <EmptyState
        icon={<ChartIcon />}
        title="Market data is not available yet"
        description="Live quotes and charts are on their way to Imali."
      />
    </div>
  );
}
