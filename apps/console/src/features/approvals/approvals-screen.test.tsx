// @vitest-environment happy-dom
import { STEP_UP_HEADER, type ApprovalRequest } from '@imali/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';

const net = stubOpsNetwork();
afterEach(cleanup);
const textOf = (el: Element) => (el.textContent ?? '').replace(/\s/g, ' ');

const MAKER = 4;
const CHECKER = 5;
const HASH = '3f'.repeat(32);

const request = (over: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  id: 41,
  action: 'withdrawal.pay',
  itemKey: 'withdrawal:7',
  payload: {
    withdrawalId: 7,
    reference: 'WD-000007',
    accountId: 11,
    currency: 'ZAR',
    amountMinor: '7500000',
    paymentReference: 'FNB-991',
  },
  payloadHash: HASH,
  amount: '75000.00',
  currency: 'ZAR',
  makerStaffId: MAKER,
  policyId: 2,
  policyVersion: 1,
  checkersRequired: 1,
  checkerPermission: 'payouts.approve',
  status: 'pending',
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-11-30T10:00:00.000Z',
  decidedAt: null,
  executedAt: null,
  outcome: null,
  decisions: [],
  ...over,
});

const asChecker = () => net.on('me', () => staffMe(['payments_checker'], { id: CHECKER }));
const asMaker = () => net.on('me', () => staffMe(['payments_maker'], { id: MAKER }));

