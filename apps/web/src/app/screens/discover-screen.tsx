import { useState } from 'react';
import { OfferingBrowser } from '@/features/invest/components/offering-browser';
import { CATEGORY_DESCRIPTIONS, type CategoryFilter } from '@/features/invest/model/catalog';
import { PageHeader } from './page-header';
import { openOffering } from './trading/open-offering';

export default function DiscoverScreen() {
  const [category, setCategory] = useState<CategoryFilter>('all');
  return (
    <div>
      {/* The subtitle says what the chosen tab lists. */}
      <PageHeader title="Discover" description={CATEGORY_DESCRIPTIONS[category]} />
      <OfferingBrowser onOpen={openOffering} category={category} onCategoryChange={setCategory} />
    </div>
  );
}
