import { OfferingBrowser } from '@/features/invest/components/offering-browser';
import { PageHeader } from './page-header';
import { openOffering } from './trading/open-offering';

export default function DiscoverScreen() {
  return (
    <div>
      <PageHeader
        title="Discover"
        description="Fixed-term (DD Trading) and block deals on listed shares, with their key facts and fees."
      />
      <OfferingBrowser onOpen={openOffering} />
    </div>
  );
}
