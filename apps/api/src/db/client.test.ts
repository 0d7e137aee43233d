import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { openPostgres } from './client';

/** Every connection, pooled or dedicated, plans with the session settings of db/client.ts. */
describe('database session settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('plans key lookups for SSD (random_page_cost 1.1) on every connection', async () => {
    const pooled = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.database.query<{ random_page_cost: string }>('show random_page_cost'),
      ),
    );
    for (const rows of pooled) expect(rows[0]!.random_page_cost).toBe('1.1');
    const dedicated = await t.database.session((conn) =>
      conn.query<{ random_page_cost: string }>('show random_page_cost'),
    );
    expect(dedicated[0]!.random_page_cost).toBe('1.1');
  });

  it.skipIf(!process.env.DATABASE_URL)('keeps the options a DATABASE_URL carries', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set('options', '-c statement_timeout=4321');
    const database = await openPostgres(url.toString(), 1);
    try {
      const [row] = await database.query<{ statement_timeout: string; random_page_cost: string }>(
        "select current_setting('statement_timeout') as statement_timeout, current_setting('random_page_cost') as random_page_cost",
      );
      expect(row).toEqual({ statement_timeout: '4321ms', random_page_cost: '1.1' });
    } finally {
      await database.close();
    }
  });
});
