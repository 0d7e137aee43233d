import { useMemo, useState, type ComponentType } from 'react';
import type { BottomDrawerContentProps, BottomDrawerParams } from '@/components/ui/bottom-drawer';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, ChartIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/http';
import type { Company, StockDetail } from '@imali/contract';
import { abbreviateAmount } from '@imali/money';
import { useChartData, useCompany, useStockDetail } from '../api/stock';
import { useWatchlist, useWatchlistChange } from '../api/market-lists';
import { useLiveQuote } from '../hooks/use-live-quotes';
import { FLASH_CLASS, usePriceFlash } from '../hooks/use-price-flash';
import {
  applyTick,
  candlesForRange,
  CHART_RANGES,
  exchangeTimeZone,
  INTERVAL_SECONDS,
  RANGE_SPECS,
  rangeChange,
  toChartPoints,
  type ChartRange,
} from '../model/candles';
import {
  changeColorClass,
  formatChange,
  formatChangePercent,
  formatLarge,
  formatMarketCap,
  formatPrice,
  toDisplayNumber,
  unitLabel,
} from '../model/format';
import { isWatched, withLiveQuote, type StockKey } from '../model/quotes';
import { ChangeText, MarketStatus, Panel, RangeBar, SimulatedDataNote } from './bits';
import { PriceChart, type ChartStyle } from './price-chart';

function stockOf(params: BottomDrawerParams['stock']): StockKey {
  const text = (v: string | undefined, fallback: string) => (v?.trim() ? v.trim().toUpperCase() : fallback);
  return {
    symbol: text(params.symbol, ''),
    market: text(params.market, 'JSE'),
    country: text(params.country, 'ZA'),
  };
}

/** What the drawer hands a buy form (the app plugs one in: a feature never imports another). */
export interface StockBuyPanelProps {
  stock: StockKey & { name: string };
  /** Back to the stock's details. */
  onBack: () => void;
  close: () => void;
  closeAndNavigate: (to: string) => void;
}

/**
 * The 'stock' bottom drawer: quote, chart, ranges, statistics, company profile, watch list, and a
 * Buy action when the app gives a `BuyPanel` (shown in place of the details).
 */
export default function StockDetailDrawer({
  params,
  close,
  closeAndNavigate,
  BuyPanel,
}: BottomDrawerContentProps<'stock'> & { BuyPanel?: ComponentType<StockBuyPanelProps> }) {
  const stock = useMemo(() => stockOf(params), [params]);
  const detail = useStockDetail(stock);
  const company = useCompany(stock);
  const live = useLiveQuote(stock);
  const [buying, setBuying] = useState(false);

  if (detail.isError) {
    return (
      <EmptyState
        icon={<AlertIcon />}
        title="This stock could not be loaded"
        description={errorMessage(detail.error, 'Request failed.')}
        action={<Button onClick={() => void detail.refetch()}>Try again</Button>}
      />
    );
  }
  if (!detail.data) return <DrawerSkeleton />;
  const quote = withLiveQuote(detail.data, live);
  if (buying && BuyPanel) {
    return (
      <BuyPanel
        stock={{ ...stock, name: quote.name }}
        onBack={() => setBuying(false)}
        close={close}
        closeAndNavigate={closeAndNavigate}
      />
    );
  }

  return (
    <div className="mx-auto max-w-5xl space-y-5 pb-6" data-testid="stock-detail" data-symbol={quote.symbol}>
      <QuoteHeader
        stock={stock}
        quote={quote}
        onBuy={BuyPanel && quote.type === 'stock' ? () => setBuying(true) : undefined}
      />
      {quote.S1 === 0 && (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800"
        >
          <AlertIcon size={18} className="shrink-0" />
          Trading in {quote.symbol} is restricted at the moment. Prices are shown for information.
        </div>
      )}
      <ChartPanel stock={stock} quote={quote} />
      <div className="grid gap-5 lg:grid-cols-5">
        <Panel title="Key statistics" className="lg:col-span-3">
          <KeyStatistics quote={quote} />
        </Panel>
        <Panel title="Trading ranges" className="lg:col-span-2">
          <div className="space-y-6 p-4 sm:p-5">
            <RangeBar
              label="Day range"
              low={quote.low}
              high={quote.high}
              value={quote.price}
              unit={quote.quote_unit}
            />
            <RangeBar
              label="52-week range"
              low={quote.week52_low}
              high={quote.week52_high}
              value={quote.price}
              unit={quote.quote_unit}
            />
          </div>
        </Panel>
      </div>
      <Panel title={`About ${quote.name}`}>
        <CompanyProfile company={company.data} loading={company.isPending} unit={quote.quote_unit} />
      </Panel>
    </div>
  );
}

