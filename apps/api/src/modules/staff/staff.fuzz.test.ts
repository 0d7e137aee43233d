import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '@imali/contract';
import type { AppInstance } from '../../app';
import type { TestApp } from '../../test/test-app';
import {
  createTestOpsApp,
  createTestStaff,
  nextTotpCode,
  opsOriginOf,
  signInStaffCookie,
} from '../../test/staff';
import { createIdentityTestApp } from '../auth/auth.testing';

type Operation = { parameters?: { in: string; name: string }[] };

const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '%E0%A4%A',
    '%00',
    "'; drop table staff_users; --",
    '../../etc',
    '9'.repeat(40),
  ),
  fc.string({ minLength: 300, maxLength: 2000 }),
);
const anyJson = fc.oneof(
  nasty,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
  fc.record(
    {
      email: fc.oneof(nasty, fc.emailAddress()),
      password: nasty,
      totpCode: fc.oneof(nasty, fc.stringMatching(/^\d{6}$/)),
      displayName: nasty,
      roles: fc.array(fc.oneof(nasty, fc.constantFrom(...STAFF_ROLES)), { maxLength: 4 }),
      bootstrapSecret: nasty,
    },
    { requiredKeys: [] },
  ),
);

/**
 * Every operation of the ops app's document, with odd input, a staff user of every role, the
 * console's Origin and (half the time) a valid step-up code: never a server error, and every answer
 * as the ops document describes it (the contract check of test-app.ts).
 */
describe('the staff API under odd input', () => {
  let t: TestApp;
  let ops: AppInstance;
  beforeAll(async () => {
    t = await createIdentityTestApp();
    ops = await createTestOpsApp(t);
  });
  afterAll(() => t.close());

  it('answers every request without a server error', async () => {
    const doc = (await ops.inject({ method: 'GET', url: '/ops/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const origin = opsOriginOf(ops);
    const failures: string[] = [];
    let sent = 0;
    const statuses = new Set<number>();
    let staff = await createTestStaff(t.app.ctx, STAFF_ROLES);
    let headers = await signInStaffCookie(ops, staff);
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const samples = fc.sample(
          fc.record({
            params: fc.array(fc.oneof(nasty, fc.nat().map(String)), { minLength: 2, maxLength: 2 }),
            body: fc.option(anyJson, { nil: undefined }),
            cookie: fc.option(nasty, { freq: 4, nil: undefined }),
            stepUp: fc.boolean(),
          }),
          { numRuns: 12, seed: 20_261_128 + sent },
        );
        for (const sample of samples) {
          let i = 0;
          const url = path.replace(/\{\w+\}/g, () => encodeURIComponent(sample.params[i++] ?? '1'));
          if (sample.stepUp) t.clock.advance(30_000);
          const res = await ops.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: {
              cookie: sample.cookie === undefined ? headers.cookie : `imali_staff=${sample.cookie}`,
              origin,
              ...(sample.stepUp ? { 'x-step-up-code': await nextTotpCode(t.app.ctx, staff) } : {}),
              ...(sample.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(sample.body === undefined ? {} : { payload: JSON.stringify(sample.body) }),
          });
          sent += 1;
          statuses.add(res.statusCode);
          if (res.statusCode >= 500)
            failures.push(`${method.toUpperCase()} ${url} → ${res.statusCode} ${res.body}`);
          // A fuzzed logout, disable or session end: sign in anew.
          if ((await ops.inject({ method: 'GET', url: '/ops/v1/auth/me', headers })).statusCode !== 200) {
            staff = await createTestStaff(t.app.ctx, STAFF_ROLES);
            headers = await signInStaffCookie(ops, staff);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    // It got past the doors too, not only refused at them.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 401, 404]));
    expect(failures.slice(0, 10)).toEqual([]);
  }, 300_000);
});
