/**
 * One idempotency key per intended order. Retrying the same request (a timeout, a double click,
 * the PIN asked again) reuses the key, so the server answers with the first result and places one
 * order; a different request or a settled one gets a fresh key.
 */
export function createIdempotencyKeeper(newKey: () => string = randomKey) {
  let pending: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (pending?.body !== text) pending = { body: text, key: newKey() };
      return pending.key;
    },
    /** The order is settled (placed, or refused for good): the next one is new. */
    settle(): void {
      pending = null;
    },
  };
}

export function randomKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
