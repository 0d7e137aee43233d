// @vitest-environment happy-dom
import type { ApprovalRequest, StaffApplication } from '@imali/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';

const net = stubOpsNetwork();
/** Text with Intl's no-break spaces ('ZAR\u00a01.00') as plain ones. */
const textOf = (el: Element) => (el.textContent ?? '').replace(/\s/g, ' ');
afterEach(cleanup);

const base = {
  clientId: 3,
  mobile: '+27821234567',
  accountId: 11,
  currency: 'ZAR',
  reason: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  decisionReason: null,
  compensation: null,
  loan: null,
  trial: null,
  pendingApprovalId: null,
} satisfies Partial<StaffApplication>;

const claim = (over: Partial<StaffApplication> = {}): StaffApplication => ({
  ...base,
  id: 5,
  reference: 'AP-000005',
  type: 'compensation',
  status: 'pending',
  amount: '1850.00',
  reason: 'The order filled at the wrong price',
  compensation: {
    relatedReference: 'ORD-000042',
    related: {
      kind: 'order',
      id: 42,
      reference: 'ORD-000042',
      status: 'filled',
      description: 'Buy 10 Imali Balanced Fund',
      createdAt: '2026-11-26T08:00:00.000Z',
    },
    evidence: [{ uploadId: 'up-1', url: '/ops/v1/files/up-1' }],
  },
  checkersRequired: 0,
  ...over,
});

const loan = (over: Partial<StaffApplication> = {}): StaffApplication => ({
  ...base,
  id: 6,
  reference: 'AP-000006',
  type: 'loan',
  status: 'pending',
  amount: '30000.00',
  loan: {
    termMonths: 12,
    annualRate: '18.50',
    instalment: '2762.50',
    totalRepayable: '33150.00',
    totalCostOfCredit: '3150.00',
    monthlyIncome: '25000.00',
    monthlyExpenses: '15000.00',
    disposableIncome: '10000.00',
    instalmentSharePercent: '27.63',
    otherLoans: [
      {
        id: 2,
        reference: 'AP-000002',
        status: 'approved',
        currency: 'ZAR',
        amount: '5000.00',
        instalment: '480.00',
        createdAt: '2026-06-01T08:00:00.000Z',
      },
    ],
  },
  checkersRequired: 1,
  ...over,
});

const pendingRequest = (): ApprovalRequest => ({
  id: 41,
  action: 'loan.payout',
  itemKey: 'application:6',
  payload: { applicationId: 6 },
  payloadHash: 'a'.repeat(64),
  amount: '30000.00',
  currency: 'ZAR',
  makerStaffId: 1,
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
});

beforeEach(() => net.on('me', () => staffMe(['payments_maker'])));

