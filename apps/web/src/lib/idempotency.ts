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
