import { useState } from 'react';
import type { Quote } from '@imali/contract';
import { DEFAULT_COUNTRY } from '@imali/money';
import { SIGNED_TONE_CLASS } from '@/lib/tone-classes';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/http';
import { useRanking, useWatchlist, useWatchlistChange } from '../api/market-lists';
import { useLiveQuotes } from '../hooks/use-live-quotes';
import {
  quoteRow,
  rankingRows,
  RANKING_TABS,
  stockKey,
  withLiveQuote,
  type QuoteRow,
  type RankingKind,
} from '../model/quotes';
import { ChangeChip, Panel } from './bits';
import IndexCards from './index-cards';
import { NewsPanel } from './news';
import { openStock } from './open-stock';

/** /market: index strip, movers, the client's watch list and news for the country profile (ZA). */
export default function MarketScreen() {
  const country = DEFAULT_COUNTRY;
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Market</h1>
          <p className="mt-1 text-sm text-slate-500">
            JSE-listed stocks and indices, movers and your watch list. Prices in rand.
          </p>
        </div>
        <SearchHint />
      </div>
      <IndexCards country={country} />
      {/* Phones: movers, watch list, news; wide screens: the watch list beside the other two. */}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <Movers country={country} />
        </div>
        <div className="min-w-0 lg:row-span-2">
          <WatchlistPanel />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <NewsPanel country={country} />
        </div>
      </div>
    </div>
  );
}

function SearchHint() {
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <button
      type="button"
      onClick={() =>
        window.dispatchEvent(
          new KeyboardEvent('keydown', { key: 'k', ctrlKey: !mac, metaKey: mac, bubbles: true }),
        )
      }
      className="inline-flex h-10 items-center gap-2 rounded-xl border border-slate-200 bg-white px-3 text-sm text-slate-500 shadow-sm hover:border-brand-300 hover:text-slate-700"
    >
      <SearchIcon size={16} />
      Find a stock
      <kbd className="rounded border border-slate-200 px-1.5 text-[11px] text-slate-400">
        {mac ? '⌘ K' : 'Ctrl K'}
      </kbd>
    </button>
  );
}

export function Movers({ country }: { country: string }) {
  const [kind, setKind] = useState<RankingKind>('gainers');
  const ranking = useRanking(country, kind);
  const live = useLiveQuotes(ranking.data?.items ?? []);
  const rows = ranking.data ? rankingRows(ranking.data.items, live) : null;
  return (
    <Panel
      title="Movers"
      id="movers"
      action={
        <div role="tablist" aria-label="Ranking" className="flex gap-1 rounded-lg bg-slate-100 p-0.5">
          {RANKING_TABS.map((tab) => (
            <button
              key={tab.kind}
              type="button"
              role="tab"
              aria-selected={kind === tab.kind}
              onClick={() => setKind(tab.kind)}
              className={cn(
                'rounded-md px-2 py-1 text-xs font-semibold whitespace-nowrap transition-colors sm:px-3',
                kind === tab.kind
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-500 hover:text-slate-800',
              )}
            >
              {tab.label}
            </button>
          ))}
        </div>
      }
    >
      {ranking.isError ? (
        <p className="px-5 py-8 text-center text-sm text-slate-500">{errorMessage(ranking.error)}</p>
      ) : !rows ? (
        <ListSkeleton rows={6} />
      ) : rows.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-500">No stocks match this list today.</p>
      ) : (
        <QuoteTable rows={rows} rankingKind={kind} />
      )}
    </Panel>
  );
}

