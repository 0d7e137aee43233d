import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTED_PATHS_FILE, documentedOperations, renderDocumentedPaths } from './documented-operations';
import { createTestApp, type TestApp } from './test-app';

describe("the web's list of documented operations", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is what the OpenAPI document says (else run `npm run generate:documented-paths`)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const operations = documentedOperations(res.json());
    expect(operations.length).toBeGreaterThan(50);
    expect(fs.readFileSync(DOCUMENTED_PATHS_FILE, 'utf8')).toBe(renderDocumentedPaths(operations));
  });
});
