import type { OrderPreview } from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/http';
import { sharesText } from '../model/quantity';
import { formatQuotePrice } from '../model/format';
import { Notice, SectionTitle, SummaryLine } from './parts';

/** The tax line's name per country profile (VAT in South Africa, GST in India). */
const TAX_LABEL: Record<string, string> = { ZA: 'VAT', IN: 'GST' };
export const taxLabel = (country: string) => TAX_LABEL[country] ?? 'VAT/GST';

const TOTAL_LABEL = {
  buy: 'Total to pay',
  hold: 'Total held until settlement',
  sell: 'You receive',
} as const;

/**
 * The fee preview: exactly what the receipt will show if the order is placed now (trade value,
 * each fee bucket, the itemised charges, the total and the fee schedule's version).
 */
export function FeePreview({
  preview,
  loading,
  error,
  country,
  totalKind = 'buy',
  placeholder = 'Enter a quantity to see the fees.',
}: {
  preview: OrderPreview | undefined;
  loading: boolean;
  error?: unknown;
  country: string;
  totalKind?: keyof typeof TOTAL_LABEL;
  placeholder?: string;
}) {
  return (
    <section
      aria-label="Fee preview"
      data-testid="fee-preview"
      className="rounded-2xl border border-slate-200 p-4"
    >
      <SectionTitle>Fee preview</SectionTitle>
      {error ? (
        <Notice tone="error">{errorMessage(error)}</Notice>
      ) : !preview ? (
        loading ? (
          <div className="space-y-2" role="status" aria-label="Loading">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="flex justify-between">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-4 w-20" />
              </div>
            ))}
          </div>
        ) : (
          <p className="text-sm text-slate-500">{placeholder}</p>
        )
      ) : (
        <FeeFigures preview={preview} country={country} totalKind={totalKind} loading={loading} />
      )}
    </section>
  );
}

function FeeFigures({
  preview,
  country,
  totalKind,
  loading,
}: {
  preview: OrderPreview;
  country: string;
  totalKind: keyof typeof TOTAL_LABEL;
  loading: boolean;
}) {
  const money = (v: string) => formatCurrency(v, preview.currency);
  const buckets: Array<[string, string, string]> = [
    ['brokerage', 'Brokerage', preview.fees.brokerage],
    ['stt', 'STT', preview.fees.stt],
    ['txn', 'Transaction charges', preview.fees.txn],
    ['gst', taxLabel(country), preview.fees.gst],
  ];
  return (
    <div className={loading ? 'opacity-60 transition-opacity' : undefined} aria-busy={loading || undefined}>
      <SummaryLine
        label={`Trade value (${sharesText(preview.quantity)} × ${formatQuotePrice(preview.price, country, preview.currency)})`}
        value={money(preview.trade_value)}
        testId="preview-trade-value"
      />
      <div className="my-1 border-t border-slate-100" />
      {buckets.map(([code, label, amount]) => (
        <SummaryLine key={code} label={label} value={money(amount)} testId={`preview-fee-${code}`} />
      ))}
      {preview.fee_items.length > 0 && (
        <ul aria-label="Itemised charges" className="my-1 space-y-0.5 rounded-lg bg-slate-50 px-3 py-2">
          {preview.fee_items.map((item) => (
            <li
              key={`${item.side}-${item.code}`}
              className="flex justify-between gap-3 text-xs text-slate-500"
            >
              <span>{item.label}</span>
              <span className="tabular-nums">{money(item.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <SummaryLine label="Total fees" value={money(preview.fees.total)} testId="preview-fee-total" />
      <div className="my-1 border-t border-slate-100" />
      <SummaryLine
        label={TOTAL_LABEL[totalKind]}
        value={money(preview.total)}
        strong
        testId="preview-total"
      />
      <p className="mt-1 text-[11px] text-slate-400">Fee schedule {preview.fee_schedule}</p>
    </div>
  );
}
