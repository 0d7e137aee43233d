import { useQuery } from '@tanstack/react-query';
import type { NewsSummary } from '@imali/contract';
import { signedTone } from '@imali/money';
import { rightDrawer } from '@/components/ui/right-drawer';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { ChevronRightIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/http';
import { useNewsDetail, useNewsList } from '../api/market-lists';
import { symbolQuotesQuery } from '../api/stock';
import { formatChangePercent, formatPrice } from '../model/format';
import { exchangeTimeZone } from '../model/candles';
import { latestAsOf } from '../model/quotes';
import { ChangeChip, Panel, SimulatedDataNote } from './bits';
import { openStock, openStockBySymbol } from './open-stock';

const dateText = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Johannesburg',
});

function published(iso: string): string {
  return dateText.format(new Date(iso));
}

/** News of the country profile; an article opens in the right-side drawer. */
export function NewsPanel({ country }: { country: string }) {
  const news = useNewsList(country);
  return (
    <Panel title="Market News" id="news">
      {news.isError ? (
        <p className="px-5 py-8 text-center text-sm text-slate-500">{errorMessage(news.error)}</p>
      ) : !news.data ? (
        <div className="space-y-4 p-5" role="status" aria-label="Loading">
          {[0, 1, 2].map((i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-full" />
            </div>
          ))}
        </div>
      ) : news.data.items.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-500">No news yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="news-list">
          {news.data.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => rightDrawer.open(NewsArticle, { summary: item }, item.title)}
                className="flex w-full items-start gap-3 px-4 py-4 text-left hover:bg-slate-50 sm:px-5"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{item.title}</span>
                  <span className="mt-1 line-clamp-2 block text-sm text-slate-500">{item.summary}</span>
                  <span className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-400">
                    <span>{item.source}</span>
                    <span aria-hidden="true">·</span>
                    <span>{published(item.published_at)}</span>
                    {item.symbols.slice(0, 4).map((s) => (
                      <span
                        key={s}
                        className="rounded bg-slate-100 px-1.5 py-0.5 font-semibold text-slate-600"
                      >
                        {s}
                      </span>
                    ))}
                  </span>
                </span>
                <ChevronRightIcon size={18} className="mt-1 shrink-0 text-slate-300" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The article's stocks with their prices (batch quote call); each opens its detail drawer. */
function RelatedStocks({ symbols, country }: { symbols: string[]; country: string }) {
  const quotes = useQuery(symbolQuotesQuery(symbols, country));
  const bySymbol = new Map((quotes.data ?? []).map((q) => [q.symbol, q]));
  const first = quotes.data?.[0];
  return (
    <>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {symbols.map((symbol) => {
          const quote = bySymbol.get(symbol.toUpperCase());
          const open = () => {
            rightDrawer.close();
            if (quote) openStock(quote);
            else openStockBySymbol(symbol, country).catch(() => toast.error('Request failed.'));
          };
          return (
            <li key={symbol}>
              <button
                type="button"
                onClick={open}
                className="flex w-full items-center gap-3 px-3 py-2 text-left hover:bg-slate-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-slate-900">{symbol}</span>
                  <span className="block truncate text-xs text-slate-500">{quote?.name ?? ' '}</span>
                </span>
                {quote ? (
                  <>
                    <span className="text-sm font-semibold text-slate-900 tabular-nums">
                      {formatPrice(quote.price, quote.quote_unit)}
                    </span>
                    <ChangeChip
                      text={formatChangePercent(quote.change_percent)}
                      tone={signedTone(quote.change)}
                    />
                  </>
                ) : quotes.isPending ? (
                  <Skeleton className="h-5 w-24" />
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {first && (
        <SimulatedDataNote
          asOf={latestAsOf(quotes.data ?? [])}
          timeZone={exchangeTimeZone(first.market)}
          className="mt-2"
        />
      )}
    </>
  );
}

/** The article view (news detail) inside the right drawer. */
function NewsArticle({ summary }: { summary: NewsSummary }) {
  const detail = useNewsDetail(summary.id);
  return (
    <article className="p-6 pt-12" data-testid="news-article">
      <p className="text-xs font-semibold tracking-wide text-brand-600 uppercase">{summary.source}</p>
      <h2 className="mt-2 text-xl leading-snug font-bold text-slate-900">{summary.title}</h2>
      <p className="mt-2 text-xs text-slate-400">{published(summary.published_at)}</p>
      <p className="mt-4 text-sm leading-6 font-medium text-slate-700">{summary.summary}</p>
      <div className="mt-4 space-y-3 text-sm leading-6 text-slate-700">
        {detail.isError ? (
          <p className="text-slate-500">{errorMessage(detail.error)}</p>
        ) : !detail.data ? (
          <>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-4 w-2/3" />
          </>
        ) : (
          detail.data.body.split(/\n{2,}/).map((para, i) => <p key={i}>{para}</p>)
        )}
      </div>
      {summary.symbols.length > 0 && (
        <div className="mt-6 border-t border-slate-100 pt-4">
          <p className="mb-2 text-xs font-semibold text-slate-500">Stocks in this article</p>
          <RelatedStocks symbols={summary.symbols} country={summary.country} />
        </div>
      )}
    </article>
  );
}