function QuoteHeader({ stock, quote, onBuy }: { stock: StockKey; quote: StockDetail; onBuy?: () => void }) {
  const flash = usePriceFlash(quote.price);
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold text-slate-500">
          <span className="rounded-md bg-brand-50 px-2 py-0.5 text-brand-700">{quote.symbol}</span>
          <span className="rounded-md bg-slate-100 px-2 py-0.5">{quote.market}</span>
          <span className="rounded-md bg-slate-100 px-2 py-0.5">{quote.country}</span>
          {quote.type === 'indice' && <span className="rounded-md bg-slate-100 px-2 py-0.5">INDEX</span>}
        </div>
        <p className="mt-3 flex items-baseline gap-2">
          <span
            className={cn(
              '-mx-1 rounded-lg px-1 text-3xl font-bold tracking-tight text-slate-900 tabular-nums transition-colors duration-500 sm:text-4xl',
              flash && FLASH_CLASS[flash],
            )}
            data-testid="last-price"
          >
            {formatPrice(quote.price, quote.quote_unit)}
          </span>
          <span className="text-sm font-semibold text-slate-500">{unitLabel(quote.quote_unit)}</span>
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <ChangeText
            change={quote.change}
            percent={quote.change_percent}
            unit={quote.quote_unit}
            className="text-base"
          />
          <span className="text-xs text-slate-400">today</span>
        </p>
        <p className="mt-2">
          <MarketStatus
            open={quote.market_open}
            asOf={quote.as_of}
            timeZone={exchangeTimeZone(quote.market)}
          />
        </p>
        {/* The time of the price is on the line above. */}
        <SimulatedDataNote className="mt-1" />
      </div>
      {quote.type === 'stock' && (
        <div className="flex shrink-0 flex-wrap gap-2">
          <WatchButton stock={stock} />
          {onBuy && (
            <Button
              onClick={onBuy}
              disabled={quote.S1 === 0}
              title={quote.S1 === 0 ? 'Trading in this stock is restricted.' : undefined}
              className="min-w-24"
            >
              Buy
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function WatchButton({ stock }: { stock: StockKey }) {
  const list = useWatchlist();
  const change = useWatchlistChange();
  const watched = isWatched(list.data?.items, stock);
  const toggle = () =>
    change.mutate(
      { stock, watch: !watched },
      {
        onSuccess: () =>
          toast.success(
            watched
              ? `${stock.symbol} removed from your watch list`
              : `${stock.symbol} added to your watch list`,
          ),
        onError: (error) => toast.error(errorMessage(error, 'Request failed.')),
      },
    );
  return (
    <Button
      variant={watched ? 'secondary' : 'outline'}
      onClick={toggle}
      loading={change.isPending}
      disabled={list.isPending}
      aria-pressed={watched}
      className="shrink-0"
    >
      <StarIcon filled={watched} />
      {watched ? 'In Watch List' : 'Add to Watch List'}
    </Button>
  );
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinejoin="round"
    >
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}

function ChartPanel({ stock, quote }: { stock: StockKey; quote: StockDetail }) {
  const [range, setRange] = useState<ChartRange>('1D');
  const [style, setStyle] = useState<ChartStyle>('area');
  const spec = RANGE_SPECS[range];
  const chart = useChartData(stock, spec.interval, range);
  const timeZone = exchangeTimeZone(quote.market);

  const basePoints = useMemo(
    () =>
      chart.data ? toChartPoints(candlesForRange(chart.data.candles, range), chart.data.quote_unit) : [],
    [chart.data, range],
  );
  // While the exchange trades, the live price moves the last intraday candle.
  const points = useMemo(() => {
    if (!spec.intraday || !quote.market_open || basePoints.length === 0) return basePoints;
    return applyTick(
      basePoints,
      {
        timeSeconds: Math.floor(Date.parse(quote.as_of) / 1000),
        price: toDisplayNumber(quote.price, quote.quote_unit),
      },
      INTERVAL_SECONDS[spec.interval],
    );
  }, [basePoints, spec, quote.market_open, quote.as_of, quote.price, quote.quote_unit]);

  const periodChange = range === '1D' ? quote.change : (rangeChange(points)?.change ?? 0);
  const direction = periodChange > 0 ? 'up' : periodChange < 0 ? 'down' : 'flat';
  const period = range === '1D' ? null : rangeChange(points);

  return (
    <Panel
      title={
        <span className="flex items-center gap-2">
          Price chart
          {period && (
            <span className="text-xs font-medium text-slate-400">
              {spec.label}:{' '}
              <span className={changeColorClass(period.change)}>
                {formatChange(period.change, 'points')} ({formatChangePercent(period.percent)})
              </span>
            </span>
          )}
        </span>
      }
      action={
        <div
          className="flex items-center gap-1 rounded-lg bg-slate-100 p-0.5"
          role="group"
          aria-label="Chart style"
        >
          {(['area', 'candles'] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={style === s}
              onClick={() => setStyle(s)}
              className={cn(
                'rounded-md px-2.5 py-1 text-xs font-semibold transition-colors',
                style === s ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500 hover:text-slate-800',
              )}
            >
              {s === 'area' ? 'Line' : 'Candles'}
            </button>
          ))}
        </div>
      }
    >
      <div className="px-2 pt-3 sm:px-4">
        <div role="tablist" aria-label="Chart range" className="mb-2 flex gap-1 px-2">
          {CHART_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              role="tab"
              aria-selected={range === r}
              // The visible '1Y' stays in the name (WCAG 2.5.3), the words follow it.
              aria-label={`${r}, ${RANGE_SPECS[r].label}`}
              onClick={() => setRange(r)}
              className={cn(
                'h-8 min-w-11 rounded-lg px-3 text-sm font-semibold transition-colors',
                range === r
                  ? 'bg-brand-600 text-white shadow-sm'
                  : 'text-slate-500 hover:bg-slate-100 hover:text-slate-800',
              )}
            >
              {r}
            </button>
          ))}
        </div>
        <div
          className="relative h-[300px] sm:h-[380px]"
          // A figure, not an img: the chart inside has controls of its own (an img hides them).
          role="figure"
          aria-label={`${quote.name} price chart, ${spec.label}`}
        >
          {chart.isError ? (
            <div className="flex h-full items-center justify-center text-sm text-slate-500">
              {errorMessage(chart.error, 'The chart could not be loaded.')}
            </div>
          ) : points.length === 0 ? (
            chart.isPending ? (
              <Skeleton className="h-full w-full" />
            ) : (
              <div className="flex h-full flex-col items-center justify-center gap-2 text-sm text-slate-500">
                <ChartIcon />
                No prices for this period yet.
              </div>
            )
          ) : (
            <PriceChart
              points={points}
              range={range}
              timeZone={timeZone}
              style={style}
              direction={direction}
              previousClose={toDisplayNumber(quote.previous_close, quote.quote_unit)}
            />
          )}
        </div>
      </div>
    </Panel>
  );
}

function KeyStatistics({ quote }: { quote: StockDetail }) {
  const unit = quote.quote_unit;
  const rows: Array<[string, string]> = [
    ['Open', formatPrice(quote.open, unit)],
    ['Previous close', formatPrice(quote.previous_close, unit)],
    ['Day high', formatPrice(quote.high, unit)],
    ['Day low', formatPrice(quote.low, unit)],
    ['Volume', quote.type === 'indice' ? '-' : formatLarge(quote.volume)],
    ['Market cap', formatMarketCap(quote.market_cap, unit)],
    ['52-week high', formatPrice(quote.week52_high, unit)],
    ['52-week low', formatPrice(quote.week52_low, unit)],
    ['Currency', quote.type === 'indice' ? 'Index points' : quote.currency],
    ['Trading day', quote.trading_day],
  ];
  return (
    <dl className="grid grid-cols-2 gap-px bg-slate-100 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-center justify-between gap-3 bg-white px-4 py-3 sm:px-5">
          <dt className="text-xs text-slate-500 sm:text-sm">{label}</dt>
          <dd className="text-right text-sm font-semibold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="col-span-2 flex items-center justify-between gap-3 bg-white px-4 py-3 sm:px-5">
        <dt className="text-xs text-slate-500 sm:text-sm">Trading status</dt>
        <dd className={cn('text-sm font-semibold', quote.S1 === 1 ? 'text-green-600' : 'text-amber-600')}>
          {quote.S1 === 1 ? 'Tradable' : 'Restricted'}
        </dd>
      </div>
    </dl>
  );
}

function CompanyProfile({
  company,
  loading,
  unit,
}: {
  company: Company | undefined;
  loading: boolean;
  unit: StockDetail['quote_unit'];
}) {
  if (loading) {
    return (
      <div className="space-y-2 p-5">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
      </div>
    );
  }
  if (!company) return <p className="p-5 text-sm text-slate-500">No company profile is available.</p>;
  return (
    <div className="space-y-4 p-4 sm:p-5">
      <div className="flex flex-wrap gap-2 text-xs font-semibold">
        <span className="rounded-full bg-gold-100 px-2.5 py-1 text-gold-600">{company.sector}</span>
        <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-600">
          {company.market} · {company.country}
        </span>
      </div>
      <p className="text-sm leading-6 text-slate-700">{company.profile}</p>
      {company.shares_outstanding !== null && (
        <p className="text-xs text-slate-500">
          Shares outstanding:{' '}
          <span className="font-semibold text-slate-700">{abbreviateAmount(company.shares_outstanding)}</span>
          {unit === 'ZAc' && ' · JSE prices are quoted in cents and shown here in rand.'}
        </p>
      )}
    </div>
  );
}

function DrawerSkeleton() {
  return (
    <div className="mx-auto max-w-5xl space-y-5" role="status" aria-label="Loading">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-10 w-56" />
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-[340px] w-full rounded-2xl" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Skeleton className="h-40 w-full rounded-2xl" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </div>
    </div>
  );
}
