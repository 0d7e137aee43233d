// Fuzzes every documented route (the OpenAPI document lists each one with the JSON form of its
// zod schemas) with values shaped by those schemas and values that break them: control
// characters, long and odd text, wrong types, huge and negative numbers, nested junk. Requests go
// through app.inject as a signed-in, KYC-approved client with a fresh PIN (and with the operator
// token and the market key where those apply). No answer may be a 5xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketApiKey } from '../modules/market/market.service';
import { createTestClient, fund, publishRates, type TestClient } from '../modules/ledger/money-test-kit';
import { markPinVerified } from '../modules/session/session.service';
import { createTestApp, type TestApp } from './test-app';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
};
type Operation = {
  parameters?: { in: 'query' | 'path' | 'header'; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const SAMPLES_PER_ROUTE = 40;
// Never-ending or multipart routes: uploads have their own tests, the stream never answers.
const SKIPPED = [/\/stream$/, /\/image$/, /\/avatar$/, /^\/api\/deposit\/app\/v1\/\{id\}$/, /^\/api\/docs/];

const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    '%00',
    "'; drop table clients; --",
    '../../etc',
  ),
  fc.constantFrom('0', '-1', '1e308', '9'.repeat(40), '0.000000001', 'NaN', 'Infinity', '1.5'),
  fc.string({ minLength: 500, maxLength: 3000 }),
);
const anyJson = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
);

const CONTROL = fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u0085');

/** Text the schema accepts, often with a control character slipped in, sometimes anything. */
function textFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  let valid: fc.Arbitrary<string>;
  try {
    valid = schema.pattern
      ? fc.stringMatching(new RegExp(schema.pattern))
      : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) });
  } catch {
    valid = fc.string({ maxLength: 30 });
  }
  const withControl = fc
    .tuple(valid, fc.nat(), CONTROL)
    .map(([text, at, c]) => text.slice(0, at % (text.length + 1)) + c + text.slice(at % (text.length + 1)));
  return fc.oneof(
    { arbitrary: valid, weight: 5 },
    { arbitrary: withControl, weight: 3 },
    { arbitrary: nasty, weight: 1 },
  );
}

/** A value for `schema`: usually of its shape, sometimes anything at all. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return anyJson;
  const shaped: fc.Arbitrary<unknown>[] = [];
  if (schema.enum) shaped.push(fc.constantFrom(...schema.enum));
  if (schema.anyOf) shaped.push(fc.oneof(...schema.anyOf.map((s) => valueFor(s, depth + 1))));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const type of types) {
    if (type === 'object' && schema.properties) shaped.push(objectFor(schema, depth));
    if (type === 'array') shaped.push(fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 }));
    if (type === 'string') shaped.push(textFor(schema));
    if (type === 'integer' || type === 'number') {
      // Small ids are the ones that exist (accounts, cards, deposits of the test's clients).
      shaped.push(
        fc.oneof(
          {
            arbitrary: fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 60, 60) }),
            weight: 4,
          },
          { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 2 ** 53, 1e300)), weight: 1 },
        ),
      );
    }
    if (type === 'boolean') shaped.push(fc.boolean());
  }
  return shaped.length === 0 ? anyJson : fc.oneof({ arbitrary: fc.oneof(...shaped), weight: 4 }, anyJson);
}

function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const entries = Object.entries(schema.properties ?? {});
  const record = Object.fromEntries(entries.map(([k, s]) => [k, valueFor(s, depth + 1)]));
  return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in record) });
}

function jsonBodySchema(op: Operation): JsonSchema | undefined {
  return op.requestBody?.content?.['application/json']?.schema;
}

describe('fuzzing every route through its schema', () => {
  let t: TestApp;
  let client: TestClient;
  let marketKey: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000', INVITE_RATE_LIMIT_PER_HOUR: '100000' });
    await publishRates(t.app.ctx);
    client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '5000');
    marketKey = await marketApiKey(t.app.ctx);
  });
  afterAll(() => t.close());

  it('answers every request without a server error', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let sent = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (SKIPPED.some((pattern) => pattern.test(path))) continue;
      for (const [method, op] of Object.entries(operations)) {
        const params = op.parameters ?? [];
        const request = fc.record({
          path: fc.record(
            Object.fromEntries(
              params
                .filter((p) => p.in === 'path')
                .map((p) => [p.name, fc.oneof(nasty, fc.nat().map(String))]),
            ),
          ),
          query: fc.record(
            Object.fromEntries(
              params.filter((p) => p.in === 'query').map((p) => [p.name, valueFor(p.schema)]),
            ),
            { requiredKeys: [] },
          ),
          body: jsonBodySchema(op) ? valueFor(jsonBodySchema(op)) : fc.constant(undefined),
        });
        const samples = fc.sample(request, { numRuns: SAMPLES_PER_ROUTE, seed: 20_261_123 + sent });
        for (const sample of samples) {
          const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
            encodeURIComponent(String((sample.path as Record<string, unknown>)[name] ?? '1')),
          );
          const query = new URLSearchParams();
          for (const [k, v] of Object.entries(sample.query as Record<string, unknown>)) {
            query.set(k, typeof v === 'string' ? v : JSON.stringify(v));
          }
          // The PIN and the session stay fresh for every request (a fuzzed logout ends it: sign in anew).
          if (sent % 25 === 0) client = await createTestClient(t.app.ctx);
          await markPinVerified(t.app.ctx, client.sessionId);
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: query.size > 0 ? `${url}?${query}` : url,
            headers: {
              authorization: `Bearer ${path.startsWith('/ops/') ? 'test-ops-token-0123456789' : client.token}`,
              'x-api-key': marketKey,
              'idempotency-key': `fuzz-${sent}`,
              ...(sample.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(sample.body === undefined ? {} : { payload: JSON.stringify(sample.body) }),
          });
          sent += 1;
          if (res.statusCode >= 500) {
            failures.push(
              `${method.toUpperCase()} ${url} ${JSON.stringify(sample)} → ${res.statusCode} ${res.body}`,
            );
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1500);
    expect(failures.slice(0, 10)).toEqual([]);
  }, 600_000);
});
