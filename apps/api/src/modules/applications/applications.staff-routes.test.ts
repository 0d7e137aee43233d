import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app';
import { stepUpHeaders, type TestStaff } from '../../test/staff';
import { makerCheckerApp, opsRequests, type StaffHeaders } from '../../test/staff-fixture';
import type { TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, type TestClient } from '../ledger/money-test-kit';
import {
  applicationsApi,
  fundedReference,
  loanBody,
  setFlags,
  uploadEvidence,
} from './applications-test-kit';

describe('applications and ledger adjustments on the staff API (/ops/v1)', () => {
  let t: TestApp;
  let ops: AppInstance;
  let maker: TestStaff;
  let checker: TestStaff;
  let makerHeaders: StaffHeaders;
  let checkerHeaders: StaffHeaders;
  let supportHeaders: StaffHeaders;

  beforeAll(async () => {
    ({ t, ops, maker, checker, makerHeaders, checkerHeaders, supportHeaders } = await makerCheckerApp({
      maker: ['payments_maker'],
      checker: ['payments_checker'],
    }));
  });
  afterAll(() => t?.close());

  const { get, post } = opsRequests(() => ops);

  async function claim(client: TestClient, amount: string) {
    await setFlags(t, client, { compensation: true, loan: true });
    const res = await applicationsApi(t, client).apply({
      type: 'compensation',
      account_id: client.accounts.ZAR,
      amount,
      reason: 'Order filled late',
      related_reference: await fundedReference(t, client),
      evidence_urls: [await uploadEvidence(t, client)],
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().data as { id: number; reference: string; evidence_urls: string[] };
  }
  // Each step-up spends a TOTP step of the checker (three fit in 30 s): a fresh window per test.
  beforeEach(() => t.clock.advance(30_000));
  const zar = async (client: TestClient) => (await applicationsApi(t, client).zar()).balance;

  it('the queue shows claims with evidence links and what they are about, loans with affordability and other loans', async () => {
    const client = await createTestClient(t.app.ctx);
    const c = await claim(client, '60000');
    const loan = (await applicationsApi(t, client).apply(loanBody(client))).json().data as { id: number };
    const res = await get('/ops/v1/applications?type=all', supportHeaders);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { id: number }[];
    const uploadId = c.evidence_urls[0]!.split('/').pop();
    expect(rows.find((r) => r.id === c.id)).toMatchObject({
      type: 'compensation',
      status: 'pending',
      amount: '60000.00',
      clientId: client.clientId,
      compensation: {
        related: { kind: 'deposit', status: 'confirmed' },
        evidence: [{ uploadId, url: `/ops/v1/files/${uploadId}` }],
      },
      loan: null,
      checkersRequired: 1,
      pendingApprovalId: null,
    });
    expect(rows.find((r) => r.id === loan.id)).toMatchObject({
      type: 'loan',
      amount: '10000.00',
      loan: {
        termMonths: 12,
        monthlyIncome: '20000.00',
        monthlyExpenses: '12000.00',
        disposableIncome: '8000.00',
        instalment: '916.80',
        instalmentSharePercent: '11.46',
        otherLoans: [],
      },
      checkersRequired: 0,
    });
    // The evidence link serves the image to a reader of applications.
    expect((await get(`/ops/v1/files/${uploadId}`, supportHeaders)).statusCode).toBe(200);
    const one = await get(`/ops/v1/applications/${c.id}`, supportHeaders);
    expect(one.json().data).toMatchObject({ id: c.id, reference: c.reference });
    expect((await get('/ops/v1/applications/999999', supportHeaders)).statusCode).toBe(404);
    // Support reads; it cannot decide.
    expect((await post(`/ops/v1/applications/${c.id}/approve`, supportHeaders)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/ops/v1/applications' })).statusCode).toBe(404);
  });

  it('approve: under the tier 200 paid; above it 202, a checker approves in the inbox, paid once', async () => {
    const client = await createTestClient(t.app.ctx);
    const small = await claim(client, '100');
    const paid = await post(`/ops/v1/applications/${small.id}/approve`, makerHeaders);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'executed', result: { status: 'approved' } });
    expect(await zar(client)).toBe('1100.00');

    const other = await createTestClient(t.app.ctx);
    const large = await claim(other, '60000');
    const asked = await post(`/ops/v1/applications/${large.id}/approve`, makerHeaders);
    expect(asked.statusCode).toBe(202);
    const request = asked.json().data.request;
    expect(request).toMatchObject({ action: 'compensation.payout', checkersRequired: 1 });
    expect(await zar(other)).toBe('1000.00');
    const queued = (await get(`/ops/v1/applications/${large.id}`, makerHeaders)).json().data;
    expect(queued.pendingApprovalId).toBe(request.id);

    const url = `/ops/v1/approvals/${request.id}/approve`;
    const body = { payloadHash: request.payloadHash };
    expect((await post(url, await stepUpHeaders(ops, maker, makerHeaders), body)).statusCode).toBe(403);
    const approved = await post(url, await stepUpHeaders(ops, checker, checkerHeaders), body);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', outcome: { status: 'approved' } });
    expect(await zar(other)).toBe('61000.00');
    expect((await post(`/ops/v1/applications/${large.id}/approve`, makerHeaders)).statusCode).toBe(409);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('reject cancels the waiting request in the same transaction; a checker then cannot pay it', async () => {
    const client = await createTestClient(t.app.ctx);
    const c = await claim(client, '60000');
    const request = (await post(`/ops/v1/applications/${c.id}/approve`, makerHeaders)).json().data.request;
    expect((await post(`/ops/v1/applications/${c.id}/reject`, makerHeaders, {})).statusCode).toBe(400);
    const rejected = await post(`/ops/v1/applications/${c.id}/reject`, makerHeaders, {
      reason: 'Not our fault',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toEqual({ id: c.id, status: 'rejected', reason: 'Not our fault' });
    const state = (await get(`/ops/v1/approvals/${request.id}`, checkerHeaders)).json().data;
    expect(state.status).toBe('cancelled');
    const late = await post(
      `/ops/v1/approvals/${request.id}/approve`,
      await stepUpHeaders(ops, checker, checkerHeaders),
      { payloadHash: request.payloadHash },
    );
    expect(late.statusCode).toBe(409);
    expect(await zar(client)).toBe('1000.00');
  });

  it('POST /ledger/adjustments is always a request (202); approved, the balance moves; support may not ask', async () => {
    const client = await createTestClient(t.app.ctx);
    await fundedReference(t, client);
    const body = {
      accountId: client.accounts.ZAR,
      amount: '-25.50',
      reason: 'Duplicate refund',
      reference: 'INC-77',
    };
    expect((await post('/ops/v1/ledger/adjustments', supportHeaders, body)).statusCode).toBe(403);
    const asked = await post('/ops/v1/ledger/adjustments', makerHeaders, body);
    expect(asked.statusCode).toBe(202);
    const request = asked.json().data.request;
    expect(request).toMatchObject({
      action: 'ledger.adjust',
      amount: '25.50',
      currency: 'ZAR',
      checkersRequired: 1,
    });
    expect(request.payload).toMatchObject({ amountMinor: '-2550', reference: 'INC-77' });
    const approved = await post(
      `/ops/v1/approvals/${request.id}/approve`,
      await stepUpHeaders(ops, checker, checkerHeaders),
      { payloadHash: request.payloadHash },
    );
    expect(approved.statusCode).toBe(200);
    expect(await zar(client)).toBe('974.50');
    // More than the available balance: refused at once.
    const over = await post('/ops/v1/ledger/adjustments', makerHeaders, {
      ...body,
      amount: '-974.51',
      reference: 'INC-78',
    });
    expect(over.statusCode).toBe(409);
    expect(
      (await post('/ops/v1/ledger/adjustments', makerHeaders, { ...body, amount: '12.345' })).statusCode,
    ).toBe(400);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it("a payments maker turns a client's loan switch off with a reason (audited as them); support may not; no change is refused", async () => {
    const client = await createTestClient(t.app.ctx);
    await setFlags(t, client, { loan: true });
    const put = (headers: StaffHeaders, payload: object) =>
      ops.inject({
        method: 'PUT',
        url: `/ops/v1/clients/${client.clientId}/flags/applications`,
        headers,
        payload,
      });
    const off = { flag: 'loan', allowed: false, reason: 'Affordability under review' };

    expect((await put(supportHeaders, off)).statusCode).toBe(403);
    expect((await put(makerHeaders, { ...off, reason: ' ' })).statusCode).toBe(400);
    expect((await put(makerHeaders, { ...off, flag: 'mortgage' })).statusCode).toBe(400);

    const res = await put(makerHeaders, off);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ allowLoan: false });
    const [entry] = await t.database.query<{ actor: string; staff_id: string; reason: string }>(
      `select actor, staff_id::text, after->>'reason' as reason from audit_log
        where action = 'client.flags' and subject_id = $1 order by id desc limit 1`,
      [String(client.clientId)],
    );
    expect(entry).toEqual({
      actor: `staff:${maker.id}`,
      staff_id: String(maker.id),
      reason: 'Affordability under review',
    });
    // The client can no longer apply for a loan.
    expect((await applicationsApi(t, client).apply(loanBody(client))).statusCode).toBe(403);

    // Off again: nothing to change, refused, and no second entry.
    const again = await put(makerHeaders, off);
    expect(again.statusCode).toBe(409);
    const [{ n }] = (await t.database.query<{ n: string }>(
      `select count(*)::text as n from audit_log where action = 'client.flags' and subject_id = $1 and staff_id is not null`,
      [String(client.clientId)],
    )) as [{ n: string }];
    expect(n).toBe('1');
    const missing = await ops.inject({
      method: 'PUT',
      url: '/ops/v1/clients/99999999/flags/applications',
      headers: makerHeaders,
      payload: off,
    });
    expect(missing.statusCode).toBe(404);
  });
});
