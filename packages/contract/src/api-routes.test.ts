import { describe, expect, it } from 'vitest';
import { apiRoutes, defineRoutes, pathWith } from './api-routes';
import { apiSchemas } from './api-schemas';
import { DOCUMENTED_OPERATIONS } from './generated/documented-paths';

// The type check refuses an operation the API's document lacks: `npm run typecheck` fails if this
// line ever compiles (then the directive itself is the error). scripts/route-map-types.test.ts
// shows the compiler's error in the test run.
// @ts-expect-error 'GET /api/client/app/v1/nope' is not a DocumentedOperation
defineRoutes({ nope: { op: 'GET /api/client/app/v1/nope' } });

describe("the web's route map", () => {
  it('holds only documented operations, each with its schemas', () => {
    const documented = new Set<string>(DOCUMENTED_OPERATIONS);
    for (const route of Object.values(apiRoutes)) {
      expect(documented.has(route.op), route.op).toBe(true);
      expect(`${route.method} ${route.path}`).toBe(route.op);
    }
    expect(Object.keys(apiSchemas).sort()).toEqual(Object.keys(apiRoutes).sort());
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(pathWith(apiRoutes.fundNavs.path, { id: 12 })).toBe('/api/funds/app/v1/12/nav');
    expect(pathWith(apiRoutes.newsDetail.path, { id: 'a/b' })).toBe('/api/market/app/v1/news/a%2Fb');
    expect(() => pathWith(apiRoutes.fund.path, {})).toThrow('no value for {id}');
  });
});
