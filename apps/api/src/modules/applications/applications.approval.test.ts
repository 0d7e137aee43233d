import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationMessages } from '@imali/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestStaff } from '../../test/staff';
import { DomainError } from '../../plugins/errors';
import { ApprovalMessages, approve, requestApproval } from '../approvals/approvals.service';
import type { StaffPrincipal } from '../staff/staff.service';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import { applicationPayoutOf } from './applications.approval';
import { rejectApplication, rejectApplicationAsStaff } from './applications.service';
import {
  applicationsApi,
  fundedReference,
  loanBody,
  setFlags,
  uploadEvidence,
} from './applications-test-kit';

/** What a refusal says: its HTTP status and message. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

/**
 * Approving a compensation claim or a loan is a payout: it goes through the amount tiers of
 * compensation.payout / loan.payout (issue 23, decision 0058), executed once through
 * approveApplication.
 */
describe('compensation and loan payouts by amount tier', () => {
  let t: TestApp;
  let maker: StaffPrincipal;
  let checker: StaffPrincipal;
  let checker2: StaffPrincipal;

  beforeAll(async () => {
    t = await createTestApp();
    maker = (await createTestStaff(t.app.ctx, ['payments_maker'])).principal;
    checker = (await createTestStaff(t.app.ctx, ['payments_checker'])).principal;
    checker2 = (await createTestStaff(t.app.ctx, ['payments_checker'])).principal;
  });
  afterAll(() => t.close());

  async function claim(amount: string) {
    const client = await createTestClient(t.app.ctx);
    await setFlags(t, client, { compensation: true });
    const res = await applicationsApi(t, client).apply({
      type: 'compensation',
      account_id: client.accounts.ZAR,
      amount,
      reason: 'Fee charged twice',
      related_reference: await fundedReference(t, client),
      evidence_urls: [await uploadEvidence(t, client)],
    });
    if (res.statusCode !== 200) throw new Error(`claim: ${res.body}`);
    return { client, id: res.json().data.id as number };
  }

  const ask = async (id: number, by: StaffPrincipal = maker) => {
    const { action, payload } = await applicationPayoutOf(t.app.ctx, id);
    return requestApproval(t.app.ctx, by, action, payload);
  };
  const pending = async (id: number) => {
    const outcome = await ask(id);
    if (outcome.status !== 'pending') throw new Error('expected a pending request');
    return outcome.request;
  };
  const state = async (client: TestClient, id: number) => {
    const [row] = await t.database.query<{ status: string; balance: string; entries: string }>(
      `select a.status, acc.balance_minor::text as balance,
              (select count(*) from application_entries e where e.application_id = a.id)::text as entries
         from applications a join accounts acc on acc.id = a.account_id where a.id = $1`,
      [id],
    );
    // The client's own account, not another's.
    expect(
      (
        await t.database.query<{ n: string }>(
          'select count(*)::text as n from applications where id = $1 and client_id = $2',
          [id, client.clientId],
        )
      )[0]!.n,
    ).toBe('1');
    return row!;
  };

  it('up to R50,000 the maker approves alone: paid at once', async () => {
    const { client, id } = await claim('50000');
    const outcome = await ask(id);
    expect(outcome).toMatchObject({ status: 'executed', result: { applicationId: id, status: 'approved' } });
    expect(await state(client, id)).toEqual({ status: 'approved', balance: '5100000', entries: '1' });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('above R50,000: pending, the maker cannot approve their own, a checker pays it once', async () => {
    const { client, id } = await claim('50000.01');
    const request = await pending(id);
    expect(request).toMatchObject({
      action: 'compensation.payout',
      itemKey: `application:${id}`,
      checkersRequired: 1,
      checkerPermission: 'payouts.approve',
      amount: '50000.01',
    });
    expect(await state(client, id)).toEqual({ status: 'pending', balance: '100000', entries: '0' });
    // One pending request per application.
    expect(await refusal(ask(id))).toEqual({ status: 409, message: ApprovalMessages.alreadyPending });
    expect(await refusal(approve(t.app.ctx, maker, request.id))).toMatchObject({
      status: 403,
      message: ApprovalMessages.ownRequest,
    });
    const done = await approve(t.app.ctx, checker, request.id);
    expect(done).toMatchObject({ status: 'approved', outcome: { applicationId: id, status: 'approved' } });
    expect(await state(client, id)).toEqual({ status: 'approved', balance: '5100001', entries: '1' });
    expect(await refusal(approve(t.app.ctx, checker2, request.id))).toEqual({
      status: 409,
      message: ApprovalMessages.notPending('approved'),
    });
    expect(await state(client, id)).toEqual({ status: 'approved', balance: '5100001', entries: '1' });
    const [audit] = await t.database.query<{ actor: string; after: { approvedBy?: string[] } }>(
      `select actor, after from audit_log where action = 'application.compensation.approve' and subject_id = $1`,
      [String(id)],
    );
    expect(audit).toMatchObject({
      actor: `staff:${maker.id}`,
      after: { approvedBy: [`staff:${checker.id}`] },
    });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('above R1,000,000: two checkers; after the first nothing is paid', async () => {
    const { client, id } = await claim('1000000.01');
    const request = await pending(id);
    expect(request.checkersRequired).toBe(2);
    expect(await approve(t.app.ctx, checker, request.id)).toMatchObject({ status: 'pending' });
    expect(await state(client, id)).toEqual({ status: 'pending', balance: '100000', entries: '0' });
    expect(await approve(t.app.ctx, checker2, request.id)).toMatchObject({ status: 'approved' });
    expect(await state(client, id)).toEqual({ status: 'approved', balance: '100100001', entries: '1' });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('a claim rejected meanwhile: the approval is refused, the request closed, nothing paid', async () => {
    const { client, id } = await claim('60000');
    const request = await pending(id);
    // Rejected by a path that does not know of the request (the old operator path).
    await rejectApplication(t.app.ctx, id, 'Duplicate claim', `staff:${maker.id}`);
    const refused = await refusal(approve(t.app.ctx, checker, request.id));
    expect(refused).toEqual({
      status: 409,
      message: ApprovalMessages.itemChanged(ApplicationMessages.notPending),
    });
    const [row] = await t.database.query<{ status: string }>(
      'select status from approval_requests where id = $1',
      [request.id],
    );
    expect(row!.status).toBe('cancelled');
    expect(await state(client, id)).toEqual({ status: 'rejected', balance: '100000', entries: '0' });
  });

  it('a staff rejection cancels the pending request in the same transaction', async () => {
    const { client, id } = await claim('60000');
    const request = await pending(id);
    await rejectApplicationAsStaff(t.app.ctx, id, 'Evidence does not match', maker);
    const [row] = await t.database.query<{ status: string }>(
      'select status from approval_requests where id = $1',
      [request.id],
    );
    expect(row!.status).toBe('cancelled');
    expect(await refusal(approve(t.app.ctx, checker, request.id))).toEqual({
      status: 409,
      message: ApprovalMessages.notPending('cancelled'),
    });
    expect(await state(client, id)).toEqual({ status: 'rejected', balance: '100000', entries: '0' });
  });

  it('a loan in another currency than ZAR needs one checker; approved, it is disbursed with its schedule', async () => {
    const client = await createTestClient(t.app.ctx);
    await setFlags(t, client, { loan: true });
    await fund(t.app.ctx, client, 'USD', '100');
    const res = await applicationsApi(t, client).apply(
      loanBody(client, {
        account_id: client.accounts.USD,
        amount: '1000',
        monthly_income: '5000',
        monthly_expenses: '1000',
      }),
    );
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as number;
    const request = await pending(id);
    expect(request).toMatchObject({ action: 'loan.payout', checkersRequired: 1, currency: 'USD' });
    await approve(t.app.ctx, checker, request.id);
    expect(await state(client, id)).toEqual({ status: 'approved', balance: '110000', entries: '1' });
    const [n] = await t.database.query<{ n: string }>(
      'select count(*)::text as n from loan_instalments where application_id = $1',
      [id],
    );
    expect(n!.n).toBe('12');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('a ZAR loan (at most R50,000) is paid by the maker alone; a trial bonus is no payout', async () => {
    const client = await createTestClient(t.app.ctx);
    await setFlags(t, client, { loan: true, bonus: true });
    const res = await applicationsApi(t, client).apply(loanBody(client));
    const id = res.json().data.id as number;
    expect(await ask(id)).toMatchObject({ status: 'executed' });
    expect(await state(client, id)).toEqual({ status: 'approved', balance: '1000000', entries: '1' });
    const api = applicationsApi(t, client);
    const offer = (await api.offer()).json().data;
    const trial = (
      await api.apply({ type: 'trial', terms_version: offer.version, accept_terms: true })
    ).json().data;
    expect(await refusal(applicationPayoutOf(t.app.ctx, trial.id))).toMatchObject({ status: 409 });
  });
});
