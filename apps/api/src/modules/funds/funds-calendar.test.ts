import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../cli/run';
import { opsStaff } from '../../cli/ops-staff.testing';
import type { StaffPrincipal } from '../staff/staff.service';
import { runJob } from '../../jobs';
import { fundsValueJob } from '../../jobs/funds-value';
import { approvePending } from '../../jobs/jobs-test-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, fund as deposit } from '../ledger/money-test-kit';
import { fundApi, makeFund, orderIdOf, setSast } from './fund-test-kit';

/**
 * A JSE closure declared after a subscription was placed for that day (issue 22, decision 0055):
 * the order's valuation moves to the next business day, where it is valued; no NAV is struck on
 * the closed day.
 */
describe('fund valuation days follow a declared JSE closure', () => {
  let t: TestApp;
  /** The signed-in staff user the ops commands run as. */
  let staff: StaffPrincipal;
  let fundId: number;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await opsStaff(t.app.ctx);
    setSast(t.app.ctx, '2026-11-03', '10:00'); // a Tuesday
    fundId = (await makeFund(t)).offering.id;
  });
  afterAll(() => t.close());

  it('prices a subscription for 2026-11-04 at the next business day once the day is declared closed', async () => {
    const client = await createTestClient(t.app.ctx);
    await deposit(t.app.ctx, client, 'ZAR', '10000');
    const api = fundApi(t, client);
    setSast(t.app.ctx, '2026-11-03', '14:30'); // after the 14:00 cut-off: Wednesday's valuation
    const id = orderIdOf(await api.subscribe(fundId, { amount: '2000', account_id: '' }));
    expect((await api.receipt(id)).json().data.fund.valuation.date).toBe('2026-11-04');

    await runOps(
      t.app.ctx,
      [
        'exchange',
        'close',
        'JSE',
        '2026-11-04',
        '--reason',
        'Local government elections (proclaimed holiday)',
      ],
      staff,
    );
    // The pending order and a new one are both priced at Thursday's valuation now.
    expect((await api.receipt(id)).json().data.fund.valuation.date).toBe('2026-11-05');
    expect((await api.preview(fundId, '1000')).json().data.valuation).toMatchObject({ date: '2026-11-05' });

    // Wednesday 15:30: nothing is due (the last valuation passed is Tuesday's).
    setSast(t.app.ctx, '2026-11-04', '15:30');
    await runJob(t.app.ctx, fundsValueJob);
    expect((await api.receipt(id)).json().data.status).toBe('pending');
    await expect(runOps(t.app.ctx, ['fund', 'value', '--date', '2026-11-04'], staff)).rejects.toThrow(
      /not a business day/,
    );

    // Thursday after 15:00: valued at Thursday's NAV.
    setSast(t.app.ctx, '2026-11-05', '15:01');
    await runJob(t.app.ctx, fundsValueJob);
    // The job asks for the NAV strike (fund.nav_strike); a checker approves it (decision 0064).
    expect(await approvePending(t, 'fund.nav_strike')).toHaveLength(1);
    const receipt = (await api.receipt(id)).json().data;
    expect(receipt.status).toBe('holding');
    const navs = await t.database.query<{ day: string; nav: string }>(
      `select day::text, nav::text from fund_navs where offering_id = $1 and day between '2026-11-03' and '2026-11-05' order by day`,
      [fundId],
    );
    expect(navs.map((n) => n.day)).toEqual(['2026-11-03', '2026-11-05']);
    expect(Number(receipt.fund.nav)).toBe(Number(navs[1]!.nav));
    const [audit] = await t.database.query<{ after: { valuation_day: string } }>(
      `select after from audit_log where action = 'fund.subscription_valued' and subject_id = $1`,
      [String(id)],
    );
    expect(audit!.after.valuation_day).toBe('2026-11-05');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
