import { TradingMessages } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { QuotationState } from '../hooks/use-quotation';
import { formatPrice } from '@imali/money';
import { Notice } from '@/components/ui/notice';
import { SimulatedNote } from './parts';
import { QuoteCountdown } from './quote-countdown';

/**
 * The live price an order is priced at: the quotation (ZA in rand, the quote's cents ÷ 100), its
 * 20-second countdown, whether the exchange is open, and the simulated-data caption.
 */
export function QuotePanel({
  quote,
  country,
  label = 'Live price',
}: {
  quote: QuotationState;
  country: string;
  label?: string;
}) {
  const q = quote.quotation;
  return (
    <section aria-label={label} data-testid="quote-panel" className="rounded-2xl border border-slate-200 p-4">
      <p className="text-xs font-medium text-slate-500">{label}</p>
      {!q ? (
        quote.loading ? (
          <div className="mt-2 space-y-2" role="status" aria-label="Loading">
            <Skeleton className="h-8 w-40" />
            <Skeleton className="h-2 w-full" />
          </div>
        ) : (
          <div className="mt-2 space-y-2">
            <p className="text-sm text-slate-600">
              {quote.outcome === 'unavailable'
                ? TradingMessages.priceUnavailable
                : TradingMessages.priceFetchFailed}
            </p>
            <Button size="sm" variant="outline" onClick={quote.requote}>
              Try again
            </Button>
          </div>
        )
      ) : (
        <>
          <p
            className="mt-1 text-3xl font-bold tracking-tight text-slate-900 tabular-nums"
            data-testid="quote-price"
            data-quote-id={q.quote_id}
          >
            {formatPrice(q.price, q.quote_unit)}
          </p>
          <p className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-500">
            <span
              aria-hidden="true"
              className={
                q.market_open
                  ? 'size-2 animate-pulse rounded-full bg-green-500'
                  : 'size-2 rounded-full bg-slate-300'
              }
            />
            {q.market_open ? `${q.market} open` : `${q.market} closed`}
            {q.quote_unit === 'ZAc' && ' · quoted in cents, shown in rand'}
          </p>
          <SimulatedNote asOf={q.as_of} country={country} className="mt-1" />
          <QuoteCountdown
            className="mt-3"
            remainingMs={quote.remainingMs}
            totalMs={quote.totalMs}
            expired={quote.expired}
            onRequote={quote.requote}
            requoting={quote.loading}
          />
          {q.S1 === 0 && (
            <Notice tone="warning" className="mt-3" testId="quote-restricted">
              {TradingMessages.restricted}
            </Notice>
          )}
        </>
      )}
    </section>
  );
}
