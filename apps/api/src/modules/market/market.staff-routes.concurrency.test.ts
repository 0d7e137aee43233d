import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestOpsApp, createTestStaff, signInStaffCookie } from '../../test/staff';

// PGlite has one connection and cannot show a race: this runs on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.DATABASE_URL)('exchange closures under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let ops: AppInstance;
  let headers: { cookie: string; origin: string };
  beforeAll(async () => {
    t = await createTestApp();
    ops = await createTestOpsApp(t);
    headers = await signInStaffCookie(ops, await createTestStaff(t.app.ctx, ['product_ops']));
  });
  afterAll(() => t?.close());

  it('eight declarations of one day at once: one is recorded, the others are told it is already declared', async () => {
    const day = '2027-03-17';
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        ops.inject({
          method: 'POST',
          url: '/ops/v1/exchanges/JSE/closures',
          headers,
          payload: { day, kind: 'closed', reason: `Proclaimed holiday ${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().message).toMatch(/already declared/);
    }
    const rows = await t.database.query<{ n: string }>(
      "select count(*)::text as n from exchange_closures where exchange = 'JSE' and day = $1",
      [day],
    );
    expect(rows[0]!.n).toBe('1');
    const audits = await t.database.query<{ n: string }>(
      "select count(*)::text as n from audit_log where action = 'exchange.close' and subject_id = $1",
      [`JSE:${day}`],
    );
    expect(audits[0]!.n).toBe('1');
  });
});
