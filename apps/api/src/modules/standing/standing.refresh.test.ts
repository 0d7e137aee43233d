import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import { refreshStandings, standingOfClient } from './standing.service';

/** The refresh in batches stores what the rules say for every client, whatever the batch size. */
describe('standing refresh in batches', () => {
  let t: TestApp;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 5; i += 1) clients.push(await createTestClient(t.app.ctx));
    await fund(t.app.ctx, clients[1]!, 'ZAR', '1000');
    await fund(t.app.ctx, clients[3]!, 'ZAR', '1000');
  });
  afterAll(() => t.close());

  it('with batches of 2, stores each client’s figures once, audited, and a rerun changes nothing', async () => {
    const changed = await refreshStandings(t.app.ctx, 2);
    expect(changed).toBeGreaterThanOrEqual(clients.length);
    for (const c of clients) {
      const s = await standingOfClient(t.app.ctx, c.clientId);
      const [row] = await t.database.query<{ vip: number; score: number; order_num: number }>(
        'select vip, score, order_num from clients where id = $1',
        [c.clientId],
      );
      expect(row).toEqual({ vip: s!.vip, score: s!.score, order_num: s!.orderNum });
      const [audits] = await t.database.query<{ n: string }>(
        "select count(*)::text as n from audit_log where action = 'client.standing' and subject_id = $1",
        [String(c.clientId)],
      );
      expect(audits!.n).toBe('1');
    }
    expect(await refreshStandings(t.app.ctx, 2)).toBe(0);
  });
});