describe('the applications queue', () => {
  it('lists pending applications, filters by type, and opens one with the keyboard', async () => {
    net.on('applications', ({ query }) => (query.type === 'loan' ? [loan()] : [claim(), loan()]));
    renderConsole('/applications');
    const user = userEvent.setup();
    const list = await screen.findByRole('listbox', { name: 'Applications' });
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    expect(net.calls('applications')[0]!.query).toEqual({ type: 'all', status: 'pending' });

    list.focus();
    await user.keyboard('j{Enter}');
    const detail = await screen.findByRole('article', { name: /Loan AP-000006/ });
    expect(textOf(detail)).toMatch(/12 months at 18\.50% a year/);
    expect(textOf(detail)).toMatch(/Disposable income\s*ZAR 10,000\.00/);
    expect(textOf(detail)).toMatch(/27\.63% of the disposable income/);
    expect(textOf(within(detail).getByRole('table', { name: "The client's other loans" }))).toMatch(
      /AP-000002.*ZAR 5,000\.00.*approved/,
    );
    expect(textOf(detail)).toMatch(/Approving it needs approval by 1 checker\./);

    await user.selectOptions(screen.getByLabelText('Type'), 'loan');
    await waitFor(() =>
      expect(net.calls('applications').at(-1)!.query).toEqual({ type: 'loan', status: 'pending' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox', { name: 'Applications' })).getAllByRole('option'),
      ).toHaveLength(1),
    );
  });

  it('a compensation claim shows its evidence image and the order it is about', async () => {
    net.on('applications', () => [claim()]);
    renderConsole('/applications');
    const user = userEvent.setup();
    await user.click(await screen.findByText('AP-000005'));
    const detail = await screen.findByRole('article', { name: /Compensation claim AP-000005/ });
    expect(textOf(detail)).toMatch(/ZAR 1,850\.00/);
    expect(textOf(detail)).toMatch(/order ORD-000042 \(filled\): Buy 10 Imali Balanced Fund/);
    expect(textOf(detail)).toMatch(/The order filled at the wrong price/);
    const image = within(detail).getByRole('img', { name: 'Evidence 1 of claim AP-000005' });
    expect(image.getAttribute('src')).toBe('/ops/v1/files/up-1');
  });

  it('under the tier, approving pays out at once', async () => {
    let paid = false;
    net.on('applications', () => (paid ? [] : [claim()]));
    net.on('applicationApprove', () => {
      paid = true;
      return { status: 'executed', result: { id: 5 } };
    });
    renderConsole('/applications');
    const user = userEvent.setup();
    await user.click(await screen.findByText('AP-000005'));
    const detail = await screen.findByRole('article', { name: /AP-000005/ });
    expect(textOf(detail)).toMatch(/Under the first tier: approving it pays out at once\./);
    await user.click(within(detail).getByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByText('AP-000005 approved and paid.')).toBeTruthy();
    expect(net.calls('applicationApprove')[0]!.params.id).toBe('5');
    await waitFor(() => expect(screen.getByText('No applications here.')).toBeTruthy());
  });

  it('above the tier, approving asks for approval and links the waiting request', async () => {
    let requested = false;
    net.on('applications', () => [loan(requested ? { pendingApprovalId: 41 } : {})]);
    net.on('applicationApprove', () => {
      requested = true;
      return { status: 'pending', request: pendingRequest() };
    });
    renderConsole('/applications');
    const user = userEvent.setup();
    await user.click(await screen.findByText('AP-000006'));
    const detail = await screen.findByRole('article', { name: /AP-000006/ });
    await user.click(within(detail).getByRole('button', { name: 'Approve (ask for approval)' }));
    expect(
      await screen.findByText('AP-000006 is waiting for approval by 1 checker (request #41).'),
    ).toBeTruthy();
    expect(await within(detail).findByText(/Waiting for approval: request #41/)).toBeTruthy();
    expect(within(detail).getByRole('link', { name: 'Open approvals' }).getAttribute('href')).toBe(
      '/approvals',
    );
    expect(within(detail).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('rejecting needs a reason, sends it, and a refusal of the server is shown', async () => {
    net.on('applications', () => [loan()]);
    net.on('applicationReject', () => opsError(409, 'CONFLICT', 'The application is no longer pending.'));
    renderConsole('/applications');
    const user = userEvent.setup();
    await user.click(await screen.findByText('AP-000006'));
    const detail = await screen.findByRole('article', { name: /AP-000006/ });
    await user.click(within(detail).getByRole('button', { name: 'Reject application' }));
    expect(await within(detail).findByText('A reason is required.')).toBeTruthy();
    expect(net.calls('applicationReject')).toHaveLength(0);
    await user.type(within(detail).getByLabelText(/Reason for rejecting/), 'Instalment too high');
    await user.click(within(detail).getByRole('button', { name: 'Reject application' }));
    expect((await within(detail).findByRole('alert')).textContent).toBe(
      'The application is no longer pending.',
    );
    expect(net.calls('applicationReject')[0]!.body).toEqual({ reason: 'Instalment too high' });
  });

  it('a role without applications.decide sees the detail but no approve or reject', async () => {
    net.on('me', () => staffMe(['support']));
    net.on('applications', () => [claim()]);
    renderConsole('/applications');
    const user = userEvent.setup();
    await user.click(await screen.findByText('AP-000005'));
    const detail = await screen.findByRole('article', { name: /AP-000005/ });
    expect(within(detail).queryByRole('button')).toBeNull();
  });
});
