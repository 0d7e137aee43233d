import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, IDEMPOTENCY_HEADER, MoneyMessages, idempotencyKey } from '@imali/contract';
import { principalOf } from '../../plugins/auth';
import { DomainError } from '../../plugins/errors';
import type { IdempotencyInput } from './ledger.service';

/** JSON with sorted keys, so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The idempotency key of a money-moving POST (400 when missing or malformed) and the hash of what
 * was asked: the route and the validated body, so '100' and '100' match but '100' and '101' do not.
 */
export function idempotencyOf(request: FastifyRequest, body: unknown): IdempotencyInput {
  // The published document requires the header where the route says so (lib/openapi): a route
  // that reads the key without saying so would publish a contract it does not keep.
  if (!request.routeOptions.config.idempotent) {
    throw new Error(
      `${request.method} ${request.routeOptions.url}: set config.idempotent to read an Idempotency-Key`,
    );
  }
  const header = request.headers[IDEMPOTENCY_HEADER];
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || raw.trim() === '') {
    throw new DomainError(ErrorCode.InvalidInput, MoneyMessages.idempotencyKeyRequired, 400);
  }
  const parsed = idempotencyKey.safeParse(raw);
  if (!parsed.success) {
    throw new DomainError(ErrorCode.InvalidInput, parsed.error.issues[0]!.message, 400);
  }
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const requestHash = createHash('sha256')
    .update(`${route}\n${canonical(request.params)}\n${canonical(body)}`)
    .digest('hex');
  return { clientId: principalOf(request).clientId, key: parsed.data, requestHash };
}
