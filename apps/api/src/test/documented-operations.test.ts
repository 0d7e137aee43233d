import fs from 'node:fs';
import { apiRoutes, pathWith } from '@imali/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTED_PATHS_FILE, documentedOperations, renderDocumentedPaths } from './documented-operations';
import { createTestApp, type TestApp } from './test-app';

/** The web's typed client against the API (decision 0053). */
describe("the web's route map and the API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('types against the operations the OpenAPI document lists (else `npm run generate:documented-paths`)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const operations = documentedOperations(res.json());
    expect(operations.length).toBeGreaterThan(50);
    expect(fs.readFileSync(DOCUMENTED_PATHS_FILE, 'utf8')).toBe(renderDocumentedPaths(operations));
  });

  it('marks public exactly the routes the API answers without a session', async () => {
    const wrong: string[] = [];
    for (const route of Object.values(apiRoutes)) {
      const res = await t.app.inject({ method: route.method, url: pathWith(route.path, { id: 1 }) });
      const isPublic = (route as { auth?: false }).auth === false;
      if ((res.statusCode === 401) === isPublic) wrong.push(`${route.op} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('flags idempotent exactly the operations the document says take an Idempotency-Key', async () => {
    type Operation = { summary?: string; parameters?: { in: string; name: string }[] };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    // A header parameter once the document declares it; until then the summary names it.
    const takesKey = (op: Operation | undefined) =>
      (op?.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key') ||
      /Idempotency-Key/.test(op?.summary ?? '');
    const wrong: string[] = [];
    for (const route of Object.values(apiRoutes)) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      const idempotent = (route as { idempotent?: true }).idempotent === true;
      if (takesKey(op) !== idempotent) wrong.push(`${route.op}: idempotent ${idempotent}`);
    }
    expect(wrong).toEqual([]);
  });
});
