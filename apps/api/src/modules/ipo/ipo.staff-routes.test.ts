import { ipoFinalPricePreviewSchema, staffIpoSchema } from '@imali/contract';
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
import { allotIpo, setFinalPrice } from './ipo.service';

type Headers = { cookie: string; origin: string };
const DAY_MS = 86_400_000;

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
  let auditorHeaders: Headers;

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
    auditorHeaders = await signInStaffCookie(ops, await createTestStaff(t.app.ctx, ['auditor']));
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

  /** The body of POST /ops/v1/ipos: a JSE range 1000–1200 ZAc, open now, closing in a week. */
  const terms = (over: object = {}) => {
    const now = t.app.ctx.clock.now().getTime();
    const day = (offset: number) => new Date(now + offset * DAY_MS).toISOString().slice(0, 10);
    return {
      symbol: `kr${Math.floor(Math.random() * 1e6)}`,
      instrumentName: 'Karoo Solar Ltd',
      issuer: 'Karoo Solar Ltd, a Northern Cape solar producer',
      country: 'ZA',
      priceLow: '1000',
      priceHigh: '1200',
      lotSize: 100,
      minLots: 1,
      maxLots: 10,
      sharesOffered: '2000',
      opensAt: new Date(now - 60_000).toISOString(),
      closesAt: new Date(now + 7 * DAY_MS).toISOString(),
      allotsOn: day(8),
      listsOn: day(10),
      rule: 'pro_rata',
      ...over,
    };
  };
  const count = async (table: string) =>
    (await t.database.query<{ n: string }>(`select count(*)::text as n from ${table}`))[0]!.n;
  const auditsOf = async (id: number) =>
    (
      await t.database.query<{ action: string; actor: string }>(
        `select action, actor from audit_log where subject_type = 'offering' and subject_id = $1 order by id`,
        [String(id)],
      )
    ).map((a) => `${a.action} ${a.actor}`);

  it('IPO create: 201 with the list shape, audited as the staff user; support and auditor 403; a taken symbol 409', async () => {
    const body = terms();
    for (const headers of [supportHeaders, auditorHeaders]) {
      expect((await post('/ops/v1/ipos', headers, body)).statusCode).toBe(403);
    }
    const created = await post('/ops/v1/ipos', makerHeaders, body);
    expect(created.statusCode, created.body).toBe(201);
    const ipo = staffIpoSchema.parse(created.json().data);
    expect(ipo).toMatchObject({
      quoteUnit: 'ZAc',
      offering: { name: 'Karoo Solar Ltd IPO', status: 'open', currency: 'ZAR', allocationRule: 'pro_rata' },
      instrument: { symbol: body.symbol.toUpperCase(), country: 'ZA', market: 'JSE' },
      terms: {
        priceLow: '1000',
        priceHigh: '1200',
        finalPrice: null,
        lotSize: 100,
        maxLots: 10,
        sharesOffered: '2000',
        state: 'open',
        allotsOn: body.allotsOn,
      },
    });
    expect(created.json().message).toMatch(/IPO \d+ created \(open\)/);
    // The list has it, in the same shape.
    const listed = ((await get('/ops/v1/ipos', supportHeaders)).json().data as unknown[]).map((r) =>
      staffIpoSchema.parse(r),
    );
    expect(listed.find((r) => r.offering.id === ipo.offering.id)?.terms).toEqual(ipo.terms);
    expect(await auditsOf(ipo.offering.id)).toEqual([`ipo.create staff:${maker.id}`]);

    const before = await count('offerings');
    const again = await post('/ops/v1/ipos', makerHeaders, terms({ symbol: body.symbol }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists in ZA/);
    expect(await count('offerings')).toBe(before);
  });

  it('IPO create refuses bad terms with the reason (400) and creates nothing', async () => {
    const before = [await count('offerings'), await count('instruments'), await count('ipo_terms')];
    const now = t.app.ctx.clock.now().getTime();
    const cases: [object, RegExp][] = [
      [{ priceLow: '10.50' }, /^price must be a price greater than 0 in ZAc with at most 0 decimals/],
      [{ priceLow: '1300' }, /low price must not be above the high price/],
      [{ priceLow: 'ten' }, /^Price low must be a number in the quote unit/],
      [{ sharesOffered: '2050' }, /^shares offered must be a whole number of lots/],
      [{ minLots: 11 }, /^min lots must not be above max lots/],
      [{ lotSize: 0 }, /^Lot size must be a whole number greater than 0/],
      [{ country: 'GB' }, /^Country must be ZA, US or IN/],
      [{ rule: 'first_come' }, /^Rule must be pro_rata or lottery/],
      [{ instrumentName: '  ' }, /^Instrument name: enter it/],
      [{ opensAt: 'tomorrow' }, /^Opens must be a date and time/],
      [{ closesAt: new Date(now - DAY_MS).toISOString() }, /close (after it opens|in the future)/],
      [{ allotsOn: '2020-01-01' }, /^Allotment must be on or after the day applications close/],
      [{ listsOn: '2020-01-01' }, /^Listing must be on or after allotment/],
    ];
    for (const [over, message] of cases) {
      const res = await post('/ops/v1/ipos', makerHeaders, terms(over));
      expect(res.statusCode, `${JSON.stringify(over)}: ${res.body}`).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toMatch(message);
    }
    expect([await count('offerings'), await count('instruments'), await count('ipo_terms')]).toEqual(before);
  });

  it('IPO final price: the preview (nothing written) counts who must reconfirm; set once by products.request, audited; twice 409', async () => {
    const { offering } = await makeIpo(t);
    const id = offering.id;
    const clients = [await createTestClient(t.app.ctx), await createTestClient(t.app.ctx)];
    for (const [c, lots] of [
      [clients[0]!, 2],
      [clients[1]!, 1],
      [clients[0]!, 1],
    ] as const) {
      await fund(t.app.ctx, c, 'ZAR', '5000');
      const applied = await clientApi(t, c).post(`/api/ipo/app/v1/record/sub/${id}`, { lots });
      expect(applied.statusCode, applied.body).toBe(200);
    }
    const preview = async (price: string, headers: Headers = makerHeaders) => {
      const res = await post(`/ops/v1/ipos/${id}/final-price/preview`, headers, { price });
      expect(res.statusCode, res.body).toBe(200);
      return ipoFinalPricePreviewSchema.parse(res.json().data);
    };
    // Above the range: the holds (sized on 1200) would not cover it; every application reconfirms.
    expect(await preview('1500', auditorHeaders)).toMatchObject({
      finalPrice: '1500',
      quoteUnit: 'ZAc',
      priceLow: '1000',
      priceHigh: '1200',
      position: 'above',
      needsReconfirmation: true,
      awaitingApplications: 3,
      awaitingClients: 2,
      applicationsToReconfirm: 3,
      clientsToReconfirm: 2,
    });
    expect(await preview('1100', supportHeaders)).toMatchObject({
      position: 'within',
      needsReconfirmation: false,
      applicationsToReconfirm: 0,
    });
    expect(await preview('900')).toMatchObject({ position: 'below', needsReconfirmation: false });
    expect(await preview('0799')).toMatchObject({
      finalPrice: '799',
      position: 'far_below',
      needsReconfirmation: true,
      clientsToReconfirm: 2,
    });
    const refused = await post(`/ops/v1/ipos/${id}/final-price/preview`, makerHeaders, { price: '1100.5' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/at most 0 decimals/);
    const finalOf = async () =>
      (
        await t.database.query<{ p: string | null }>(
          `select final_price as p from ipo_terms where offering_id = $1`,
          [id],
        )
      )[0]!.p;
    expect(await finalOf()).toBeNull();

    for (const headers of [supportHeaders, auditorHeaders]) {
      expect((await post(`/ops/v1/ipos/${id}/final-price`, headers, { price: '1500' })).statusCode).toBe(403);
    }
    // Bad input: 400, nothing changed.
    const bad = await post(`/ops/v1/ipos/${id}/final-price`, makerHeaders, { price: '-5' });
    expect(bad.statusCode).toBe(400);
    expect(await finalOf()).toBeNull();
    expect(await auditsOf(id)).toEqual([`ipo.create ${OPS}`]);

    const set = await post(`/ops/v1/ipos/${id}/final-price`, makerHeaders, { price: '1500' });
    expect(set.statusCode, set.body).toBe(200);
    expect(staffIpoSchema.parse(set.json().data).terms).toMatchObject({
      finalPrice: '1500',
      reconfirmRequired: true,
      state: 'open',
    });
    expect(set.json().message).toMatch(/final price 1500 ZAc\. Applications must be reconfirmed/);
    expect(await auditsOf(id)).toEqual([`ipo.create ${OPS}`, `ipo.price staff:${maker.id}`]);

    const twice = await post(`/ops/v1/ipos/${id}/final-price`, makerHeaders, { price: '1100' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already has its final price of 1500/);
    expect(
      (await post(`/ops/v1/ipos/${id}/final-price/preview`, makerHeaders, { price: '1100' })).statusCode,
    ).toBe(409);
    expect(await finalOf()).toBe('1500.000000');
    expect(
      (await post('/ops/v1/ipos/999999/final-price/preview', makerHeaders, { price: '1100' })).statusCode,
    ).toBe(404);
  });

  it('IPO list: 409 before allotment; lists an allotted IPO at the price given, audited as the staff user; twice 409', async () => {
    const { offering } = await makeIpo(t);
    const id = offering.id;
    const c = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, c, 'ZAR', '5000');
    expect((await clientApi(t, c).post(`/api/ipo/app/v1/record/sub/${id}`, { lots: 2 })).statusCode).toBe(
      200,
    );
    await setFinalPrice(t.app.ctx, id, '1100', OPS);

    const early = await post(`/ops/v1/ipos/${id}/list`, makerHeaders, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/Allot IPO \d+ before listing it/);

    await closeOffering(t.app.ctx, id, OPS);
    await allotIpo(t.app.ctx, id, OPS);
    for (const headers of [supportHeaders, auditorHeaders]) {
      expect((await post(`/ops/v1/ipos/${id}/list`, headers, {})).statusCode).toBe(403);
    }
    const bad = await post(`/ops/v1/ipos/${id}/list`, makerHeaders, { price: '11.5' });
    expect(bad.statusCode).toBe(400);
    const listed = await post(`/ops/v1/ipos/${id}/list`, makerHeaders, { price: '1250' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(staffIpoSchema.parse(listed.json().data)).toMatchObject({
      offering: { status: 'settled' },
      terms: { state: 'listed', listingPrice: '1250', finalPrice: '1100' },
    });
    expect(listed.json().message).toMatch(
      /listed on the JSE on \d{4}-\d{2}-\d{2} at 1250; 1 orders now holding/,
    );
    const orders = await t.database.query<{ status: string }>(
      `select status from orders where offering_id = $1`,
      [id],
    );
    expect(orders.map((o) => o.status)).toEqual(['holding']);
    expect((await auditsOf(id)).filter((a) => a.startsWith('ipo.list'))).toEqual([
      `ipo.list staff:${maker.id}`,
    ]);
    const twice = await post(`/ops/v1/ipos/${id}/list`, makerHeaders, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already listed/);
  });

  it('the ops OpenAPI document types the IPO routes with their contract shapes', async () => {
    const doc = (await ops.inject({ method: 'GET', url: '/ops/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const path of [
      '/ops/v1/ipos',
      '/ops/v1/ipos/{id}/final-price/preview',
      '/ops/v1/ipos/{id}/final-price',
      '/ops/v1/ipos/{id}/list',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
      expect(doc.paths[path]!.post!.responses, path).toHaveProperty('409');
    }
    expect(
      JSON.stringify(doc.paths['/ops/v1/ipos/{id}/final-price/preview']!.post!.responses['200']),
    ).toMatch(/clientsToReconfirm/);
    expect(JSON.stringify(doc.paths['/ops/v1/ipos']!.post!.responses['201'])).toMatch(/quoteUnit/);
  });

  it('funds, structured products and offerings are listed', async () => {
    for (const url of ['/ops/v1/funds', '/ops/v1/structured-products', '/ops/v1/offerings']) {
      const res = await get(url, supportHeaders);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });
});
