import { useState, type ReactNode } from 'react';
import { currencyForCountry, formatCurrency, formatQuantity } from '@imali/money';
import { TradingMessages, type MarketCode, type MarketCountry, type OrderResult } from '@imali/contract';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { buyStock } from '../api/orders';
import { fetchStockPreview } from '../api/preview';
import { useQuotation } from '../hooks/use-quotation';
import { OrderForm } from './order-form';
import { OrderPlaced } from './order-placed';
import { Notice } from '@/components/ui/notice';
import { ProductBadge } from './parts';
import type { OrderFlowDeps } from '@/lib/order-flow';
import { QuotePanel } from './quote-panel';

export interface StockBuyPanelProps extends OrderFlowDeps {
  stock: { symbol: string; market: string; country: string; name: string };
  /** Back to the stock's details. */
  onBack: () => void;
  close: () => void;
  closeAndNavigate: (to: string) => void;
}

/**
 * A plain stock buy (ttype standard) from the Stock Detail drawer: the quotation with its
 * 20-second countdown, account and quantity, the fee preview, then Verify Your PIN and
 * POST /client/app/v1/order/buy.
 */
export default function StockBuyPanel({
  stock,
  onBack,
  close,
  closeAndNavigate,
  ...deps
}: StockBuyPanelProps) {
  const [placed, setPlaced] = useState<OrderResult | null>(null);
  const quote = useQuotation(placed ? null : stock, {
    onUnavailable: () => toast.warning(TradingMessages.priceUnavailable),
    onFailed: () => toast.error(TradingMessages.priceFetchFailed),
  });
  const q = quote.quotation;
  const currency = q?.currency ?? currencyForCountry(stock.country);

  if (placed) {
    return (
      <OrderPlaced
        order={placed.order}
        message={placed.message}
        onDone={close}
        onPortfolio={() => closeAndNavigate('/portfolio/holding')}
      />
    );
  }

  let blocked: ReactNode = null;
  if (q && q.S1 === 0) blocked = <Notice tone="warning">{TradingMessages.restricted}</Notice>;
  else if (q && !q.market_open)
    blocked = (
      <Notice tone="warning">
        {/* The server's message says when it opens (and, off production, how to try the demo). */}
        {q.closed_message ??
          `The ${q.market} is closed. Stocks are bought at a live quote during its trading hours.`}
      </Notice>
    );

  return (
    <div className="mx-auto max-w-xl space-y-5 pb-6" data-testid="stock-buy">
      <div>
        <button
          type="button"
          onClick={onBack}
          className="-ml-1 inline-flex items-center gap-1 rounded-lg px-1 py-1 text-sm font-semibold text-brand-600 hover:text-brand-700"
        >
          <ChevronLeftIcon size={16} /> Back to details
        </button>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <ProductBadge dtype="standard" />
        </div>
        <h2 className="mt-2 text-xl font-bold text-slate-900">Buy {stock.name}</h2>
        <p className="text-sm text-slate-500">
          {stock.symbol} · {stock.market} · {stock.country}
        </p>
      </div>
      <QuotePanel quote={quote} country={stock.country} />
      <OrderForm
        instrument={{ ...stock, currency }}
        quote={quote}
        previewKey={`standard:${stock.market}:${stock.symbol}`}
        fetchPreview={(input, signal) =>
          fetchStockPreview(
            {
              symbol: stock.symbol,
              market: stock.market as MarketCode,
              country: stock.country as MarketCountry,
              quantity: input.quantity,
              account_id: input.accountId,
              quote_id: input.quoteId ?? '',
            },
            signal,
          )
        }
        buildBody={(input, preview) => ({
          symbol: stock.symbol,
          market: stock.market as MarketCode,
          country: stock.country as MarketCountry,
          quantity: input.quantity,
          account_id: input.accountId,
          quote_id: input.quoteId ?? '',
          // Fees published since this preview: the server refuses (409) rather than charge others.
          ...(preview ? { fee_schedule: preview.fee_schedule } : {}),
        })}
        send={buyStock}
        describe={(input, preview) =>
          `Confirm your buy of ${formatQuantity(input.quantity, 'shares')} of ${stock.symbol}` +
          (preview ? ` for ${formatCurrency(preview.total, preview.currency)}.` : '.')
        }
        submitLabel="Buy"
        blocked={blocked}
        deps={deps}
        onPlaced={setPlaced}
      />
    </div>
  );
}
