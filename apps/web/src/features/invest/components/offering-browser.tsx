import { useEffect, useState } from 'react';
import type { Offering } from '@imali/contract';
import { EmptyState } from '@/components/ui/empty-state';
import { CompassIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/http';
import { useTradingList } from '../api/offerings';
import {
  CATEGORY_FILTERS,
  CATEGORY_LABELS,
  DTYPE_TITLES,
  filterOfferings,
  groupByType,
  type CategoryFilter,
} from '../model/catalog';
import { CountryPicker } from './country-picker';
import { OfferingCard } from './offering-card';
import { SimulatedNote } from './parts';

const EMPTY_TEXT: Record<CategoryFilter, string> = {
  all: 'New investment opportunities will be listed here as they open.',
  stock: 'No fixed-term or block deals are open right now.',
  fund: 'Fund investments will be listed here when they open.',
  quant: 'Structured investments will be listed here when they open.',
};

/**
 * Discover's content: every open and upcoming offering, filtered by the spec's categories (all,
 * stock, fund, quant) and by country, grouped by type. Tapping a card calls `onOpen`. The screen
 * may hold the category (`category`, `onCategoryChange`) to say what the chosen tab lists.
 */
export function OfferingBrowser({
  onOpen,
  category: chosen,
  onCategoryChange,
}: {
  onOpen: (offering: Offering) => void;
  category?: CategoryFilter;
  onCategoryChange?: (category: CategoryFilter) => void;
}) {
  const list = useTradingList('all');
  const [own, setOwn] = useState<CategoryFilter>('all');
  const category = chosen ?? own;
  const setCategory = (next: CategoryFilter) => {
    setOwn(next);
    onCategoryChange?.(next);
  };
  const [country, setCountry] = useState('all');

  useEffect(() => {
    if (list.isError) toast.error(errorMessage(list.error));
  }, [list.isError, list.error]);

  const shown = list.data ? filterOfferings(list.data, { category, country }) : [];
  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div
          role="tablist"
          aria-label="Category"
          className="flex gap-1 self-start rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200"
        >
          {CATEGORY_FILTERS.map((c) => (
            <button
              key={c}
              type="button"
              role="tab"
              aria-selected={category === c}
              data-category={c}
              onClick={() => setCategory(c)}
              className={cn(
                'rounded-lg px-3.5 py-1.5 text-sm font-semibold transition-colors',
                category === c ? 'bg-brand-600 text-white shadow-sm' : 'text-slate-600 hover:bg-slate-50',
              )}
            >
              {CATEGORY_LABELS[c]}
            </button>
          ))}
        </div>
        <CountryPicker
          value={country}
          onChange={setCountry}
          allLabel="All markets"
          label="Market"
          layout="chips"
        />
      </div>

      {list.isError ? (
        <EmptyState
          icon={<CompassIcon />}
          title="Offerings could not be loaded"
          description={errorMessage(list.error)}
          action={<Button onClick={() => void list.refetch()}>Try again</Button>}
        />
      ) : !list.data ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-44 w-full rounded-2xl" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<CompassIcon />}
          title="Nothing to discover here yet"
          description={EMPTY_TEXT[category]}
        />
      ) : (
        groupByType(shown).map((group) => (
          <section
            key={group.dtype}
            aria-label={DTYPE_TITLES[group.dtype]}
            data-testid={`offerings-${group.dtype}`}
          >
            <h2 className="mb-3 flex items-baseline gap-2 text-base font-semibold text-slate-900">
              {DTYPE_TITLES[group.dtype]}
              <span className="text-xs font-medium text-slate-400">{group.items.length}</span>
            </h2>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {group.items.map((o) => (
                <OfferingCard key={o.id} offering={o} onOpen={onOpen} />
              ))}
            </div>
          </section>
        ))
      )}
      {shown.length > 0 && <SimulatedNote />}
    </div>
  );
}

/** The dashboard's hot list: trading_list?hot=1, compact cards. */
export function HotList({
  onOpen,
  onSeeAll,
}: {
  onOpen: (offering: Offering) => void;
  onSeeAll: () => void;
}) {
  const list = useTradingList('all', true);
  return (
    <section aria-label="Hot deals" data-testid="hot-list">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-base font-semibold text-slate-900">Hot deals</h2>
        <button
          type="button"
          onClick={onSeeAll}
          className="text-sm font-semibold text-brand-600 hover:text-brand-700"
        >
          See all in Discover
        </button>
      </div>
      {list.isError ? (
        <p className="rounded-2xl border border-slate-200 bg-white px-4 py-6 text-center text-sm text-slate-500">
          {errorMessage(list.error)}
        </p>
      ) : !list.data ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-36 w-full rounded-2xl" />
          ))}
        </div>
      ) : list.data.length === 0 ? (
        <EmptyState
          icon={<CompassIcon />}
          title="No hot deals right now"
          description="Featured fixed-term and block deals show here when they open."
        />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.slice(0, 6).map((o) => (
            <OfferingCard key={o.id} offering={o} onOpen={onOpen} compact />
          ))}
        </div>
      )}
    </section>
  );
}