function QuoteTable({
  rows,
  rankingKind,
  onRemove,
  removing,
}: {
  rows: QuoteRow[];
  rankingKind?: RankingKind;
  onRemove?: (row: QuoteRow) => void;
  removing?: string | null;
}) {
  return (
    <>
      {rankingKind && (
        <div
          aria-hidden="true"
          className="hidden items-center gap-3 border-b border-slate-100 bg-slate-50/60 px-5 py-2 text-[11px] font-semibold tracking-wide text-slate-400 uppercase sm:flex"
        >
          <span className="w-5">#</span>
          <span className="flex-1">Stock</span>
          <span className="w-24 text-right">Volume</span>
          <span className="w-24 text-right">Last</span>
          <span className="w-[4.75rem] text-center">Change</span>
        </div>
      )}
      <ul
        className="divide-y divide-slate-100"
        data-testid={rankingKind ? `ranking-${rankingKind}` : 'watchlist'}
      >
        {rows.map((row, i) => (
          <li key={row.key} className="group flex items-center">
            <button
              type="button"
              onClick={() => openStock(row)}
              className="flex min-w-0 flex-1 items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 sm:px-5"
            >
              {rankingKind && (
                <span className="w-5 shrink-0 text-xs font-semibold text-slate-400 tabular-nums">
                  {i + 1}
                </span>
              )}
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-2">
                  <span className="font-semibold text-slate-900">{row.symbol}</span>
                  {row.restricted && (
                    <span className="rounded bg-amber-50 px-1.5 text-[10px] font-semibold text-amber-700">
                      RESTRICTED
                    </span>
                  )}
                </span>
                <span className="block truncate text-xs text-slate-500">{row.name}</span>
              </span>
              {rankingKind && (
                <span
                  className={cn(
                    'hidden w-24 shrink-0 text-right text-xs tabular-nums sm:block',
                    rankingKind === 'active' ? 'font-semibold text-slate-700' : 'text-slate-500',
                  )}
                >
                  {row.volume}
                </span>
              )}
              <span className="shrink-0 text-right sm:w-24">
                <span className="block text-sm font-semibold text-slate-900 tabular-nums">{row.price}</span>
                <span className={cn('block text-xs tabular-nums', SIGNED_TONE_CLASS[row.tone])}>
                  {row.change}
                </span>
              </span>
              <ChangeChip text={row.changePercent} tone={row.tone} className="shrink-0" />
            </button>
            {onRemove && (
              <button
                type="button"
                aria-label={`Remove ${row.symbol} from watch list`}
                disabled={removing === row.key}
                onClick={() => onRemove(row)}
                className="mr-2 rounded-full p-1.5 text-slate-300 hover:bg-slate-100 hover:text-slate-600 disabled:opacity-40"
              >
                <CloseIcon size={16} />
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function WatchlistPanel() {
  const list = useWatchlist();
  const change = useWatchlistChange();
  const items = list.data?.items ?? [];
  const live = useLiveQuotes(items);
  const rows = items.map((q) => quoteRow(withLiveQuote(q, live.get(stockKey(q)) as Quote | undefined)));
  const remove = (row: QuoteRow) =>
    change.mutate(
      { stock: row, watch: false },
      {
        onSuccess: () => toast.success(`${row.symbol} removed from your watch list`),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <Panel
      title="Watch List"
      id="watchlist"
      className="lg:sticky lg:top-20"
      action={
        items.length > 0 ? (
          <span className="text-xs text-slate-400">
            {items.length} {items.length === 1 ? 'stock' : 'stocks'}
          </span>
        ) : undefined
      }
    >
      {list.isError ? (
        <p className="px-5 py-8 text-center text-sm text-slate-500">{errorMessage(list.error)}</p>
      ) : list.isPending ? (
        <ListSkeleton rows={4} />
      ) : rows.length === 0 ? (
        <div className="px-5 py-10 text-center">
          <p className="font-semibold text-slate-800">Your watch list is empty</p>
          <p className="mx-auto mt-1 max-w-xs text-sm text-slate-500">
            Search for a stock and tap Add to Watch List to follow its price here.
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-4"
            onClick={() =>
              window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true }))
            }
          >
            <SearchIcon size={16} />
            Search stocks
          </Button>
        </div>
      ) : (
        <QuoteTable
          rows={rows}
          onRemove={remove}
          removing={change.isPending ? stockKey(change.variables.stock) : null}
        />
      )}
    </Panel>
  );
}

function ListSkeleton({ rows }: { rows: number }) {
  return (
    <div className="space-y-3 p-5" role="status" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center justify-between gap-4">
          <div className="space-y-1.5">
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-3 w-32" />
          </div>
          <Skeleton className="h-6 w-20" />
        </div>
      ))}
    </div>
  );
}
