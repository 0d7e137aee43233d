import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderPreview, OrderResult } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { PinHint } from '@/components/ui/product-layout';
import { Skeleton } from '@/components/ui/skeleton';
import { accountsQueryKey, useAccounts } from '@/lib/accounts';
import { isFeesChanged, useOrderFlow, type OrderFlowDeps } from '@/lib/order-flow';
import { useDebounced } from '@/lib/use-debounced';
import { investKeys } from '../api/keys';
import type { QuotationState } from '../hooks/use-quotation';
import { accountsFor, covers } from '../model/funds';
import { normalQuantity, quantityError } from '../model/quantity';
import { FeePreview } from './fee-preview';
import { AccountField, QuantityField } from './order-fields';

export interface OrderInput {
  quantity: string;
  accountId: number;
  /** The quotation the order is priced at (quote-priced orders only). */
  quoteId?: string;
}

export interface OrderFormProps<B> {
  instrument: { symbol: string; market: string; country: string; currency: string };
  limits?: { min?: string | null; max?: string | null };
  /** Present for orders priced at a quotation (stock and fixed-term buys). */
  quote?: QuotationState | null;
  /** Identifies the product in the preview's cache key ('standard:NPN', 'fo:12'). */
  previewKey: string;
  fetchPreview: (input: OrderInput, signal: AbortSignal) => Promise<OrderPreview>;
  /**
   * `preview`: the one shown, so the body repeats its fee schedule (receipt = preview; a 409 when
   * the fees changed since reads the preview again).
   */
  buildBody: (input: OrderInput, preview: OrderPreview | undefined) => B;
  send: (body: B, key: string) => Promise<OrderResult>;
  /** The PIN modal's line: what the PIN confirms. */
  describe: (input: OrderInput, preview: OrderPreview | undefined) => string;
  submitLabel: string;
  totalKind?: 'buy' | 'hold';
  /** A reason the order cannot be placed now (market closed, offering not open, restricted). */
  blocked?: ReactNode;
  deps: OrderFlowDeps;
  onPlaced: (result: OrderResult) => void;
}

/**
 * Account (in the instrument's currency), quantity (whole shares, within limits), the fee preview
 * for exactly that order, then Verify Your PIN and the POST. Shared by the stock, fixed-term and
 * block forms.
 */
export function OrderForm<B>({
  instrument,
  limits = {},
  quote,
  previewKey,
  fetchPreview,
  buildBody,
  send,
  describe,
  submitLabel,
  totalKind = 'buy',
  blocked,
  deps,
  onPlaced,
}: OrderFormProps<B>) {
  const queryClient = useQueryClient();
  const accounts = useAccounts();
  const payable = accountsFor(accounts.data, instrument.currency);
  const [chosen, setChosen] = useState<number | null>(null);
  const accountId = chosen ?? payable[0]?.id ?? null;
  const account = payable.find((a) => a.id === accountId);
  const [quantity, setQuantity] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const flow = useOrderFlow(deps);

  const error = quantityError(quantity, limits);
  const settledQuantity = useDebounced(quantity, 300);
  const quoteId = quote?.quotation?.quote_id;
  const quoteUsable = !quote || (quote.quotation !== null && !quote.expired);
  const previewInput: OrderInput | null =
    !quantityError(settledQuantity, limits) && accountId !== null && quoteUsable && !(quote && !quoteId)
      ? { quantity: normalQuantity(settledQuantity), accountId, ...(quoteId ? { quoteId } : {}) }
      : null;
  const preview = useQuery({
    queryKey: investKeys.preview({
      product: previewKey,
      quantity: previewInput?.quantity,
      account: previewInput?.accountId,
      quote: previewInput?.quoteId,
    }),
    queryFn: ({ signal }) => fetchPreview(previewInput!, signal),
    enabled: previewInput !== null,
    staleTime: Infinity,
  });
  const shownPreview = previewInput ? preview.data : undefined;
  const insufficient = shownPreview !== undefined && !covers(account, shownPreview.total);
  const typing = quantity !== settledQuantity;

  const submit = async () => {
    setSubmitted(true);
    if (error || accountId === null || blocked) return;
    if (quote && (!quote.quotation || quote.expired)) return;
    if (insufficient) return;
    const input: OrderInput = {
      quantity: normalQuantity(quantity),
      accountId,
      ...(quoteId ? { quoteId } : {}),
    };
    const result = await flow.place({
      description: describe(input, shownPreview),
      body: buildBody(input, shownPreview),
      send,
      quoteExpired: quote ? () => Date.now() >= quote.deadline : undefined,
      onRefused: (refusal) => {
        void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
        // Fees changed since the preview (decision 0063): the preview is read again, with the new fees.
        if (isFeesChanged(refusal)) void queryClient.invalidateQueries({ queryKey: investKeys.previews });
        // A quotation refused by the server (expired, used) is replaced by a fresh one.
        if (quote && refusal.status === 409) quote.requote();
      },
    });
    if (result) {
      void queryClient.invalidateQueries({ queryKey: investKeys.all });
      onPlaced(result);
    }
  };

  if (accounts.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading">
        <Skeleton className="h-16 w-full rounded-xl" />
        <Skeleton className="h-14 w-full rounded-xl" />
      </div>
    );
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <AccountField
        accounts={payable}
        currency={instrument.currency}
        market={instrument.market}
        value={accountId}
        onChange={setChosen}
        insufficient={insufficient}
        needed={shownPreview?.total}
      />
      <QuantityField
        value={quantity}
        onChange={setQuantity}
        error={submitted || (quantity !== '' && !typing) ? error : undefined}
        min={limits.min}
        max={limits.max}
      />
      <FeePreview
        preview={shownPreview}
        loading={previewInput !== null && (preview.isFetching || typing)}
        error={previewInput ? preview.error : undefined}
        totalKind={totalKind}
        placeholder={
          quote && quote.expired
            ? 'Get the latest quotation to see the fees.'
            : 'Enter a quantity to see the fees.'
        }
      />
      {blocked}
      <PinHint />
      <Button
        type="submit"
        block
        size="lg"
        loading={flow.busy}
        disabled={
          Boolean(blocked) ||
          payable.length === 0 ||
          insufficient ||
          (quote !== undefined && quote !== null && (!quote.quotation || quote.expired))
        }
      >
        {submitLabel}
      </Button>
    </form>
  );
}
