import { useCallback, useEffect, useRef, useState } from 'react';
import { bottomDrawer } from '@/components/ui/bottom-drawer';
import { DialogShell, DialogTitle } from '@/components/ui/dialog-shell';
import { CloseIcon, SearchIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useStore } from '@/lib/create-store';
import { cn } from '@/lib/cn';
import { isAbortError } from '@/lib/http';
import { searchDialog, searchOpenStore as openStore } from './search-store';

export { searchDialog };

export interface SearchResult {
  symbol: string;
  name: string;
  market: string;
  country: string;
}

export interface SearchProvider {
  /** Called at most once per 500 ms; the signal aborts when a newer query starts. */
  search: (query: string, signal: AbortSignal) => Promise<SearchResult[]>;
  /** Default: open the 'stock' bottom drawer titled with the stock name. */
  onSelect?: (result: SearchResult) => void;
}

export const SEARCH_THROTTLE_MS = 500;

const searchOptionId = (index: number) => `search-option-${index}`;

export function openStockDetail(result: SearchResult): void {
  bottomDrawer.open(
    'stock',
    { symbol: result.symbol, market: result.market, country: result.country },
    { title: result.name },
  );
}

/** Opens the dialog on Ctrl+K / Cmd+K anywhere in the signed-in app. */
export function useSearchShortcut(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        searchDialog.open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * The Ctrl/Cmd+K dialog (spec section 2) on the shared accessible dialog: focus starts in the
 * input and stays in the dialog, Escape or the backdrop closes it, focus returns to the opener.
 */
export function SearchDialog({ provider }: { provider: SearchProvider | null }) {
  const open = useStore(openStore);
  useSearchShortcut();
  if (!open) return null;
  return (
    <DialogShell
      onDismiss={searchDialog.close}
      opener={open.opener}
      className="fixed inset-0 z-[75] flex items-start justify-center p-3 pt-[10vh] sm:p-4 sm:pt-[12vh]"
      backdropClassName="absolute inset-0 animate-fade-in bg-slate-950/50 backdrop-blur-[2px]"
      contentClassName="relative w-full max-w-xl animate-pop-in overflow-hidden rounded-2xl bg-white shadow-2xl outline-none"
      initialFocus={(content) => content.querySelector<HTMLElement>('input')}
    >
      <DialogTitle className="sr-only">Search stocks</DialogTitle>
      <SearchPanel provider={provider} />
    </DialogShell>
  );
}

function SearchPanel({ provider }: { provider: SearchProvider | null }) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchResult[]>([]);
  const [loading, setLoading] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const lastCall = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    return () => {
      controller.current?.abort();
      clearTimeout(pending.current);
    };
  }, []);

  const run = useCallback(
    async (text: string) => {
      controller.current?.abort();
      const mine = new AbortController();
      controller.current = mine;
      lastCall.current = Date.now();
      if (!provider) {
        setResults([]);
        setLoading(false);
        return;
      }
      setLoading(true);
      try {
        const found = await provider.search(text, mine.signal);
        if (mine.signal.aborted) return;
        setResults(found);
        setHighlight(0);
      } catch (error) {
        if (mine.signal.aborted || isAbortError(error)) return;
        console.error('Search failed', error);
        setResults([]);
      } finally {
        if (controller.current === mine) setLoading(false);
      }
    },
    [provider],
  );

  const onChange = (text: string) => {
    setQuery(text);
    clearTimeout(pending.current);
    if (text.trim() === '') {
      // A blank query clears the results and sends nothing.
      controller.current?.abort();
      setResults([]);
      setLoading(false);
      return;
    }
    const wait = Math.max(0, SEARCH_THROTTLE_MS - (Date.now() - lastCall.current));
    if (provider) setLoading(true);
    pending.current = setTimeout(() => void run(text.trim()), wait);
  };

  const choose = (result: SearchResult | undefined) => {
    if (!result) return;
    (provider?.onSelect ?? openStockDetail)(result);
    searchDialog.close();
  };

  // Escape is the dialog's own (it closes and gives focus back).
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' && results.length > 0) {
      e.preventDefault();
      setHighlight((h) => (h + 1) % results.length);
    } else if (e.key === 'ArrowUp' && results.length > 0) {
      e.preventDefault();
      setHighlight((h) => (h - 1 + results.length) % results.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(results[highlight]);
    }
  };

  const hasText = query.trim() !== '';
  // Screen readers hear how many results there are; the highlighted one stays in view.
  const announcement = !hasText
    ? ''
    : loading
      ? 'Searching...'
      : results.length > 0
        ? `${results.length} result${results.length === 1 ? '' : 's'} available. Use Up and Down to choose, Enter to open.`
        : 'No Results Found';
  useEffect(() => {
    document.getElementById(searchOptionId(highlight))?.scrollIntoView({ block: 'nearest' });
  }, [highlight, results]);
  return (
    <div onKeyDown={onKeyDown}>
      <div className="flex items-center gap-3 border-b border-slate-100 px-4">
        <SearchIcon size={20} className="shrink-0 text-slate-400" />
        <input
          ref={inputRef}
          value={query}
          onChange={(e) => onChange(e.target.value)}
          placeholder="Search..."
          aria-label="Search"
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls="search-results"
          aria-autocomplete="list"
          aria-activedescendant={results.length > 0 ? searchOptionId(highlight) : undefined}
          className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-slate-400"
        />
        {loading && <Spinner className="text-brand-500" label="Loading results" />}
        {query && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              onChange('');
              inputRef.current?.focus();
            }}
            className="rounded-full p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
          >
            <CloseIcon size={16} />
          </button>
        )}
        <button
          type="button"
          onClick={searchDialog.close}
          className="rounded-lg px-2 py-1 text-sm font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          Cancel
        </button>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div className="max-h-[50vh] overflow-y-auto">
        {loading && hasText ? (
          <p className="px-4 py-8 text-center text-sm text-slate-500">Searching...</p>
        ) : results.length > 0 ? (
          <ul id="search-results" role="listbox" className="py-2">
            {results.map((r, i) => (
              <li
                key={`${r.country}:${r.market}:${r.symbol}`}
                id={searchOptionId(i)}
                role="option"
                aria-selected={i === highlight}
                onMouseEnter={() => setHighlight(i)}
                onClick={() => choose(r)}
                className={cn(
                  'mx-2 flex cursor-pointer items-center justify-between gap-3 rounded-xl px-3 py-2.5',
                  i === highlight ? 'bg-brand-50' : 'hover:bg-slate-50',
                )}
              >
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900 uppercase">{r.symbol}</span>
                  <span className="block truncate text-sm text-slate-500 uppercase">{r.name}</span>
                </span>
                <span className="shrink-0 rounded-md bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600 uppercase">
                  {r.market}
                </span>
              </li>
            ))}
          </ul>
        ) : hasText ? (
          <div className="px-4 py-10 text-center">
            <p className="font-semibold text-slate-800">No Results Found</p>
            <p className="mt-1 text-sm text-slate-500">Try searching for something else.</p>
          </div>
        ) : (
          <p className="px-4 py-8 text-center text-sm text-slate-400">
            Search stocks by symbol or company name.
          </p>
        )}
      </div>
      <div className="hidden items-center gap-4 border-t border-slate-100 px-4 py-2 text-xs text-slate-400 sm:flex">
        <span>
          <kbd className="rounded border border-slate-200 px-1">↑</kbd>{' '}
          <kbd className="rounded border border-slate-200 px-1">↓</kbd> to move
        </span>
        <span>
          <kbd className="rounded border border-slate-200 px-1">Enter</kbd> to open
        </span>
        <span>
          <kbd className="rounded border border-slate-200 px-1">Esc</kbd> to close
        </span>
      </div>
    </div>
  );
}