describe('the approvals inbox', () => {
  beforeEach(asChecker);

  it('shows a request readably: action, amount, maker, policy version, payload, expiry', async () => {
    net.on('approvals', () => [request()]);
    renderConsole('/approvals');
    const card = await screen.findByRole('article', { name: /#41 Pay a withdrawal/ });
    expect(textOf(card)).toMatch(/#41 Pay a withdrawal\s*ZAR 75,000\.00/);
    expect(textOf(card)).toMatch(
      /Asked by staff #4 on .* · expires .* · policy v1: 0 of 1 approval \(payouts\.approve\)/,
    );
    // The payload in words: the amount in minor units as money.
    expect(textOf(card)).toMatch(/AmountZAR 75,000\.00/);
    expect(textOf(card)).toMatch(/Payment referenceFNB-991/);
    expect(net.calls('approvals')[0]!.query).toEqual({ scope: 'inbox' });
  });

  it('shows a fee change as its country, time and lines from → to, and a limits change in money', async () => {
    const line = {
      code: 'brokerage',
      label: 'Brokerage',
      receiptBucket: 'brokerage' as const,
      rate: '0.0025',
      base: 'consideration' as const,
      side: 'both' as const,
      minimumMinor: '1',
      rounding: { mode: 'HALF_UP' as const, toMinor: 1 },
      vatApplies: true,
    };
    const schedule = {
      country: 'ZA',
      version: 'ZA-2026-11',
      currency: 'ZAR',
      currencyExponent: 2,
      vatRate: '0.15',
      vatLabel: 'VAT',
      lines: [line],
    };
    const limit = (minDeposit: string) => ({
      currency: 'ZAR',
      minDeposit,
      minWithdrawal: '25.00',
      dailyWithdrawalCap: null,
    });
    const others = ['USD', 'EUR', 'GBP', 'INR'].map((currency) => ({ ...limit('50.00'), currency }));
    net.on('approvals', () => [
      request({
        id: 51,
        action: 'fees.change',
        itemKey: 'fees:ZA',
        amount: null,
        currency: null,
        checkerPermission: 'treasury.approve',
        payload: {
          country: 'ZA',
          version: 'ZA-202612011000',
          baseVersion: 'ZA-2026-11',
          effectiveFrom: '2026-12-01T08:00:00.000Z',
          schedule: { ...schedule, version: 'ZA-202612011000', lines: [{ ...line, rate: '0.003' }] },
          before: schedule,
          summary: 'ZA brokerage rate: 0.0025 → 0.003',
        },
      }),
      request({
        id: 52,
        action: 'limits.change',
        itemKey: 'limits',
        amount: null,
        currency: null,
        checkerPermission: 'treasury.approve',
        payload: {
          baseVersion: 0,
          effectiveFrom: null,
          limits: [limit('500.00'), ...others],
          before: [limit('1000.00'), ...others],
        },
      }),
    ]);
    renderConsole('/approvals');
    const fees = await screen.findByRole('article', { name: /#51 Change fees/ });
    expect(textOf(within(fees).getByRole('table', { name: 'Fee changes' }))).toMatch(
      /Brokerage\s*rate\s*0\.25%\s*0\.3%/,
    );
    expect(textOf(fees)).toMatch(/CountryZA/);
    expect(textOf(fees)).not.toMatch(/"lines"/);
    const limits = screen.getByRole('article', { name: /#52 Change limits/ });
    expect(textOf(within(limits).getByRole('table', { name: 'Limit changes' }))).toMatch(
      /ZAR\s*Minimum deposit\s*ZAR 1,000\.00\s*ZAR 500\.00/,
    );
    expect(textOf(limits)).toMatch(/Effective fromas soon as approved/);
  });

  it('names the maker by name and email when the list gives them', async () => {
    net.on('approvals', () => [request({ makerName: 'Maker Molefe', makerEmail: 'maker@imali.test' })]);
    renderConsole('/approvals');
    const card = await screen.findByRole('article', { name: /#41 Pay a withdrawal/ });
    expect(textOf(card)).toMatch(/Asked by Maker Molefe \(maker@imali\.test\) on /);
    expect(textOf(card)).not.toMatch(/staff #4/);
  });

  it('approving asks for a fresh code and sends the payload hash; the request leaves the inbox', async () => {
    let approved = false;
    net.on('approvals', () => (approved ? [] : [request()]));
    net.on('approvalApprove', ({ headers }) => {
      if (headers.get(STEP_UP_HEADER) !== '135790')
        return opsError(401, 'INVALID_CODE', 'That code is wrong or already used.');
      approved = true;
      return request({
        status: 'approved',
        decisions: [
          {
            checkerStaffId: CHECKER,
            decision: 'approve',
            reason: null,
            decidedAt: '2026-11-28T11:00:00.000Z',
          },
        ],
      });
    });
    renderConsole('/approvals');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: /#41/ });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve #41 Pay a withdrawal' });
    await user.type(within(dialog).getByLabelText('6-digit code'), '111111{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'That code is wrong or already used.',
    );
    await user.type(within(dialog).getByLabelText('6-digit code'), '135790{Enter}');

    expect(await screen.findByText('Request #41 approved and done.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Nothing waits for your approval.')).toBeTruthy());
    const calls = net.calls('approvalApprove');
    expect(calls.map((c) => c.headers.get(STEP_UP_HEADER))).toEqual(['111111', '135790']);
    expect(calls.map((c) => c.body)).toEqual([{ payloadHash: HASH }, { payloadHash: HASH }]);
    expect(calls[1]!.params.id).toBe('41');
  });

  it("the server's refusal of an approval is shown (403/409)", async () => {
    net.on('approvals', () => [request()]);
    net.on('approvalApprove', () => opsError(409, 'CONFLICT', 'The maker of a request cannot approve it.'));
    renderConsole('/approvals');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: /#41/ });
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('6-digit code'), '246802{Enter}');
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'The maker of a request cannot approve it.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('rejecting needs a reason and sends it', async () => {
    let rejected = false;
    net.on('approvals', () => (rejected ? [] : [request()]));
    net.on('approvalReject', () => {
      rejected = true;
      return request({ status: 'rejected' });
    });
    renderConsole('/approvals');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: /#41/ });
    await user.click(within(card).getByRole('button', { name: 'Reject…' }));
    await user.click(within(card).getByRole('button', { name: 'Reject request' }));
    expect(await within(card).findByText('A reason is required.')).toBeTruthy();
    expect(net.calls('approvalReject')).toHaveLength(0);
    await user.type(within(card).getByLabelText('Reason for rejecting'), 'Reference does not match the bank');
    await user.click(within(card).getByRole('button', { name: 'Reject request' }));
    expect(await screen.findByText('Request #41 rejected.')).toBeTruthy();
    expect(net.calls('approvalReject')[0]!.body).toEqual({ reason: 'Reference does not match the bank' });
    expect(net.calls('approvalApprove')).toHaveLength(0);
  });
});

describe("the maker's own requests", () => {
  beforeEach(asMaker);

  it('a maker sees their request with no approve button, and may cancel it', async () => {
    let cancelled = false;
    net.on('approvals', ({ query }) =>
      query.scope === 'mine' ? [request(cancelled ? { status: 'cancelled' } : {})] : [],
    );
    net.on('approvalCancel', () => {
      cancelled = true;
      return request({ status: 'cancelled' });
    });
    renderConsole('/approvals');
    const user = userEvent.setup();
    // A maker holds no checker permission: the page opens on their own requests.
    const card = await screen.findByRole('article', { name: /#41/ });
    expect(net.calls('approvals')[0]!.query).toEqual({ scope: 'mine' });
    expect(textOf(card)).toMatch(/Asked by you/);
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Reject/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Cancel my request' }));
    expect(await screen.findByText('Request #41 cancelled.')).toBeTruthy();
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Cancel my request' })).toBeNull());
    expect(net.calls('approvalCancel')[0]!.params.id).toBe('41');
  });

  it('a checker who made the request sees it under All with no approve button', async () => {
    net.on('me', () => staffMe(['payments_checker', 'payments_maker'], { id: MAKER }));
    net.on('approvals', ({ query }) => (query.scope === 'all' ? [request()] : []));
    renderConsole('/approvals');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'All' }));
    const card = await screen.findByRole('article', { name: /#41/ });
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Cancel my request' })).toBeTruthy();
  });
});
