// Fuzzes every documented route (the OpenAPI document lists each one with the JSON form of its
// zod schemas) with values shaped by those schemas and values that break them: control
// characters, long and odd text, wrong types, huge and negative numbers, nested junk. Requests go
// through app.inject as a signed-in, KYC-approved client with a fresh PIN (and with the operator
// token and the market key where those apply). No answer may be a 5xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketApiKey } from '../modules/market/market.service';
import {
  createTestClient,
  fund,
  moneySnapshot,
  publishRates,
  type TestClient,
} from '../modules/ledger/money-test-kit';
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
              // The client app's document has no /ops (the staff API is the ops app's, fuzzed on its own).
              authorization: `Bearer ${client.token}`,
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
  it('lenient numbers: every number field answers 400 with its own message and changes nothing', async () => {
    // Text that JavaScript's Number() or z.coerce reads as a number, and text that is no number.
    const LENIENT = ['0x10', '+5', ' 10 ', '1e3', '1_000', '١٠', '10.', '.5', '-0', 'Infinity', 'NaN'];
    const owner = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, owner, 'ZAR', '5000');
    await t.database.query('update clients set allow_loan = true where id = $1', [owner.clientId]);
    const zar = owner.accounts.ZAR;
    const usd = owner.accounts.USD;
    const auth = { authorization: `Bearer ${owner.token}` };
    const card = (
      await t.app.inject({
        method: 'POST',
        url: '/api/bankcard/app/v1',
        headers: auth,
        payload: { bank_name: 'FNB', card_no: '62812345678', holder_name: 'M Tester' },
      })
    ).json().data.id as number;
    const loan = {
      type: 'loan',
      account_id: zar,
      amount: '10000',
      term_months: 12,
      purpose: 'Home repairs',
      monthly_income: '20000',
      monthly_expenses: '12000',
    };
    const transfer = { from_account: zar, to_account: usd, amount: '100', rate: '0.0542' };
    const withdrawal = { amount: '500', account_id: zar, receiver: card };
    const deposit = { account_id: zar, amount: '1000', method: 'EFT' };
    const stock = 'ttype=standard&symbol=NPN&market=JSE&country=ZA';

    type Probe = { what: string; method: 'GET' | 'POST'; url: string; body?: object };
    const probes: Probe[] = [];
    const post = (what: string, url: string, body: object) =>
      probes.push({ what, method: 'POST', url, body });
    const get = (what: string, url: string) => probes.push({ what, method: 'GET', url });
    const q = encodeURIComponent;
    for (const v of LENIENT) {
      // Text where a plain decimal is expected.
      post(`transfer amount ${v}`, '/api/caccount/app/v1/transfer', { ...transfer, amount: v });
      post(`transfer rate ${v}`, '/api/caccount/app/v1/transfer', { ...transfer, rate: v });
      post(`withdrawal amount ${v}`, '/api/withdraw/app/v1', { ...withdrawal, amount: v });
      post(`deposit amount ${v}`, '/api/deposit/app/v1', { ...deposit, amount: v });
      post(`loan amount ${v}`, '/api/client/app/v1/application', { ...loan, amount: v });
      post(`loan income ${v}`, '/api/client/app/v1/application', { ...loan, monthly_income: v });
      post(`stock buy quantity ${v}`, '/api/client/app/v1/order/buy', {
        symbol: 'NPN',
        market: 'JSE',
        country: 'ZA',
        quantity: v,
        account_id: zar,
        quote_id: 'q',
      });
      post(`sell price ${v}`, '/api/client/app/v1/order/sell/1', { ttype: 'standard', price: v });
      post(`fund amount ${v}`, '/api/funds/app/v1/record/1', { amount: v, account_id: '' });
      post(`structured amount ${v}`, '/api/qt/app/v1/record/1', { amount: v });
      get(
        `stock preview quantity ${v}`,
        `/api/client/app/v1/order/preview?${stock}&quantity=${q(v)}&account_id=${zar}`,
      );
      get(`fund preview amount ${v}`, `/api/funds/app/v1/1/preview?amount=${q(v)}`);
      // Text where a JSON number is expected (a whole number in a body).
      post(`loan term ${v}`, '/api/client/app/v1/application', { ...loan, term_months: v });
      post(`loan preview term ${v}`, '/api/client/app/v1/application/loan_preview', {
        ...loan,
        term_months: v,
      });
      post(`deposit account ${v}`, '/api/deposit/app/v1', { ...deposit, account_id: v });
      post(`withdrawal card ${v}`, '/api/withdraw/app/v1', { ...withdrawal, receiver: v });
      post(`ipo lots ${v}`, '/api/ipo/app/v1/record/sub/1', { lots: v });
      // Plain digits expected in a query string or a path.
      get(`ranking limit ${v}`, `/api/market/app/v1/ranking?country=ZA&kind=gainers&limit=${q(v)}`);
      get(`news limit ${v}`, `/api/market/app/v1/news?country=ZA&limit=${q(v)}`);
      get(`portfolio account ${v}`, `/api/stat/app/v1/portfolio?account_id=${q(v)}`);
      get(
        `stock preview account ${v}`,
        `/api/client/app/v1/order/preview?${stock}&quantity=10&account_id=${q(v)}`,
      );
      get(`receipt did ${v}`, `/api/client/app/v1/order?did=${q(v)}`);
      get(`ipo preview lots ${v}`, `/api/ipo/app/v1/preview/1?lots=${q(v)}`);
    }
    // A JSON number where text is expected, and text where a JSON number is expected.
    post('transfer amount as a number', '/api/caccount/app/v1/transfer', { ...transfer, amount: 100 });
    post('withdrawal amount as a number', '/api/withdraw/app/v1', { ...withdrawal, amount: 500 });
    post('deposit amount as a number', '/api/deposit/app/v1', { ...deposit, amount: 1000 });
    post('loan income as a number', '/api/client/app/v1/application', { ...loan, monthly_income: 20000 });
    post('stock quantity as a number', '/api/client/app/v1/order/buy', {
      symbol: 'NPN',
      market: 'JSE',
      country: 'ZA',
      quantity: 10,
      account_id: zar,
      quote_id: 'q',
    });
    post('sell price as a number', '/api/client/app/v1/order/sell/1', { ttype: 'standard', price: 652.56 });
    post('loan term as text', '/api/client/app/v1/application', { ...loan, term_months: '12' });
    post('loan preview term as text', '/api/client/app/v1/application/loan_preview', {
      ...loan,
      term_months: '12',
    });
    post('deposit account as text', '/api/deposit/app/v1', { ...deposit, account_id: String(zar) });
    post('transfer account as text', '/api/caccount/app/v1/transfer', {
      ...transfer,
      from_account: String(zar),
    });
    post('withdrawal card as text', '/api/withdraw/app/v1', { ...withdrawal, receiver: String(card) });
    post('ipo lots as text', '/api/ipo/app/v1/record/sub/1', { lots: '1' });
    post('loan term −0', '/api/client/app/v1/application', { ...loan, term_months: -0 });

    const snapshot = async () => ({
      money: await moneySnapshot(t),
      ...(
        await t.database.query<Record<string, string>>(
          `select (select count(*) from orders)::text as orders,
                  (select count(*) from applications)::text as applications,
                  (select count(*) from audit_log)::text as audits`,
        )
      )[0],
    });
    const before = await snapshot();
    const wrong: string[] = [];
    let n = 0;
    for (const probe of probes) {
      await markPinVerified(t.app.ctx, owner.sessionId);
      const res = await t.app.inject({
        method: probe.method,
        url: probe.url,
        headers: { ...auth, 'idempotency-key': `lenient-${(n += 1)}` },
        ...(probe.body === undefined ? {} : { payload: probe.body }),
      });
      const body = res.json() as { code: string; message: string };
      // Its own message, never zod's generic one ('Invalid input: expected number, received string').
      if (res.statusCode !== 400 || body.code !== 'INVALID_INPUT' || /^Invalid input/.test(body.message)) {
        wrong.push(`${probe.what} → ${res.statusCode} ${res.body}`);
      }
    }
    expect(probes.length).toBeGreaterThan(250);
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
