import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClient } from '../../modules/ledger/money-test-kit';
import { checkLedger } from '../../modules/ledger/ledger-check.service';
import {
  applicationsApi,
  fundedReference,
  loanBody,
  mobileOf,
  uploadEvidence,
} from '../../modules/applications/applications-test-kit';
import { runOps } from '../run';
import { staffActor, type StaffPrincipal } from '../../modules/staff/staff.service';
import { opsStaff } from '../ops-staff.testing';
import { approve } from '../../modules/approvals/approvals.service';
import { pendingWithdrawal, withdrawalState } from '../../modules/approvals/approvals-test-kit';

/** The signed-in staff user the commands run as, and its audit actor (`staff:<id>`). */
let staff: StaffPrincipal;
let ACTOR: string;

describe('ops commands of applications (through the registry)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await opsStaff(t.app.ctx);
    ACTOR = staffActor(staff);
  });
  afterAll(() => t.close());

  const ops = (line: string[]) => runOps(t.app.ctx, line, staff);

  it('help lists every application command', async () => {
    const help = await ops(['help']);
    for (const words of [
      'application list',
      'application approve <id>',
      'application reject <id> --reason',
      'application forfeit <id> --reason',
      'client flags <mobile> [--bonus on|off] [--compensation on|off] [--loan on|off]',
    ]) {
      expect(help).toContain(words);
    }
  });

  it('client flags shows and sets the flags, audited, and client_info shows them', async () => {
    const client = await createTestClient(t.app.ctx);
    const mobile = await mobileOf(t, client);
    expect(await ops(['client', 'flags', mobile])).toMatch(/bonus \(allow_bonus\)\s+off/);
    const out = await ops(['client', 'flags', mobile, '--bonus', 'on', '--loan', 'on']);
    expect(out).toContain('(changed, audited)');
    expect(out).toMatch(/bonus \(allow_bonus\)\s+off → on/);
    expect(out).toMatch(/compensation \(allow_compensation\)\s+off\n/);
    const profile = (await applicationsApi(t, client).get('/api/auth/app/v1/client_info')).json().data;
    expect(profile).toMatchObject({ allow_bonus: true, allow_compensation: false, allow_loan: true });
    const audit = await t.database.query<{ actor: string; before: object; after: object }>(
      `select actor, before, after from audit_log where action = 'client.flags' and subject_id = $1`,
      [String(client.clientId)],
    );
    expect(audit).toEqual([
      {
        actor: ACTOR,
        before: { allowBonus: false, allowCompensation: false, allowLoan: false },
        after: { allowBonus: true, allowCompensation: false, allowLoan: true },
      },
    ]);
    await expect(ops(['client', 'flags', mobile, '--bonus', 'maybe'])).rejects.toThrow(
      '--bonus must be on or off',
    );
    await expect(ops(['client', 'flags', '000'])).rejects.toThrow('No client with mobile 000');
  });

  it('list → approve a compensation, reject a loan, forfeit a bonus', async () => {
    const client = await createTestClient(t.app.ctx);
    const mobile = await mobileOf(t, client);
    await ops(['client', 'flags', mobile, '--bonus', 'on', '--compensation', 'on', '--loan', 'on']);
    const api = applicationsApi(t, client);
    const claim = (
      await api.apply({
        type: 'compensation',
        account_id: client.accounts.ZAR,
        amount: '75.25',
        reason: 'Fee charged twice',
        related_reference: await fundedReference(t, client),
        evidence_urls: [await uploadEvidence(t, client)],
      })
    ).json().data;
    const loan = (await api.apply(loanBody(client))).json().data;
    const offer = (await api.offer()).json().data;
    const trial = (
      await api.apply({ type: 'trial', terms_version: offer.version, accept_terms: true })
    ).json().data;

    const pending = await ops(['application', 'list', '--status', 'pending']);
    expect(pending).toMatch(
      new RegExp(`${claim.id}\\s+${claim.reference}\\s+compensation\\s+pending\\s+${mobile}\\s+75.25 ZAR`),
    );
    expect(pending).toContain('12 months at 18.00%, instalment 916.80: Home repairs');
    expect(pending).not.toContain(trial.reference);
    await expect(ops(['application', 'list', '--status', 'nope'])).rejects.toThrow('--status must be one of');

    expect(await ops(['application', 'approve', String(claim.id)])).toBe(
      `Compensation ${claim.id} (${claim.reference}) approved: 75.25 ZAR credited.`,
    );
    await expect(ops(['application', 'approve', String(claim.id)])).rejects.toThrow('already been decided');
    await expect(ops(['application', 'reject', String(loan.id)])).rejects.toThrow('--reason is required');
    expect(await ops(['application', 'reject', String(loan.id), '--reason', 'Income not verified'])).toBe(
      `Application ${loan.id} (${loan.reference}) rejected: Income not verified`,
    );
    expect(await ops(['application', 'forfeit', String(trial.id), '--reason', 'Terms abused'])).toBe(
      `Trial bonus ${trial.id} (${trial.reference}) forfeited: 500.00 ZAR taken back.`,
    );
    await expect(ops(['application', 'approve', '999999'])).rejects.toThrow('Application not found.');

    const rows = (await api.list()).json().data as {
      id: number;
      status: string;
      decision_reason: string | null;
    }[];
    expect(rows.map((r) => [r.id, r.status, r.decision_reason])).toEqual([
      [trial.id, 'forfeited', 'Terms abused'],
      [loan.id, 'rejected', 'Income not verified'],
      [claim.id, 'approved', null],
    ]);
    expect((await api.zar()).balance).toBe('1075.25');
    const actors = await t.database.query<{ action: string; actor: string }>(
      `select action, actor from audit_log where subject_type = 'application' and actor = $1 order by id`,
      [ACTOR],
    );
    expect(actors.map((a) => a.action)).toEqual([
      'application.compensation.approve',
      'application.loan.reject',
      'application.trial.forfeit',
    ]);
    expect(await ops(['jobs', 'run', 'applications.bonus-expiry'])).toContain('Looked at 0 trial bonuses');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('above the first tier application approve and withdrawal pay wait for a checker; a maker alone cannot pay', async () => {
    const maker = await opsStaff(t.app.ctx, ['payments_maker']);
    const checker = await opsStaff(t.app.ctx, ['payments_checker']);
    const client = await createTestClient(t.app.ctx);
    const mobile = await mobileOf(t, client);
    await ops(['client', 'flags', mobile, '--compensation', 'on']);
    const api = applicationsApi(t, client);
    const claim = (
      await api.apply({
        type: 'compensation',
        account_id: client.accounts.ZAR,
        amount: '75000',
        reason: 'Order executed at the wrong price',
        related_reference: await fundedReference(t, client),
        evidence_urls: [await uploadEvidence(t, client)],
      })
    ).json().data;
    const asked = await runOps(t.app.ctx, ['application', 'approve', String(claim.id)], maker);
    const match = /waiting for approval: request #(\d+) \(one checker with payouts\.approve/.exec(asked);
    expect(asked).toContain(`Application ${claim.id} (${claim.reference}): waiting for approval`);
    expect(match).not.toBeNull();
    expect((await api.zar()).balance).toBe('1000.00');
    await approve(t.app.ctx, checker, Number(match![1]));
    expect((await api.zar()).balance).toBe('76000.00');
    await expect(runOps(t.app.ctx, ['application', 'approve', String(claim.id)], maker)).rejects.toThrow(
      'already been decided',
    );

    // withdrawal pay: the same path as the console (payouts.request), the tier by amount.
    const w = await pendingWithdrawal(t, '60000');
    const waiting = await runOps(t.app.ctx, ['withdrawal', 'pay', String(w.withdrawalId)], maker);
    const req = /request #(\d+)/.exec(waiting);
    expect(waiting).toContain('waiting for approval');
    expect((await withdrawalState(t, w)).status).toBe('pending');
    await approve(t.app.ctx, checker, Number(req![1]));
    expect(await withdrawalState(t, w)).toMatchObject({ status: 'paid', balance: '0', held: '0' });
    const small = await pendingWithdrawal(t, '1000');
    expect(
      await runOps(
        t.app.ctx,
        ['withdrawal', 'pay', String(small.withdrawalId), '--payment-reference', 'FNB-9'],
        maker,
      ),
    ).toContain('paid: 1000.00 ZAR');
    expect(await withdrawalState(t, small)).toMatchObject({ status: 'paid', payment_reference: 'FNB-9' });
    // A checker alone (no payouts.request) cannot run withdrawal pay.
    await expect(
      runOps(t.app.ctx, ['withdrawal', 'pay', String(small.withdrawalId)], checker),
    ).rejects.toThrow('needs the permission payouts.request');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
