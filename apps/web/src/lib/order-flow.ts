import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode, TradingMessages, type OrderResult } from '@imali/contract';
import { toast } from '@/components/ui/toast';
import { accountsQueryKey } from './accounts';
import { ApiError, errorMessage } from './http';
import { createIdempotencyKeeper, isRefusal, sendOnce, type IdempotencyKeeper } from './idempotency';

/** Opens 'Verify Your PIN' and resolves true once verified, false when the client closes it. */
export type AskForPin = (description?: string) => Promise<boolean>;

/**
 * What the app gives every order flow (a feature never imports another): the wallet's Verify Your
 * PIN, and what to refresh once an order is placed (order lists, balances).
 */
export interface OrderFlowDeps {
  askForPin: AskForPin;
  /** An order was placed, changed or closed: refresh order lists and balances. */
  onOrderPlaced?: (result: OrderResult) => void;
  /** What the client was shown of its orders is out of date (fees changed since): read them again. */
  refreshOrders?: () => void;
}

/**
 * The server refused an order because another fee schedule is in force than the one its preview
 * showed (decision 0063: the receipt shows exactly what the preview promised): preview it again.
 */
export const isFeesChanged = (error: ApiError) =>
  error.status === 409 && error.message === TradingMessages.feesChanged;

/** The props of a product's bottom drawer: the offering's id, the drawer's exits, the order flow. */
export interface ProductDrawerProps extends OrderFlowDeps {
  id: number;
  close: () => void;
  closeAndNavigate: (to: string) => void;
}

export interface PlaceWithPinOptions<B, R> {
  askForPin: AskForPin;
  /** The PIN modal's line: what the PIN confirms. */
  description: string | undefined;
  body: B;
  keeper: IdempotencyKeeper;
  send: (body: B, key: string) => Promise<R>;
  /** Whether the quotation the body carries has run out (checked after the PIN). */
  quoteExpired?: () => boolean;
  /** The server refused the order for good (4xx): e.g. refresh the balances or ask for a new quotation. */
  onRefused?: (error: ApiError) => void;
  /** Any failure, after its toast: e.g. show the message beside the form. */
  onError?: (error: unknown) => void;
}

/**
 * The last steps of every order and money movement that needs the PIN: Verify Your PIN, then the
 * POST with its idempotency key. When the verification lapsed before the request arrived (the
 * server answers PIN_REQUIRED), the PIN is asked once more and the same key sent again. A quote
 * that ran out while the PIN was typed is not sent (the server would refuse it anyway): the
 * caller offers a new quotation. Resolves the result, or null when cancelled or failed (toasted).
 */
export async function placeWithPin<B, R>({
  askForPin,
  description,
  body,
  keeper,
  send,
  quoteExpired,
  onRefused,
  onError,
}: PlaceWithPinOptions<B, R>): Promise<R | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!(await askForPin(description))) return null;
    if (quoteExpired?.()) {
      toast.warning(TradingMessages.quoteExpired);
      return null;
    }
    const lapsed = (error: unknown) =>
      error instanceof ApiError && error.code === ErrorCode.PinRequired && attempt === 0;
    try {
      return await sendOnce(keeper, body, send, lapsed);
    } catch (error) {
      // The verification lapsed before the order arrived: ask once more (same key).
      if (lapsed(error)) continue;
      if (isRefusal(error)) onRefused?.(error);
      toast.error(errorMessage(error));
      onError?.(error);
      return null;
    }
  }
  return null;
}

/**
 * A product form's order flow: one idempotency key per intended order (kept across a retry),
 * whether it is being placed, and the last failure's message to show beside the form. `place`
 * runs `placeWithPin`; a placed order is toasted with the server's message, the balances it moved
 * are read again, and it is handed to the app's `onOrderPlaced`.
 */
export function useOrderFlow(deps: OrderFlowDeps) {
  const queryClient = useQueryClient();
  const [keeper] = useState(createIdempotencyKeeper);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function place<B>(
    options: Omit<PlaceWithPinOptions<B, OrderResult>, 'askForPin' | 'keeper' | 'onError'>,
  ): Promise<OrderResult | null> {
    setBusy(true);
    setError(null);
    try {
      const result = await placeWithPin({
        ...options,
        askForPin: deps.askForPin,
        keeper,
        onError: (failure) => setError(errorMessage(failure)),
      });
      if (result) {
        toast.success(result.message);
        void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
        deps.onOrderPlaced?.(result);
      }
      return result;
    } finally {
      setBusy(false);
    }
  }

  return { place, busy, error, clearError: () => setError(null) };
}
