/**
 * What the logs may never hold: card and account numbers, tokens, password and PIN hashes,
 * verification codes, and the bound parameters of a failed query (which carry all of them).
 * Errors are logged through `serializeError`, which keeps what helps an operator (type, message,
 * code, stack, the SQL text with its placeholders) and masks the rest.
 */

const PATTERNS: [RegExp, string][] = [
  // Drizzle's "Failed query: …\nparams: …" message: the parameters go, the SQL text stays.
  [/\nparams: [^\n]*/g, '\nparams: [redacted]'],
  // argon2 hashes, then long hex (sha256 hashes, MD5 password and PIN digests), then opaque tokens.
  [/\$argon2(id|i|d)\$[^\s"',)]+/g, '[hash]'],
  [/\b[a-f0-9]{32,}\b/gi, '[hex]'],
  [/\b[A-Za-z0-9_-]{40,}\b/g, '[token]'],
  // Runs of 5 or more digits: card and account numbers (5–20 digits), mobiles, ID numbers, codes.
  [/\d{5,}/g, '[digits]'],
];

export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

const KEPT_FIELDS = ['code', 'statusCode', 'constraint', 'table', 'column', 'routine'] as const;

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** A log-safe copy of an error and its causes (pino `serializers.err`). */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)), stack: '' };
  const out: SerializedError = {
    type: error.constructor?.name ?? 'Error',
    message: redactText(error.message),
    stack: redactText(error.stack ?? ''),
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const key of KEPT_FIELDS) {
    if (typeof fields[key] === 'string' || typeof fields[key] === 'number') out[key] = fields[key];
  }
  if (typeof fields.query === 'string') out.query = redactText(fields.query);
  if (error.cause !== undefined && depth < 4) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
