import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { clientApi, createTestClient } from '../modules/ledger/money-test-kit';
import { seedDemo } from './seed';
import { SEED_OFFERINGS, seedTrading } from './seed-trading';

describe('trading demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const offerings = () =>
    t.database.query<{
      id: string;
      dtype: string;
      status: string;
      hot: boolean;
      term_days: number | null;
      symbol: string;
      country: string;
      currency: string;
      block_price: string | null;
      closes_in_days: string;
    }>(
      `select o.id::text, o.dtype, o.status, o.hot, o.term_days, i.symbol, i.country, o.currency, o.block_price::text,
              round(extract(epoch from (o.closes_at - o.opens_at)) / 86400)::text as closes_in_days
         from offerings o join instruments i on i.id = o.instrument_id
        where o.dtype in ('fo', 'otc') order by o.id`,
    );

  it('the demo seed opens the demo offerings on real instruments; a second run adds nothing', async () => {
    expect(await seedDemo(t.app.ctx)).toBe(true);
    const rows = await offerings();
    expect(rows).toHaveLength(SEED_OFFERINGS.length);
    expect(rows.every((r) => r.status === 'open')).toBe(true);
    const za = rows.filter((r) => r.country === 'ZA');
    expect(za.filter((r) => r.dtype === 'fo').map((r) => r.term_days)).toEqual([30, 90, 180]);
    expect(za.filter((r) => r.dtype === 'fo' && r.hot)).toHaveLength(1);
    const blocks = za.filter((r) => r.dtype === 'otc');
    expect(blocks).toHaveLength(2);
    expect(blocks.filter((r) => r.hot)).toHaveLength(1);
    expect(za.every((r) => r.currency === 'ZAR')).toBe(true);
    expect(rows.filter((r) => r.country === 'US').map((r) => [r.dtype, r.currency])).toEqual([['fo', 'USD']]);
    expect(rows.filter((r) => r.country === 'IN').map((r) => [r.dtype, r.currency])).toEqual([['fo', 'INR']]);
    for (const r of rows) {
      expect(Number(r.closes_in_days)).toBeGreaterThanOrEqual(30);
      expect(Number(r.closes_in_days)).toBeLessThanOrEqual(90);
    }

    expect(await seedDemo(t.app.ctx)).toBe(false);
    expect(await seedTrading(t.app.ctx)).toBe(0);
    expect(await offerings()).toEqual(rows);
  });

  it('one block is about 5% below the market price it was seeded at', async () => {
    const client = await createTestClient(t.app.ctx);
    const list = (await clientApi(t, client).get('/api/stat/app/v1/trading_list?dtype=otc')).json().data as {
      name: string;
      block_price: string;
      key_facts: { key: string; text: string }[];
    }[];
    const discounted = list.find((o) => o.name.includes('5% below'))!;
    expect(discounted.key_facts.find((f) => f.key === 'price_basis')!.text).toMatch(
      /, 5(\.0)?% below the market price/,
    );
    const hot = (await clientApi(t, client).get('/api/stat/app/v1/trading_list?hot=1')).json().data as {
      dtype: string;
    }[];
    // Issue 13's demo products (the fund, and the IPO and structured ones) are hot too.
    expect(hot.map((o) => o.dtype)).toEqual(expect.arrayContaining(['fo', 'otc', 'fund']));
  });
});
