import { exchangeClosureSchema } from '@imali/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestOpsApp, createTestStaff, signInStaffCookie, type TestStaff } from '../../test/staff';
import { declaredOn, isoToDay } from './simulator/calendar';

type Headers = { cookie: string; origin: string };
// A Wednesday the JSE trades by its published 2027 calendar, and a Saturday.
const DAY = '2027-03-10';
const SATURDAY = '2027-03-13';
const REASON = 'National day of mourning proclaimed';

// Declared exchange closures on the console (issue 23, decision 0055): the exchange commands'
// service, audited as the staff user; refusals say why and change nothing.
describe('exchange closures on the staff API (/ops/v1/exchanges)', () => {
  let t: TestApp;
  let ops: AppInstance;
  let product: TestStaff;
  let productHeaders: Headers;
  let supportHeaders: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    ops = await createTestOpsApp(t);
    product = await createTestStaff(t.app.ctx, ['product_ops']);
    productHeaders = await signInStaffCookie(ops, product);
    supportHeaders = await signInStaffCookie(ops, await createTestStaff(t.app.ctx, ['support']));
  });
  afterAll(() => t?.close());

  const list = async (headers: Headers, all = false) => {
    const res = await ops.inject({
      method: 'GET',
      url: `/ops/v1/exchanges/JSE/closures${all ? '?all=true' : ''}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as unknown[]).map((r) => exchangeClosureSchema.parse(r));
  };
  const declare = (headers: Headers, body: object, exchange = 'JSE') =>
    ops.inject({ method: 'POST', url: `/ops/v1/exchanges/${exchange}/closures`, headers, payload: body });
  const count = async () =>
    (await t.database.query<{ n: string }>('select count(*)::text as n from exchange_closures'))[0]!.n;

  it('declares a closure (audited as the staff user; the calendar follows) and withdraws it', async () => {
    expect((await declare(supportHeaders, { day: DAY, kind: 'closed', reason: REASON })).statusCode).toBe(
      403,
    );
    const res = await declare(productHeaders, { day: DAY, kind: 'closed', reason: REASON });
    expect(res.statusCode, res.body).toBe(201);
    const closure = exchangeClosureSchema.parse(res.json().data);
    expect(closure).toMatchObject({
      exchange: 'JSE',
      day: DAY,
      kind: 'closed',
      declaredBy: `staff:${product.id}`,
    });
    expect(declaredOn('JSE', isoToDay(DAY))).toBeNull();
    // Support sees it (products.read).
    expect((await list(supportHeaders)).map((c) => c.id)).toContain(closure.id);

    // The same day again: refused, nothing added.
    const before = await count();
    const twice = await declare(productHeaders, { day: DAY, kind: 'closed', reason: REASON });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already declared/);
    expect(await count()).toBe(before);

    const url = `/ops/v1/exchanges/JSE/closures/${closure.id}/withdraw`;
    expect(
      (await ops.inject({ method: 'POST', url, headers: supportHeaders, payload: { reason: 'Rescinded' } }))
        .statusCode,
    ).toBe(403);
    // Another exchange's path does not reach it.
    const elsewhere = await ops.inject({
      method: 'POST',
      url: `/ops/v1/exchanges/NYSE/closures/${closure.id}/withdraw`,
      headers: productHeaders,
      payload: { reason: 'Rescinded' },
    });
    expect(elsewhere.statusCode).toBe(404);
    const withdrawn = await ops.inject({
      method: 'POST',
      url,
      headers: productHeaders,
      payload: { reason: 'Rescinded' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({
      withdrawnBy: `staff:${product.id}`,
      withdrawReason: 'Rescinded',
    });
    expect(declaredOn('JSE', isoToDay(DAY))).toBeUndefined();
    expect((await list(supportHeaders)).map((c) => c.id)).not.toContain(closure.id);
    expect((await list(supportHeaders, true)).map((c) => c.id)).toContain(closure.id);
    const again = await ops.inject({
      method: 'POST',
      url,
      headers: productHeaders,
      payload: { reason: 'Rescinded' },
    });
    expect(again.statusCode).toBe(409);

    const audits = await t.database.query<{ action: string; actor: string }>(
      "select action, actor from audit_log where subject_type = 'exchange' and subject_id = $1 order by id",
      [`JSE:${DAY}`],
    );
    expect(audits.map((a) => `${a.action} ${a.actor}`)).toEqual([
      `exchange.close staff:${product.id}`,
      `exchange.withdraw staff:${product.id}`,
    ]);
  });

  it('refuses a bad day, a past day, a weekend, an early close without its time, an unknown exchange: nothing changed', async () => {
    const before = await count();
    const cases: [object, number, RegExp, string?][] = [
      [{ day: '2027-02-30', kind: 'closed', reason: REASON }, 400, /calendar date/],
      [{ day: '2026-11-02', kind: 'closed', reason: REASON }, 400, /has passed at the JSE/],
      [{ day: SATURDAY, kind: 'closed', reason: REASON }, 409, /does not trade on 2027-03-13 anyway/],
      [{ day: DAY, kind: 'early_close', reason: REASON }, 400, /needs its close time/],
      [{ day: DAY, kind: 'closed', reason: 'no' }, 400, /reason/],
      [{ day: DAY, kind: 'closed', reason: REASON }, 400, /exchange/, 'LSE'],
    ];
    for (const [body, status, message, exchange] of cases) {
      const res = await declare(productHeaders, body, exchange);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('declares an early close with its local time', async () => {
    const res = await declare(productHeaders, {
      day: DAY,
      kind: 'early_close',
      closeTime: '12:00',
      reason: REASON,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'early_close', closeTime: '12:00' });
    expect(declaredOn('JSE', isoToDay(DAY))).toBe(12 * 60);
  });
});
