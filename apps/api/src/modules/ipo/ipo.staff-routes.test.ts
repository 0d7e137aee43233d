import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  createTestOpsApp,
  createTestStaff,
  signInStaffCookie,
  stepUpHeaders,
  type TestStaff,
} from '../../test/staff';
import { clientApi, createTestClient, fund, publishRates } from '../ledger/money-test-kit';
import { closeOffering } from '../offerings/offerings.service';
import { makeIpo, OPS } from './ipo-test-kit';
import { setFinalPrice } from './ipo.service';

type Headers = { cookie: string; origin: string };

// The product staff routes of issue 23 (IPO allotment and FX publication): preview → request →
// a second staff user approves in the approvals inbox with a step-up code.
describe('product operations on the staff API (/ops/v1)', () => {
  let t: TestApp;
  let ops: AppInstance;
  let maker: TestStaff;
  let checker: TestStaff;
  let support: TestStaff;
  let treasury: TestStaff;
  let treasury2: TestStaff;
  let makerHeaders: Headers;
  let checkerHeaders: Headers;
  let supportHeaders: Headers;
  let treasuryHeaders: Headers;
  let treasury2Headers: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    await publishRates(t.app.ctx);
    ops = await createTestOpsApp(t);
    maker = await createTestStaff(t.app.ctx, ['product_ops']);
    checker = await createTestStaff(t.app.ctx, ['product_ops']);
    support = await createTestStaff(t.app.ctx, ['support']);
    treasury = await createTestStaff(t.app.ctx, ['treasury']);
    treasury2 = await createTestStaff(t.app.ctx, ['treasury']);
    makerHeaders = await signInStaffCookie(ops, maker);
    checkerHeaders = await signInStaffCookie(ops, checker);
    supportHeaders = await signInStaffCookie(ops, support);
    treasuryHeaders = await signInStaffCookie(ops, treasury);
    treasury2Headers = await signInStaffCookie(ops, treasury2);
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Headers) => ops.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
    ops.inject({ method: 'POST', url, headers, payload });

  it('IPO: list, allotment preview (nothing written), request (202, 409 twice), approved with step-up → allotted', async () => {
    const { offering } = await makeIpo(t, { sharesOffered: '500' });
    for (let i = 0; i < 3; i++) {
      const c = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, c, 'ZAR', '10000');
      expect(
        (await clientApi(t, c).post(`/api/ipo/app/v1/record/sub/${offering.id}`, { lots: 3 })).statusCode,
      ).toBe(200);
    }
    await setFinalPrice(t.app.ctx, offering.id, '1100', OPS);
    await closeOffering(t.app.ctx, offering.id, OPS);

    const list = await get('/ops/v1/ipos', supportHeaders);
    expect(list.statusCode).toBe(200);
    expect(
      (list.json().data as { offering: { id: number } }[]).some((r) => r.offering.id === offering.id),
    ).toBe(true);
    const preview = await get(`/ops/v1/ipos/${offering.id}/allotment/preview`, makerHeaders);
    expect(preview.statusCode, preview.body).toBe(200);
    const plan = preview.json().data;
    expect(plan).toMatchObject({ lotsOffered: '5', lotsApplied: 9, lotsAllotted: 5 });
    expect(plan.lines.map((l: { allotted: number }) => l.allotted)).toEqual([2, 2, 1]);

    // Support may look but not ask.
    expect((await post(`/ops/v1/ipos/${offering.id}/allotment/request`, supportHeaders, {})).statusCode).toBe(
      403,
    );
    const body = { seed: plan.seed, allotmentsHash: plan.allotmentsHash };
    const asked = await post(`/ops/v1/ipos/${offering.id}/allotment/request`, makerHeaders, body);
    expect(asked.statusCode, asked.body).toBe(202);
    const request = asked.json().data.request;
    expect(request).toMatchObject({ action: 'ipo.allot', status: 'pending' });
    expect((await post(`/ops/v1/ipos/${offering.id}/allotment/request`, makerHeaders, body)).statusCode).toBe(
      409,
    );

    const url = `/ops/v1/approvals/${request.id}/approve`;
    const approveBody = { payloadHash: request.payloadHash };
    expect((await post(url, await stepUpHeaders(ops, maker, makerHeaders), approveBody)).statusCode).toBe(
      403,
    );
    const approved = await post(url, await stepUpHeaders(ops, checker, checkerHeaders), approveBody);
    expect(approved.statusCode, approved.body).toBe(200);
    const rows = await t.database.query<{ status: string }>(
      `select status from orders where offering_id = $1 order by id`,
      [offering.id],
    );
    expect(rows.map((r) => r.status)).toEqual(['listing', 'listing', 'listing']);
    // Allotted: the preview now says so.
    expect((await get(`/ops/v1/ipos/${offering.id}/allotment/preview`, makerHeaders)).statusCode).toBe(409);
  });

  it('FX: the preview refuses a spread outside the band with the reason; a publication is approved by a second treasury user', async () => {
    const wide = await get('/ops/v1/rates/preview?from=USD&to=ZAR&rate=17.00', treasuryHeaders);
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toMatch(/spread may be at most/);
    const preview = await get('/ops/v1/rates/preview?from=USD&to=ZAR&rate=18.12', treasuryHeaders);
    expect(preview.json().data).toMatchObject({ rate: '18.12', mid: '18.25' });
    expect(
      (await post('/ops/v1/rates/request', makerHeaders, { from: 'USD', to: 'ZAR', rate: '18.12' }))
        .statusCode,
    ).toBe(403);
    const asked = await post('/ops/v1/rates/request', treasuryHeaders, {
      from: 'USD',
      to: 'ZAR',
      rate: '18.12',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const request = asked.json().data.request;
    const approved = await post(
      `/ops/v1/approvals/${request.id}/approve`,
      await stepUpHeaders(ops, treasury2, treasury2Headers),
      { payloadHash: request.payloadHash },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const rates = (await get('/ops/v1/rates', supportHeaders)).json().data as {
      primary: string;
      secondary: string;
      rate: string;
    }[];
    expect(Number(rates.find((r) => r.primary === 'USD' && r.secondary === 'ZAR')?.rate)).toBe(18.12);
  });

  it('funds, structured products and offerings are listed', async () => {
    for (const url of ['/ops/v1/funds', '/ops/v1/structured-products', '/ops/v1/offerings']) {
      const res = await get(url, supportHeaders);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });
});
