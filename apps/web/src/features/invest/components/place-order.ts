import { ErrorCode, TradingMessages, type OrderResult } from '@imali/contract';
import { toast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/http';
import { createIdempotencyKeeper } from '@/lib/idempotency';

/** Opens 'Verify Your PIN' and resolves true once verified (the wallet's, wired by app/). */
export type AskForPin = (description?: string) => Promise<boolean>;

/** What the app gives the order flows: the PIN step, and what to refresh after an order. */
export interface TradeDeps {
  askForPin: AskForPin;
  /** An order was placed (bought, allocated or sold): refresh order lists and balances. */
  onOrderPlaced?: (result: OrderResult) => void;
}

export type Keeper = ReturnType<typeof createIdempotencyKeeper>;

/**
 * The last steps of every order: Verify Your PIN, then the POST with its idempotency key. A quote
 * that ran out while the PIN was typed is not sent (the server would refuse it anyway): the caller
 * offers a new quotation. Resolves the result, or null when cancelled or refused (already toasted).
 */
export async function placeWithPin<B>({
  askForPin,
  description,
  body,
  keeper,
  send,
  quoteExpired,
  onRefused,
}: {
  askForPin: AskForPin;
  description: string;
  body: B;
  keeper: Keeper;
  send: (body: B, key: string) => Promise<OrderResult>;
  /** Whether the quotation the body carries has run out (checked after the PIN). */
  quoteExpired?: () => boolean;
  /** The server refused the order (4xx): e.g. refresh the balances or ask for a new quotation. */
  onRefused?: (error: ApiError) => void;
}): Promise<OrderResult | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!(await askForPin(description))) return null;
    if (quoteExpired?.()) {
      toast.warning(TradingMessages.quoteExpired);
      return null;
    }
    try {
      const result = await send(body, keeper.keyFor(body));
      keeper.settle();
      return result;
    } catch (error) {
      // The verification lapsed before the order arrived: ask once more (same key).
      if (error instanceof ApiError && error.code === ErrorCode.PinRequired && attempt === 0) continue;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        keeper.settle();
        onRefused?.(error);
      }
      toast.error(errorMessage(error));
      return null;
    }
  }
  return null;
}
