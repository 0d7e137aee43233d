import type { ReactNode } from 'react';
import type { OrderPreview } from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/http';
import { FeeLines, FeeScheduleNote } from './fee-lines';
import { Notice } from './ui/notice';
import { LinesSkeleton } from './ui/skeleton';
import { SummaryRows } from './ui/summary-rows';

/** A figure line of the preview: its label and where tests and e2e find it. */
export interface PreviewLine {
  label: ReactNode | ((preview: OrderPreview) => ReactNode);
  testId?: string;
  valueTestId?: string;
}

/**
 * The fee preview of every product drawer (GET …/preview: the figures the receipt will show if the
 * order is placed now): the trade value, each charge named and grouped under the spec's buckets
 * with how they add up (`FeeLines`, as the receipt shows them), the total (what is paid, held or
 * received), and the fee schedule by name and version. Before there is anything to preview it says
 * what to enter; while the figures load it keeps their room; a refusal is said in their place.
 */
export function FeePreview({
  preview,
  loading,
  error,
  placeholder,
  tradeValue,
  total,
  feeTestIdPrefix = 'preview-fee',
  testId = 'fee-preview',
  headingLevel = 3,
  className,
}: {
  preview: OrderPreview | undefined;
  loading: boolean;
  error?: unknown;
  placeholder: ReactNode;
  tradeValue: PreviewLine;
  total: PreviewLine;
  feeTestIdPrefix?: string;
  testId?: string;
  headingLevel?: 3 | 4;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      aria-label="Fee preview"
      data-testid={testId}
      aria-busy={loading || undefined}
      className={cn('rounded-2xl border border-slate-200 bg-white p-4', className)}
    >
      <Heading className="mb-2 text-sm font-semibold text-slate-900">Fee preview</Heading>
      {error ? (
        <Notice tone="error">{errorMessage(error)}</Notice>
      ) : !preview ? (
        loading ? (
          <LinesSkeleton rows={4} />
        ) : (
          <p className="text-sm text-slate-500">{placeholder}</p>
        )
      ) : (
        // Three lists one after another (a dl holds no dl): the trade, the fees, the total.
        <div className={cn('space-y-2', loading && 'opacity-60 transition-opacity')}>
          <SummaryRows
            boxed={false}
            rows={[line(tradeValue, preview, formatCurrency(preview.trade_value, preview.currency))]}
          />
          <FeeLines
            items={preview.fee_items}
            currency={preview.currency}
            total={preview.fees.total}
            totalLabel="Total fees"
            testIdPrefix={feeTestIdPrefix}
            className="border-t border-slate-100 pt-2"
          />
          <SummaryRows
            boxed={false}
            className="border-t border-slate-100 pt-2"
            rows={[
              { ...line(total, preview, formatCurrency(preview.total, preview.currency)), strong: true },
            ]}
          />
          <FeeScheduleNote version={preview.fee_schedule} />
        </div>
      )}
    </section>
  );
}

function line({ label, ...ids }: PreviewLine, preview: OrderPreview, value: string) {
  return { ...ids, label: typeof label === 'function' ? label(preview) : label, value };
}
