import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../../jobs';
import { fundsValueJob } from '../../jobs/funds-value';
import { approvePending } from '../../jobs/jobs-test-kit';
import { approve } from '../approvals/approvals.service';
import { insertStaff } from '../approvals/approvals-test-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestStaff, nextTotpCode } from '../../test/staff';
import { defaultSessionFile, writeSession } from '../../cli/session-file';
import { signInStaff } from '../staff/staff.service';
import { checkLedger } from '../ledger/ledger-check.service';
import { FundMessages } from '@imali/contract';
import { createTestClient, fund as deposit, newKey, newPinSession } from '../ledger/money-test-kit';
import { fundApi, makeFund, OPS, orderIdOf, setSast } from './fund-test-kit';
import { valueFunds } from './funds.service';

const tally = (responses: { statusCode: number }[]) => {
  const byStatus: Record<number, number> = {};
  for (const r of responses) byStatus[r.statusCode] = (byStatus[r.statusCode] ?? 0) + 1;
  return byStatus;
};

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.DATABASE_URL)('funds under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let fundId: number;

  beforeAll(async () => {
    t = await createTestApp();
    setSast(t.app.ctx, '2026-03-10', '10:00');
    fundId = (await makeFund(t, { maxInvestment: '1000000' })).offering.id;
  });
  afterAll(() => t?.close());

  it('300 concurrent subscriptions against cash covering 10: exactly 10 held, the rest refused cleanly', async () => {
    const client = await createTestClient(t.app.ctx);
    await deposit(t.app.ctx, client, 'ZAR', '10000');
    const api = fundApi(t, client);
    const responses = await Promise.all(
      Array.from({ length: 300 }, () => api.subscribe(fundId, { amount: '1000', account_id: '' })),
    );
    expect(tally(responses)).toEqual({ 200: 10, 409: 290 });
    const zar = (await api.get('/api/account/app/v1'))
      .json()
      .data.find((a: { currency: string }) => a.currency === 'ZAR');
    expect(zar).toMatchObject({ balance: '10000.00', held: '10000.00', available: '0.00' });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('the valuation run by two processes at once (job and ops, twice each) values each order once', async () => {
    const clients = await Promise.all(Array.from({ length: 5 }, () => createTestClient(t.app.ctx)));
    for (const c of clients) await deposit(t.app.ctx, c, 'ZAR', '3000');
    setSast(t.app.ctx, '2026-03-11', '09:00');
    for (const c of clients) {
      const api = fundApi(t, await newPinSession(t.app.ctx, c));
      expect((await api.subscribe(fundId, { amount: '2999.99', account_id: '' })).statusCode).toBe(200);
    }
    setSast(t.app.ctx, '2026-03-11', '15:05');
    // The job runs twice at once: one NAV strike request for the fund (decision 0064).
    const outcomes = await Promise.all([runJob(t.app.ctx, fundsValueJob), runJob(t.app.ctx, fundsValueJob)]);
    expect(outcomes.filter((o) => o.ran === false).length).toBeLessThanOrEqual(1);
    const requests = await t.database.query<{ id: string }>(
      `select id::text from approval_requests where action = 'fund.nav_strike' and status = 'pending'`,
    );
    expect(requests).toHaveLength(1);
    // Two checkers approve it while ops values directly, twice: each order is valued once.
    const id = Number(requests[0]!.id);
    const [c1, c2] = [await insertStaff(t, ['product_ops']), await insertStaff(t, ['product_ops'])];
    await Promise.allSettled([
      approve(t.app.ctx, c1, id),
      approve(t.app.ctx, c2, id),
      valueFunds(t.app.ctx, { actor: OPS }),
      valueFunds(t.app.ctx, { date: '2026-03-11', actor: OPS }),
    ]);
    const [counts] = await t.database.query<{
      pending: string;
      holding: string;
      movements: string;
      audits: string;
    }>(
      `select (select count(*) from orders where ttype = 'fund' and status = 'pending')::text as pending,
              (select count(*) from orders where ttype = 'fund' and status = 'holding')::text as holding,
              (select count(*) from position_movements m join orders o on o.id = m.order_id where o.ttype = 'fund')::text as movements,
              (select count(*) from audit_log where action = 'fund.subscription_valued')::text as audits`,
    );
    // 10 from the first test (priced 10 March) + 5 here, each valued once.
    expect(counts).toEqual({ pending: '0', holding: '15', movements: '15', audits: '15' });
    const [navs] = await t.database.query<{ n: string }>(
      `select count(*)::text as n from fund_navs where offering_id = $1 and day = '2026-03-11'`,
      [fundId],
    );
    expect(navs!.n).toBe('1');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('two ops processes valuing at once (separate OS processes) value each order once', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, () => createTestClient(t.app.ctx)));
    for (const c of clients) await deposit(t.app.ctx, c, 'ZAR', '2000');
    setSast(t.app.ctx, '2026-03-12', '09:00');
    for (const c of clients) {
      const api = fundApi(t, await newPinSession(t.app.ctx, c));
      expect((await api.subscribe(fundId, { amount: '1500', account_id: '' })).statusCode).toBe(200);
    }
    setSast(t.app.ctx, '2026-03-12', '15:05');
    const shift = String(t.app.ctx.config.MARKET_TIME_SHIFT_MS);
    // The CLI acts as a signed-in staff user (decision 0062): one product_ops session, kept in
    // the 0600 session file of a data folder of this test's own.
    const staff = await createTestStaff(t.app.ctx, ['product_ops']);
    const { token, principal } = await signInStaff(t.app.ctx, {
      email: staff.email,
      password: staff.password,
      totpCode: await nextTotpCode(t.app.ctx, staff),
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-fund-ops-'));
    writeSession(defaultSessionFile(dataDir), {
      token,
      staffId: principal.id,
      email: principal.email,
      expiresAt: principal.sessionExpiresAt.toISOString(),
      via: 'direct',
    });
    const opsRun = () =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/ops.ts', 'fund', 'value'], {
          cwd: path.resolve(import.meta.dirname, '../../..'),
          env: {
            ...process.env,
            DATABASE_URL: t.databaseUrl!,
            DATA_DIR: dataDir,
            MARKET_TIME_SHIFT_MS: shift,
            LOG_LEVEL: 'warn',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.on('exit', (code) => resolve({ code, out }));
      });
    const runs = await Promise.all([opsRun(), opsRun()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    for (const r of runs) expect(r.code, r.out).toBe(0);
    // Both asked for the fund's NAV strike: one request stands (one pending per fund), approved.
    expect(runs.filter((r) => /Waiting for approval: request #\d+/.test(r.out))).toHaveLength(1);
    expect(await approvePending(t, 'fund.nav_strike')).toHaveLength(1);
    const [counts] = await t.database.query<{ audits: string; navs: string }>(
      `select (select count(*) from audit_log where action = 'fund.subscription_valued')::text as audits,
              (select count(*) from fund_navs where offering_id = $1 and day = '2026-03-12')::text as navs`,
      [fundId],
    );
    // 15 valued by the earlier tests + these 4, each once; one NAV struck for the day.
    expect(counts).toEqual({ audits: '19', navs: '1' });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
  it('10 concurrent redemptions of each of 9 holdings: one accepted per holding, one audit row, the day never moves', async () => {
    const client = await createTestClient(t.app.ctx);
    await deposit(t.app.ctx, client, 'ZAR', '9000');
    const api = fundApi(t, client);
    setSast(t.app.ctx, '2026-03-16', '09:00'); // Monday
    const ids: number[] = [];
    for (let i = 0; i < 9; i += 1)
      ids.push(orderIdOf(await api.subscribe(fundId, { amount: '1000', account_id: '' })));
    setSast(t.app.ctx, '2026-03-16', '15:30');
    await runJob(t.app.ctx, fundsValueJob);
    expect(await approvePending(t, 'fund.nav_strike')).toHaveLength(1);

    setSast(t.app.ctx, '2026-03-17', '10:00'); // before the cut-off: priced today
    const responses = await Promise.all(
      ids.flatMap((id) => Array.from({ length: 10 }, () => api.redeem(id))),
    );
    expect(tally(responses)).toEqual({ 200: 9, 409: 81 });
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ message: FundMessages.alreadyRedeeming, data: null });
    }
    // After the cut-off a late duplicate would be priced tomorrow: it is refused and moves nothing.
    setSast(t.app.ctx, '2026-03-17', '14:30');
    const late = await Promise.all(ids.map((id) => api.redeem(id)));
    expect(tally(late)).toEqual({ 409: 9 });

    const rows = await t.database.query<{ order_id: number; redemption_day: string; audits: string }>(
      `select f.order_id, to_char(f.redemption_day, 'YYYY-MM-DD') as redemption_day,
              (select count(*) from audit_log a
                where a.action = 'fund.redeem_request' and a.subject_id = f.order_id::text)::text as audits
         from fund_orders f where f.order_id = any($1::int[]) order by f.order_id`,
      [ids],
    );
    expect(rows.map((r) => [r.redemption_day, r.audits])).toEqual(ids.map(() => ['2026-03-17', '1']));

    // The same Idempotency-Key from 10 callers: one acceptance, every caller the same answer.
    await deposit(t.app.ctx, client, 'ZAR', '1000');
    setSast(t.app.ctx, '2026-03-18', '09:00');
    const one = orderIdOf(await api.subscribe(fundId, { amount: '1000', account_id: '' }));
    setSast(t.app.ctx, '2026-03-18', '15:30');
    await runJob(t.app.ctx, fundsValueJob);
    expect(await approvePending(t, 'fund.nav_strike')).toHaveLength(1);
    setSast(t.app.ctx, '2026-03-19', '10:00');
    const key = newKey();
    const replays = await Promise.all(Array.from({ length: 10 }, () => api.redeem(one, key)));
    expect(tally(replays)).toEqual({ 200: 10 });
    expect(new Set(replays.map((r) => r.body)).size).toBe(1);
    const [audits] = await t.database.query<{ n: string }>(
      `select count(*)::text as n from audit_log where action = 'fund.redeem_request' and subject_id = $1`,
      [String(one)],
    );
    expect(audits!.n).toBe('1');

    // The redemptions are paid once each at the valuation.
    setSast(t.app.ctx, '2026-03-19', '15:30');
    await runJob(t.app.ctx, fundsValueJob);
    expect(await approvePending(t, 'fund.nav_strike')).toHaveLength(1);
    const [sold] = await t.database.query<{ n: string }>(
      `select count(*)::text as n from orders where id = any($1::int[]) and status = 'sold'`,
      [[...ids, one]],
    );
    expect(sold!.n).toBe('10');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
