import type { FastifyReply } from 'fastify';

/** The header that tells a client its money-moving POST was a replay: the first result, nothing moved. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** Marks `reply` as a replay when the service answered from the idempotency store. */
export function markReplayed(reply: FastifyReply, result: { replayed: boolean }): void {
  if (result.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
}
