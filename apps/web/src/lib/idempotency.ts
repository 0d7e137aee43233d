import { ApiError } from './http';

/**
 * One idempotency key per intended operation (a withdrawal, a transfer, an order). Retrying the same request (a timeout, a double
 * click) reuses the key, so the server answers with the first result and moves money once;
 * changing the request or finishing it gives the next attempt a fresh key.
 */
export function createIdempotencyKeeper(newKey: () => string = randomKey) {
  let pending: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (pending?.body !== text) pending = { body: text, key: newKey() };
      return pending.key;
    },
    /** The operation is settled (done, or refused for good): the next one is new. */
    settle(): void {
      pending = null;
    },
  };
}

export function randomKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export type IdempotencyKeeper = ReturnType<typeof createIdempotencyKeeper>;

/** The server answered for good: a refusal (4xx). A timeout, a network failure or a 5xx may have been applied. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * Sends one intended operation with its key. The key is kept until the server has answered for
 * good — a success or a refusal (4xx) — so a retry after a timeout, a lost connection or a 5xx
 * reuses it and the server moves money at most once. `retried(error)`: a refusal after which the
 * same operation is sent again (the PIN verification lapsed) keeps its key too.
 */
export async function sendOnce<B, R>(
  keeper: IdempotencyKeeper,
  body: B,
  send: (body: B, key: string) => Promise<R>,
  retried: (error: ApiError) => boolean = () => false,
): Promise<R> {
  const key = keeper.keyFor(body);
  try {
    const result = await send(body, key);
    keeper.settle();
    return result;
  } catch (error) {
    if (isRefusal(error) && !retried(error)) keeper.settle();
    throw error;
  }
}
