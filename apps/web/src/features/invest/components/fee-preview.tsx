import type { OrderPreview } from '@imali/contract';
import { formatCurrency, formatPrice, formatQuantity } from '@imali/money';
import { FeeLines, FeeScheduleNote } from '@/components/fee-lines';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/http';
import { Notice, SectionTitle, SummaryLine } from './parts';

const TOTAL_LABEL = {
  buy: 'Total to pay',
  hold: 'Total held until settlement',
  sell: 'You receive',
} as const;

/**
 * The fee preview: exactly what the receipt will show if the order is placed now (trade value,
 * each charge named and grouped under the spec's buckets with how they add up, the total, and the
 * fee schedule by name and version).
 */
export function FeePreview({
  preview,
  loading,
  error,
  totalKind = 'buy',
  placeholder = 'Enter a quantity to see the fees.',
}: {
  preview: OrderPreview | undefined;
  loading: boolean;
  error?: unknown;
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
        <FeeFigures preview={preview} totalKind={totalKind} loading={loading} />
      )}
    </section>
  );
}

function FeeFigures({
  preview,
  totalKind,
  loading,
}: {
  preview: OrderPreview;
  totalKind: keyof typeof TOTAL_LABEL;
  loading: boolean;
}) {
  const money = (v: string) => formatCurrency(v, preview.currency);
  return (
    <div className={loading ? 'opacity-60 transition-opacity' : undefined} aria-busy={loading || undefined}>
      <SummaryLine
        label={`Trade value (${formatQuantity(preview.quantity, 'shares')} × ${formatPrice(preview.price, preview.quote_unit)})`}
        value={money(preview.trade_value)}
        testId="preview-trade-value"
      />
      <div className="my-1 border-t border-slate-100" />
      {/* One story: each charge named, grouped under the spec's buckets with how they add up. */}
      <FeeLines
        items={preview.fee_items}
        currency={preview.currency}
        total={preview.fees.total}
        totalLabel="Total fees"
        testIdPrefix="preview-fee"
      />
      <div className="my-1 border-t border-slate-100" />
      <SummaryLine
        label={TOTAL_LABEL[totalKind]}
        value={money(preview.total)}
        strong
        testId="preview-total"
      />
      <FeeScheduleNote version={preview.fee_schedule} className="mt-1" />
    </div>
  );
}
