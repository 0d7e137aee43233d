import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { clientApi, createTestClient, fund } from '../ledger/money-test-kit';
import { closeOffering } from '../offerings/offerings.service';
import { makeIpo, OPS } from './ipo-test-kit';
import { allotIpo } from './ipo.service';

const count = (statuses: number[]) => {
  const byStatus: Record<number, number> = {};
  for (const s of statuses) byStatus[s] = (byStatus[s] ?? 0) + 1;
  return byStatus;
};

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.DATABASE_URL)('IPOs under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PIN_EACH_ORDER_ABOVE: 'ZAR=1000000000,USD=1000000000' });
  });
  afterAll(() => t?.close());

  it('300 concurrent applications against cash covering 10: exactly 10 are held', async () => {
    // Fixed price 1000 ZAc, lots of 10: one lot = R100 + fees; fund exactly 10 applications.
    const { offering } = await makeIpo(t, {
      priceLow: '1000',
      priceHigh: undefined,
      lotSize: 10,
      maxLots: 1000,
      sharesOffered: '100000',
    });
    const client = await createTestClient(t.app.ctx);
    const api = clientApi(t, client);
    const preview = (await api.get(`/api/ipo/app/v1/preview/${offering.id}?lots=1`)).json().data;
    await fund(t.app.ctx, client, 'ZAR', (Number(preview.total) * 10).toFixed(2));
    const responses = await Promise.all(
      Array.from({ length: 300 }, () => api.post(`/api/ipo/app/v1/record/sub/${offering.id}`, { lots: 1 })),
    );
    expect(count(responses.map((r) => r.statusCode))).toEqual({ 200: 10, 409: 290 });
    const [row] = await t.database.query<{ n: string; held: string }>(
      `select count(*)::text as n, (select held_minor::text from accounts where id = $2) as held
       from orders where offering_id = $1 and status = 'awaiting'`,
      [offering.id, client.accounts.ZAR],
    );
    expect(row).toEqual({ n: '10', held: String(Math.round(Number(preview.total) * 100) * 10) });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('300 concurrent applications of one client against a maximum of 10 lots: exactly 10', async () => {
    const { offering } = await makeIpo(t, { maxLots: 10, sharesOffered: '100000' });
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '1000000');
    const api = clientApi(t, client);
    const responses = await Promise.all(
      Array.from({ length: 300 }, () => api.post(`/api/ipo/app/v1/record/sub/${offering.id}`, { lots: 1 })),
    );
    expect(count(responses.map((r) => r.statusCode))).toEqual({ 200: 10, 409: 290 });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('two concurrent allotments: one allots, the other is refused; nothing is allotted twice', async () => {
    const { offering } = await makeIpo(t, { priceLow: '1000', priceHigh: undefined, sharesOffered: '500' });
    for (let i = 0; i < 4; i++) {
      const c = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, c, 'ZAR', '10000');
      expect(
        (await clientApi(t, c).post(`/api/ipo/app/v1/record/sub/${offering.id}`, { lots: 3 })).statusCode,
      ).toBe(200);
    }
    await closeOffering(t.app.ctx, offering.id, OPS);
    const results = await Promise.allSettled([
      allotIpo(t.app.ctx, offering.id, OPS),
      allotIpo(t.app.ctx, offering.id, OPS),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(String(refused.reason.message)).toContain('already allotted');
    const [row] = await t.database.query<{ shares: string; entries: string }>(
      `select coalesce(sum(quantity), 0)::text as shares, count(buy_entry_id)::text as entries
       from orders where offering_id = $1 and status = 'listing'`,
      [offering.id],
    );
    expect(Number(row!.shares)).toBe(500);
    const audits = await t.database.query<{ n: string }>(
      `select count(*)::text as n from audit_log where action = 'ipo.allot' and subject_id = $1`,
      [String(offering.id)],
    );
    expect(audits[0]!.n).toBe('1');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
