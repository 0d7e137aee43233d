import canonicalize from 'canonicalize';
import { sha256Hex } from '../../lib/crypto';

/**
 * The hash a step-up code is bound to (decision 0057): SHA-256, lower-case hex, of the RFC 8785
 * canonical JSON of `{ method, path, body }` — the method upper-case, the path as requested (with
 * its query string), the parsed JSON body (null when there is none). The same request always
 * gives the same hash, whatever its key order or whitespace; any other body or path another.
 * The approvals module keeps it with the request it approves.
 */
export function requestHashOf(method: string, path: string, body: unknown): string {
  const text = canonicalize({ method: method.toUpperCase(), path, body: body ?? null });
  if (text === undefined) throw new Error('request has no JSON form');
  return sha256Hex(text);
}
