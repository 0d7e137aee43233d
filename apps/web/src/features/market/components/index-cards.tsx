import { useQuery } from '@tanstack/react-query';
import type { Quote } from '@imali/contract';
import { DEFAULT_COUNTRY, signedTone } from '@imali/money';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useIndices } from '../api/market-lists';
import { sparklineQuery } from '../api/stock';
import { useLiveQuotes } from '../hooks/use-live-quotes';
import { FLASH_CLASS, usePriceFlash } from '../hooks/use-price-flash';
import { exchangeTimeZone } from '../model/candles';
import { formatPrice } from '../model/format';
import { latestAsOf, stockKey, withLiveQuote } from '../model/quotes';
import { ChangeText, MarketStatus, SimulatedDataNote, Sparkline } from './bits';
import { openStock } from './open-stock';

const SPARKLINE_POINTS = 60;

/**
 * The country profile's default index cards (spec section 9: ZA → FTCRZAFN, SA40, FTCRZAFN.TR)
 * with live values; used on the Dashboard and at the top of the Market screen.
 */
export default function IndexCards({ country = DEFAULT_COUNTRY }: { country?: string }) {
  const indices = useIndices(country);
  const live = useLiveQuotes(indices.data ?? []);
  if (indices.isError) {
    return (
      <p className="rounded-2xl border border-slate-200 bg-white px-5 py-4 text-sm text-slate-500">
        Index prices are unavailable right now.
      </p>
    );
  }
  const quotes = indices.data?.map((q) => withLiveQuote(q, live.get(stockKey(q))));
  return (
    <div>
      {/* Phones: a strip that scrolls sideways with snapping; wider screens: three columns. */}
      <div
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 sm:pb-0"
        aria-label="Market indices"
        role="list"
      >
        {quotes
          ? quotes.map((q) => <IndexCard key={q.symbol} quote={q} />)
          : [0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-[118px] w-[80%] shrink-0 rounded-2xl sm:w-auto" />
            ))}
      </div>
      {quotes && quotes.length > 0 && (
        <SimulatedDataNote
          asOf={latestAsOf(quotes)}
          timeZone={exchangeTimeZone(quotes[0]!.market)}
          className="mt-2"
        />
      )}
    </div>
  );
}

function IndexCard({ quote }: { quote: Quote }) {
  const flash = usePriceFlash(quote.price);
  const sparkline = useQuery(sparklineQuery(quote, SPARKLINE_POINTS));
  // The last point follows the live price.
  const values = [...(sparkline.data?.closes ?? [])];
  if (values.length > 0) values[values.length - 1] = quote.price;
  return (
    // A button may not be a list item itself (ARIA): the item holds it.
    <div role="listitem" className="flex w-[80%] min-w-0 shrink-0 snap-start sm:w-auto">
      <button
        type="button"
        data-testid="index-card"
        onClick={() => openStock(quote)}
        className="group flex w-full min-w-0 flex-col rounded-2xl border border-slate-200/80 bg-white p-4 text-left shadow-sm transition hover:border-brand-300 hover:shadow-md"
      >
        <div className="flex w-full items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-slate-500">{quote.symbol}</p>
            <p className="truncate text-sm font-medium text-slate-800">{quote.name}</p>
          </div>
          <Sparkline
            values={values}
            tone={signedTone(quote.change)}
            className={cn('h-9 w-24 shrink-0', values.length < 2 && 'opacity-0')}
          />
        </div>
        <p
          className={cn(
            '-mx-1 mt-2 self-start rounded-md px-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums transition-colors duration-500',
            flash && FLASH_CLASS[flash],
          )}
        >
          {formatPrice(quote.price, quote.quote_unit)}
        </p>
        <div className="mt-1 flex w-full flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <ChangeText
            change={quote.change}
            percent={quote.change_percent}
            unit={quote.quote_unit}
            className="text-sm"
          />
          <MarketStatus
            open={quote.market_open}
            asOf={quote.as_of}
            timeZone={exchangeTimeZone(quote.market)}
          />
        </div>
      </button>
    </div>
  );
}
