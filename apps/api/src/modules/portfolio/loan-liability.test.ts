import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../../jobs/runner';
import { portfolioSnapshotJob } from '../../jobs/portfolio-snapshots';
import { createTestApp, type TestApp } from '../../test/test-app';
import { applicationsApi, loanBody, setFlags } from '../applications/applications-test-kit';
import { approveApplication } from '../applications/applications.service';
import {
  createTestClient,
  fund,
  newPinSession,
  publishRates,
  type TestClient,
} from '../ledger/money-test-kit';
import { tradingApi } from '../orders/orders-test-kit';

const DAY_MS = 86_400_000;

/**
 * Issue 24 point 7: a loan paid out raises the cash, and so the total, by what was borrowed; the
 * summary shows what is owed as a liability and the total net of it, and the payout is neither a
 * deposit (Net deposits) nor a return (TWR, MWR, today's change).
 */
describe('a loan paid out: a liability beside the total, not a deposit, not a return', () => {
  let t: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    await publishRates(t.app.ctx);
    client = await createTestClient(t.app.ctx);
    await setFlags(t, client, { loan: true });
  });
  afterAll(() => t.close());

  const stat = async (path: string) => {
    const res = await tradingApi(t, client).get(`/api/stat/app/v1/${path}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  /** A day later: the job stores the days before today, and the client signs in again (idle expiry). */
  async function nextDay() {
    t.clock.advance(DAY_MS);
    await runJob(t.app.ctx, portfolioSnapshotJob);
    client = await newPinSession(t.app.ctx, client);
  }
  const returnsOf = (summary: { returns: { period: string; twr: string | null; mwr: string | null }[] }) =>
    summary.returns.map((r) => [r.period, r.twr, r.mwr]);

  it('shows outstanding, next instalment and due date; total less owed; flows and returns without it', async () => {
    await fund(t.app.ctx, client, 'ZAR', '20000');
    // A stored day before the loan, so the returns run over the job's days as well as today's.
    await nextDay();
    const paths = [`portfolio?account_id=${client.accounts.ZAR}`, 'portfolio'];
    const before: Record<string, { returns: { period: string; twr: string | null; mwr: string | null }[] }> =
      {};
    for (const path of paths) before[path] = await stat(path);
    // Cash only: every return is exactly 0 (borrowed money counted as a gain would make it +50 %).
    // (mwr: the IRR with its 8 decimals, decision 0054.)
    expect(returnsOf(before[paths[0]!]!)).toContainEqual(['ALL', '0', '0.00000000']);
    expect(before[paths[0]!]).toMatchObject({
      total_value: '20000.00',
      liabilities: { total: '0.00', loans: [] },
      net_value: '20000.00',
    });

    const applied = await applicationsApi(t, client).apply(loanBody(client));
    expect(applied.statusCode, applied.body).toBe(200);
    const loan = applied.json().data;
    await approveApplication(t.app.ctx, loan.id, 'ops:test');
    const schedule = (await applicationsApi(t, client).list())
      .json()
      .data.find((a: { id: number }) => a.id === loan.id).loan.schedule;

    for (const path of paths) {
      const after = await stat(path);
      expect(after).toMatchObject({
        total_value: '30000.00',
        liabilities: {
          total: '11001.61',
          loans: [
            {
              reference: loan.reference,
              account_id: client.accounts.ZAR,
              currency: 'ZAR',
              principal: '10000.00',
              outstanding: '11001.61',
              next_instalment: { amount: '916.80', due_on: schedule[0].due_on },
            },
          ],
        },
        net_value: '18998.39',
        // Borrowed money is not a day's gain.
        day_change: '0.00',
      });
      // The payout moved no return: the same figures as before it, period by period.
      expect(returnsOf(after)).toEqual(returnsOf(before[path]!));
    }

    // Net deposits of the day: the deposit only; the payout is a loan flow of its own.
    const today = (await stat(`value_series?account_id=${client.accounts.ZAR}&period=1W`)).points.at(-1);
    expect(today).toMatchObject({ value: '30000.00', net_flow: '0.00', loan_flow: '10000.00' });

    // Once the payout's day is stored by the job, the same holds for the stored day.
    await nextDay();
    const stored = await stat(`value_series?account_id=${client.accounts.ZAR}&period=1W`);
    const days = stored.points.map((p: { net_flow: string; loan_flow: string }) => [p.net_flow, p.loan_flow]);
    expect(days.slice(-3)).toEqual([
      ['20000.00', '0.00'],
      ['0.00', '10000.00'],
      ['0.00', '0.00'],
    ]);
    const later = await stat(`portfolio?account_id=${client.accounts.ZAR}`);
    expect(returnsOf(later)).toEqual(returnsOf(before[paths[0]!]!));
    expect(later).toMatchObject({ net_value: '18998.39', liabilities: { total: '11001.61' } });
  });
});
