import { ApplicationMessages } from '@imali/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient } from '../ledger/money-test-kit';
import {
  applicationsApi,
  fundedReference,
  loanBody,
  setFlags,
  uploadEvidence,
} from './applications-test-kit';
import {
  approveApplication,
  forfeitBonus,
  reclaimDueBonuses,
  rejectApplication,
} from './applications.service';

const OPS = 'ops:tester';

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.DATABASE_URL)('application decisions under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** Settles every decision and counts the outcomes. */
  async function race(decisions: (() => Promise<unknown>)[]) {
    const results = await Promise.allSettled(decisions.map((d) => d()));
    return {
      won: results.filter((r) => r.status === 'fulfilled').length,
      lost: results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason),
    };
  }
  const entryCount = async (id: number) =>
    Number(
      (
        await t.database.query<{ n: string }>(
          'select count(*)::text as n from application_entries where application_id = $1',
          [id],
        )
      )[0]!.n,
    );

  it('50 concurrent approve/reject decisions on one compensation claim: exactly one wins', async () => {
    const client = await createTestClient(t.app.ctx);
    await setFlags(t, client, { compensation: true });
    const api = applicationsApi(t, client);
    const claim = await api.apply({
      type: 'compensation',
      account_id: client.accounts.ZAR,
      amount: '100',
      reason: 'Order filled late',
      related_reference: await fundedReference(t, client),
      evidence_urls: [await uploadEvidence(t, client)],
    });
    expect(claim.statusCode, claim.body).toBe(200);
    const id = claim.json().data.id;
    const { won, lost } = await race(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? () => approveApplication(t.app.ctx, id, `${OPS}${i}`)
          : () => rejectApplication(t.app.ctx, id, `no ${i}`, `${OPS}${i}`),
      ),
    );
    expect(won).toBe(1);
    expect(lost).toHaveLength(49);
    for (const reason of lost) expect(String(reason)).toContain('already been decided');
    const [row] = (await api.list()).json().data;
    const zar = await api.zar();
    if (row.status === 'approved') {
      expect(zar.balance).toBe('1100.00');
      expect(await entryCount(id)).toBe(1);
    } else {
      expect(row.status).toBe('rejected');
      expect(zar.balance).toBe('1000.00');
      expect(await entryCount(id)).toBe(0);
    }
    const decisions = await t.database.query<{ n: string }>(
      `select count(*)::text as n from audit_log where subject_type = 'application' and subject_id = $1
         and action like 'application.compensation.%' and action <> 'application.compensation.submit'`,
      [String(id)],
    );
    expect(decisions[0]!.n).toBe('1');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('50 concurrent approvals of one loan: one disbursement, one schedule', async () => {
    const client = await createTestClient(t.app.ctx);
    await setFlags(t, client, { loan: true });
    const api = applicationsApi(t, client);
    const id = (await api.apply(loanBody(client))).json().data.id;
    const { won } = await race(
      Array.from({ length: 50 }, () => () => approveApplication(t.app.ctx, id, OPS)),
    );
    expect(won).toBe(1);
    expect(await entryCount(id)).toBe(1);
    const [schedule] = await t.database.query<{ n: string }>(
      'select count(*)::text as n from loan_instalments where application_id = $1',
      [id],
    );
    expect(schedule!.n).toBe('12');
    expect((await api.zar()).balance).toBe('10000.00');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('forfeits racing the expiry job take a bonus back once', async () => {
    const client = await createTestClient(t.app.ctx);
    await setFlags(t, client, { bonus: true });
    const api = applicationsApi(t, client);
    const offer = (await api.offer()).json().data;
    const id = (await api.apply({ type: 'trial', terms_version: offer.version, accept_terms: true })).json()
      .data.id;
    await t.database.query(`update applications set expires_at = now() - interval '1 minute' where id = $1`, [
      id,
    ]);
    await race([
      ...Array.from({ length: 10 }, () => () => forfeitBonus(t.app.ctx, id, 'abuse', OPS)),
      ...Array.from({ length: 10 }, () => () => reclaimDueBonuses(t.app.ctx)),
    ]);
    const [row] = (await api.list()).json().data;
    expect(['expired', 'forfeited']).toContain(row.status);
    expect(row.trial.reclaimed).toBe('500.00');
    expect((await api.zar()).balance).toBe('0.00');
    expect(await entryCount(id)).toBe(2);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
  it('20 concurrent loan applications from one client: exactly one pending, 19 refused with a clear message', async () => {
    const client = await createTestClient(t.app.ctx);
    await setFlags(t, client, { loan: true });
    const api = applicationsApi(t, client);
    // Into both of the client's accounts: the account row locks alone would let one through in each.
    const usd = loanBody(client, { account_id: client.accounts.USD, amount: '1000' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.apply(i % 2 === 0 ? loanBody(client) : usd)),
    );
    const byStatus: Record<number, number> = {};
    for (const r of responses) byStatus[r.statusCode] = (byStatus[r.statusCode] ?? 0) + 1;
    expect(byStatus).toEqual({ 200: 1, 409: 19 });
    for (const r of responses.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ message: ApplicationMessages.loanPendingLimit(1), data: null });
    }
    const rows = (await api.list()).json().data as { status: string; type: string }[];
    expect(rows.map((r) => [r.type, r.status])).toEqual([['loan', 'pending']]);
    const [audits] = await t.database.query<{ n: string }>(
      `select count(*)::text as n from audit_log where action = 'application.loan.submit' and actor = $1`,
      [`client:${client.clientId}`],
    );
    expect(audits!.n).toBe('1');
  });

  it('with LOAN_MAX_PENDING=3, 20 concurrent applications: each judged with the ones before it, so only the one that fits is pending', async () => {
    const config = t.app.ctx.config as { LOAN_MAX_PENDING: number };
    config.LOAN_MAX_PENDING = 3;
    try {
      const client = await createTestClient(t.app.ctx);
      await setFlags(t, client, { loan: true });
      const api = applicationsApi(t, client);
      // Each instalment is 916.80 of 2500.00 disposable (at most 1250.00): one fits, two do not.
      const body = loanBody(client, { monthly_income: '14500', monthly_expenses: '12000' });
      const responses = await Promise.all(Array.from({ length: 20 }, () => api.apply(body)));
      const byStatus: Record<number, number> = {};
      for (const r of responses) byStatus[r.statusCode] = (byStatus[r.statusCode] ?? 0) + 1;
      expect(byStatus).toEqual({ 200: 1, 400: 19 });
      for (const r of responses.filter((x) => x.statusCode === 400)) {
        expect(r.json().message).toBe(ApplicationMessages.loanUnaffordable);
      }
    } finally {
      config.LOAN_MAX_PENDING = 1;
    }
  });
});
