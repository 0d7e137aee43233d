import { EmptyState } from '@/components/ui/empty-state';
import { CompassIcon } from '@/components/ui/icons';
import { PageHeader } from './page-header';

export default function DiscoverScreen() {
  return (
    <div>
      <PageHeader
        title="Discover"
        description="Funds, structured products, IPOs and block deals chosen for you."
      />
      <EmptyState
        icon={<CompassIcon />}
        title="Nothing to discover yet"
        description="New investment opportunities will be listed here as they open."
      />
    </div>
  );
}
