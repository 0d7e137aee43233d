import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClient, fund, newKey, publishRates } from '../../modules/ledger/money-test-kit';
import { marketApiKey } from '../../modules/market/market.service';

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
};
type Parameter = { name: string; in: string; required?: boolean; schema: JsonSchema };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

/**
 * The smallest value the schema calls valid: the shortest string, the lowest number, only the
 * required properties (then every property). A server that refuses it with 400 INVALID_INPUT refuses input its own
 * document calls valid (issue 22: empty symbols, free-text country, ...).
 */
function smallest(schema: JsonSchema, seed: number, every = false): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return smallest(union.find((s) => s.type !== 'null') ?? union[0]!, seed, every);
  if (schema.allOf) return smallest(Object.assign({}, ...schema.allOf), seed, every);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const names = every ? Object.keys(schema.properties ?? {}) : (schema.required ?? []);
      for (const name of names) out[name] = smallest(schema.properties?.[name] ?? {}, seed, every);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => smallest(schema.items ?? {}, seed, every));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default: {
      if (schema.pattern) {
        // The shortest of a few samples that also keeps `not` and the length bounds.
        const not = (schema as { not?: { pattern?: string } }).not?.pattern;
        return fc
          .sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 200, seed })
          .filter((v) => v.length >= (schema.minLength ?? 0) && v.length <= (schema.maxLength ?? Infinity))
          .filter((v) => !not || !new RegExp(not).test(v))
          .sort((a, b) => a.length - b.length)[0];
      }
      if (schema.format === 'email') return 'a@b.co';
      return 'a'.repeat(schema.minLength ?? 0);
    }
  }
}

/**
 * Refusals the document cannot state, by operation: rules across fields or against the client's
 * data, which a schema of the request alone cannot know.
 */
const RULES_BEYOND_THE_SCHEMA: Record<string, RegExp> = {
  // from_account_id and to_account_id must differ.
  postApiCaccountAppV1Transfer: /Choose two different accounts/,
  // The pair must be one the desk quotes today (GET /api/caccount/app/v1/pairs).
  postApiCaccountAppV1Exchange: /Exchange pair not found/,
  // The holder must match the name on the client's verified ID.
  postApiBankcardAppV1: /The account holder must be you/,
  putApiBankcardAppV1ById: /The account holder must be you/,
  // At least 18 years old on the day of the request: the document states the format only.
  postApiIdentifyAppV1: /at least 18 years old/,
};

const skip = new Set([
  // Multipart uploads and the event stream are not JSON requests.
  'postApiClientAppV1Image',
  'postApiClientAppV1Avatar',
  'postApiDepositAppV1ById',
  'getMarketDataStream',
]);

describe('inputs the document calls valid', () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await createTestApp();
    document = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body);
  });
  afterAll(async () => t?.close());

  it('are not refused as invalid input', async () => {
    const ctx = t.app.ctx;
    await publishRates(ctx);
    const apiKey = await marketApiKey(ctx);
    const refused: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item))
        for (const every of [false, true]) {
          if (skip.has(operation.operationId)) continue;
          const client = await createTestClient(ctx);
          await fund(ctx, client, 'ZAR', '100000');
          const query = new URLSearchParams();
          let url = path;
          const headers: Record<string, string> = {
            // The client app's document has no /ops (the staff API is on the ops app).
            authorization: `Bearer ${client.token}`,
            'x-api-key': apiKey,
          };
          for (const p of operation.parameters ?? []) {
            if (!p.required && p.in !== 'path' && !every) continue;
            const value = String(smallest(p.schema, 1, every));
            if (p.in === 'query') query.set(p.name, value);
            if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value || '1'));
            if (p.in === 'header') headers[p.name] = p.name === 'idempotency-key' ? newKey() : value;
          }
          const body = operation.requestBody?.content['application/json']?.schema;
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: `${url}${query.size ? `?${query}` : ''}`,
            headers,
            ...(body ? { payload: smallest(body, 1, every) as object } : {}),
          });
          const beyond = RULES_BEYOND_THE_SCHEMA[operation.operationId];
          if (
            res.statusCode === 400 &&
            res.json().code === 'INVALID_INPUT' &&
            !beyond?.test(res.json().message)
          ) {
            refused.push(
              `${operation.operationId}${every ? ' (every field)' : ''}: ${res.json().message} (${method} ${res.raw.req.url})`,
            );
          }
        }
    }
    expect(refused).toEqual([]);
  });
});
