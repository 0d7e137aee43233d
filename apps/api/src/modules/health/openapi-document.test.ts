import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { AppInstance } from '../../app';
import { createTestApp, type TestApp } from '../../test/test-app';
import { responseChecker, type OpenapiDocument } from '../../lib/openapi/response-check';
import { takeViolations } from '../../test/contract';
import { staleDomainEntries } from '../../lib/openapi/route-docs';

/**
 * Redocly's `recommended` ruleset, with these rules off (decision 0052):
 * - no-path-trailing-slash: `/market-data/search/` is the path the stock-data spec (section 7)
 *   fixes; clients call it with the slash.
 * - no-ambiguous-paths: `/api/funds/app/v1/{id}/nav` against `/record/{id}`, `/redeem/{id}`: ids
 *   are digits, so no request can match both.
 * - info-license: a private API, published under no licence.
 * - operation-4xx-response: `GET /api/health` has no client error to give (public, takes no input);
 *   the contract test checks every operation's documented errors instead.
 */
const LINT_RULES_OFF = [
  'no-path-trailing-slash',
  'no-ambiguous-paths',
  'info-license',
  'operation-4xx-response',
] as const;

describe('the published OpenAPI document', () => {
  let t: TestApp;
  let text: string;
  let document: OpenapiDocument & { paths: Record<string, Record<string, { responses: object }>> };
  // The ops app's own document (the staff API on its own origin, decision 0057).
  let ops: AppInstance;
  let opsText: string;
  let opsDocument: typeof document;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    text = res.body;
    document = JSON.parse(text);
    ops = await t.ops();
    const opsRes = await ops.inject({ method: 'GET', url: '/ops/v1/openapi.json' });
    expect(opsRes.statusCode).toBe(200);
    opsText = opsRes.body;
    opsDocument = JSON.parse(opsText);
  });
  afterAll(async () => t?.close());

  it('passes @apidevtools/swagger-parser (it resolves and is valid OpenAPI 3.1)', async () => {
    await expect(SwaggerParser.validate(JSON.parse(text))).resolves.toBeTruthy();
    await expect(SwaggerParser.validate(JSON.parse(opsText))).resolves.toBeTruthy();
  });

  it("passes Redocly's recommended lint with zero problems", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: Object.fromEntries(LINT_RULES_OFF.map((rule) => [rule, 'off'])),
    });
    for (const source of [text, opsText]) {
      const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
      expect(problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    }
  });

  it('documents security as plugins/auth.ts enforces it', () => {
    const op = (path: string, method = 'get') => document.paths[path]![method] as { security?: unknown };
    expect(op('/api/health').security).toEqual([]);
    expect(op('/api/auth/app/v1/login', 'post').security).toEqual([]);
    expect(op('/market-data/chart_data').security).toEqual([{ marketKey: [] }]);
    expect(op('/api/client/app/v1/menu').security).toEqual([{ bearer: [] }]);
    const opsOp = (path: string, method = 'get') =>
      opsDocument.paths[path]![method] as { security?: unknown };
    expect(opsOp('/ops/v1/run', 'post').security).toEqual([{ staffCookie: [] }]);
    expect(opsOp('/ops/v1/auth/login', 'post').security).toEqual([]);
    expect(opsOp('/ops/v1/auth/me').security).toEqual([{ staffCookie: [] }]);
    // The client app's document has no /ops: the staff API lives on the ops app alone.
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/ops'))).toEqual([]);
  });

  it('names only existing operations in the table of domain error answers', () => {
    expect(staleDomainEntries()).toEqual([]);
  });

  it('documents security exactly as enforced: without credentials, only public operations answer', async () => {
    const wrong: string[] = [];
    const both = [
      [document, t.app, {}],
      // State-changing staff requests carry the console's Origin (else 403 before access is decided).
      [opsDocument, ops, { origin: ops.ctx.config.opsOrigins[0]! }],
    ] as const;
    for (const [doc, app, headers] of both)
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(item) as [string, { security?: unknown[] }][]) {
          // A path parameter that cannot exist; no body: access is decided before either is read.
          const url = path.replace(/\{[^}]+\}/g, '999999');
          const res = await app.inject({ method: method.toUpperCase() as 'GET', url, headers });
          const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
          if (isPublic === (res.statusCode === 401)) {
            wrong.push(
              `${method.toUpperCase()} ${path}: documented ${isPublic ? 'public' : 'secured'}, answered ${res.statusCode}`,
            );
          }
        }
      }
    expect(wrong).toEqual([]);
  });

  it('requires Idempotency-Key on every money-moving POST and documents uploads as multipart', () => {
    const buy = document.paths['/api/client/app/v1/order/buy']!.post as unknown as {
      parameters: { name: string; in: string; required: boolean }[];
    };
    expect(buy.parameters).toContainEqual(
      expect.objectContaining({ name: 'idempotency-key', in: 'header', required: true }),
    );
    const upload = document.paths['/api/client/app/v1/image']!.post as unknown as {
      requestBody: { content: Record<string, unknown> };
    };
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
  });

  it('fails an answer the document does not describe (the contract check works)', async () => {
    // A wrong schema for the health answer: the same answer now breaks the contract.
    const wrong = structuredClone(document);
    const health = wrong.paths['/api/health']!.get as {
      responses: Record<string, { content: Record<string, { schema: object }> }>;
    };
    health.responses['200']!.content['application/json']!.schema = {
      type: 'object',
      properties: { data: { type: 'object', properties: { status: { const: 'down' } } } },
    };
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const check = responseChecker(wrong);
    const observed = {
      method: 'GET',
      url: '/api/health',
      statusCode: res.statusCode,
      headers: res.headers,
      rawPayload: res.rawPayload,
    };
    expect(check(observed)).toMatch(/body does not match getApiHealth's 200 schema/);
    expect(check({ ...observed, statusCode: 418 })).toMatch(/status not documented/);
    // Against the real document the same answer is fine.
    expect(responseChecker(document)(observed)).toBeUndefined();
    expect(takeViolations()).toEqual([]);
  });
});
