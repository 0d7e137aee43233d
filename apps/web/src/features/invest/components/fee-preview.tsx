import type { OrderPreview } from '@imali/contract';
import { formatPrice, formatQuantity } from '@imali/money';
import { FeePreview as SharedFeePreview } from '@/components/fee-preview';

const TOTAL_LABEL = {
  buy: 'Total to pay',
  hold: 'Total held until settlement',
  sell: 'You receive',
} as const;

/**
 * A share order's fee preview (the shared one, `components/fee-preview.tsx`): the trade value as
 * shares × price in the quote unit, and what the total is for — paid, held until settlement, or
 * received from a sale.
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
    <SharedFeePreview
      preview={preview}
      loading={loading}
      error={error}
      placeholder={placeholder}
      tradeValue={{
        label: (p) =>
          `Trade value (${formatQuantity(p.quantity, 'shares')} × ${formatPrice(p.price, p.quote_unit)})`,
        testId: 'preview-trade-value',
      }}
      total={{ label: TOTAL_LABEL[totalKind], testId: 'preview-total' }}
    />
  );
}
