// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account, Application, ClientProfile, LoanQuote, TrialOffer } from '@imali/contract';
import { ApiError } from '@/lib/http';

const ACCOUNTS: Account[] = [
  { id: 1, currency: 'ZAR', balance: '1000.00', available: '1000.00', held: '0.00' },
];
let profile: Partial<ClientProfile> = {};
let applications: Application[] = [];
const OFFER: TrialOffer = {
  version: 'trial-1:ZAR:500.00:30d',
  currency: 'ZAR',
  amount: '500.00',
  valid_days: 30,
  expires_at: '2026-12-25T10:00:00.000Z',
  conditions: ['ZAR 500.00 is credited at once.', 'It cannot be withdrawn.'],
  taken: false,
};
const QUOTE: LoanQuote = {
  currency: 'ZAR',
  amount: '10000.00',
  term_months: 12,
  annual_rate: '18.00',
  instalment: '916.80',
  total_repayable: '11001.61',
  total_cost_of_credit: '1001.61',
  affordability: {
    monthly_income: '20000.00',
    monthly_expenses: '12000.00',
    disposable_income: '8000.00',
    other_loans_instalments: '0.00',
    max_share: '50',
    instalment_share: '11.46',
    affordable: true,
    summary:
      'The instalment of 916.81 ZAR is 11.46% of your income after expenses (8000.00 ZAR); at most 50% is allowed: affordable.',
  },
  schedule: [
    {
      seq: 1,
      due_on: '2026-12-25',
      instalment: '916.80',
      principal: '766.80',
      interest: '150.00',
      balance_after: '9233.20',
    },
  ],
};
const base: Application = {
  id: 1,
  reference: 'CMP-1',
  type: 'compensation',
  status: 'rejected',
  account_id: 1,
  currency: 'ZAR',
  amount: '250.50',
  reason: 'Filled at the wrong price',
  related_reference: 'DEP-1',
  evidence_urls: ['/api/files/x'],
  decision_reason: 'The price was within the quoted spread.',
  created_at: '2026-11-25T10:00:00.000Z',
  decided_at: '2026-11-26T10:00:00.000Z',
  trial: null,
  loan: null,
};

const submitApplication = vi.fn();
const previewLoan = vi.fn();
const openDrawer = vi.fn();
vi.mock('@/lib/profile', () => ({ useProfile: () => ({ data: profile }) }));
vi.mock('@/components/ui/bottom-drawer', () => ({
  bottomDrawer: { open: (...a: unknown[]) => openDrawer(...a) },
}));
vi.mock('@/lib/accounts', () => ({
  accountsQueryKey: ['accounts'],
  useAccounts: () => ({ data: ACCOUNTS, isLoading: false }),
}));
vi.mock('../api/applications', () => ({
  applicationKeys: { all: ['applications'] },
  useApplications: () => ({ data: applications, isLoading: false, error: null }),
  useTrialOffer: () => ({ data: OFFER, isLoading: false, error: null, refetch: vi.fn() }),
  submitApplication: (...a: unknown[]) => submitApplication(...a),
  previewLoan: (...a: unknown[]) => previewLoan(...a),
  uploadEvidence: vi.fn(),
}));

const { default: ApplicationsPanel } = await import('./application-list');
const { default: LoanDrawer, LoanCost } = await import('./loan-drawer');
const { default: TrialDrawer } = await import('./trial-drawer');
const { default: CompensationDrawer } = await import('./compensation-drawer');

const wrap = (node: ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
const noop = () => {};

beforeEach(() => {
  profile = {};
  applications = [];
  submitApplication.mockReset();
  previewLoan.mockReset();
  openDrawer.mockReset();
});
afterEach(cleanup);

describe('Me > Application', () => {
  it('shows no entry button while every flag is off', () => {
    wrap(<ApplicationsPanel />);
    expect(screen.queryByRole('group', { name: 'Apply' })).toBeNull();
    expect(screen.getByText('No applications')).toBeTruthy();
  });

  it('shows one entry button per allowed panel, opening its drawer', async () => {
    profile = { allow_bonus: false, allow_compensation: true, allow_loan: true };
    wrap(<ApplicationsPanel />);
    const group = screen.getByRole('group', { name: 'Apply' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Apply for compensation', 'Apply for a loan']);
    await userEvent.setup().click(within(group).getByRole('button', { name: 'Apply for a loan' }));
    expect(openDrawer).toHaveBeenCalledWith('loan');
  });

  it('lists applications with their status and the reason of a rejection', () => {
    applications = [base];
    wrap(<ApplicationsPanel />);
    const card = screen.getByTestId('application');
    expect(within(card).getByText('Rejected')).toBeTruthy();
    expect(within(card).getByText('ZAR 250.50')).toBeTruthy();
    expect(within(card).getByText('The price was within the quoted spread.')).toBeTruthy();
  });
});

describe('Trial Bonus Offer', () => {
  it('shows the whole terms; Accept is enabled only once they are accepted', async () => {
    const user = userEvent.setup();
    submitApplication.mockResolvedValue({
      ...base,
      type: 'trial',
      status: 'active',
      amount: '500.00',
      decision_reason: null,
      trial: {
        expires_at: OFFER.expires_at,
        conditions: OFFER.conditions,
        reclaimed: '0.00',
        not_withdrawable: '500.00',
      },
    });
    wrap(<TrialDrawer params={{}} close={noop} closeAndNavigate={noop} />);
    expect(screen.getByText('ZAR 500.00')).toBeTruthy();
    expect(screen.getByText('It cannot be withdrawn.')).toBeTruthy();
    const accept = screen.getByRole('button', { name: 'Accept bonus' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    await user.click(screen.getByLabelText('I have read the terms above and accept them.'));
    await user.click(accept);
    expect(submitApplication.mock.calls[0]![0]).toEqual({
      type: 'trial',
      terms_version: OFFER.version,
      accept_terms: true,
    });
    expect(await screen.findByText('Trial bonus credited')).toBeTruthy();
  });

  it('an acceptance whose answer was lost is sent again with the same Idempotency-Key (credited once)', async () => {
    const user = userEvent.setup();
    // The request timed out: the server may have credited the bonus already.
    submitApplication.mockRejectedValueOnce(new ApiError('Request timed out.', 'TIMEOUT', 0));
    submitApplication.mockResolvedValueOnce({ ...base, type: 'trial', status: 'active', amount: '500.00' });
    wrap(<TrialDrawer params={{}} close={noop} closeAndNavigate={noop} />);
    await user.click(screen.getByLabelText('I have read the terms above and accept them.'));
    const accept = screen.getByRole('button', { name: 'Accept bonus' });
    await user.click(accept);
    await vi.waitFor(() => expect((accept as HTMLButtonElement).disabled).toBe(false));
    await user.click(accept);
    expect(await screen.findByText('Trial bonus credited')).toBeTruthy();
    const [first, retry] = submitApplication.mock.calls as Array<[unknown, string]>;
    expect(retry![0]).toEqual(first![0]);
    expect(retry![1]).toBe(first![1]);
  });
});

describe('Loan Application', () => {
  it('validates, shows the cost of credit and affordability before Submit, then submits', async () => {
    const user = userEvent.setup();
    previewLoan.mockResolvedValue(QUOTE);
    submitApplication.mockResolvedValue({ ...base, type: 'loan', status: 'pending', reference: 'LON-1' });
    wrap(<LoanDrawer params={{}} close={noop} closeAndNavigate={noop} />);
    expect(screen.queryByRole('button', { name: 'Submit application' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'See the cost of credit' }));
    expect(await screen.findByText('Enter a valid amount')).toBeTruthy();
    expect(screen.getByText('Purpose must be at least 3 characters')).toBeTruthy();
    expect(previewLoan).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Amount'), '10000');
    await user.type(screen.getByLabelText('Monthly income'), '20000');
    await user.type(screen.getByLabelText('Monthly expenses'), '12000');
    await user.type(screen.getByLabelText('Purpose'), 'Home repairs');
    await user.click(screen.getByRole('button', { name: 'See the cost of credit' }));
    const cost = await screen.findByTestId('loan-cost');
    expect(within(cost).getByText('18.00% a year, fixed (charged monthly)')).toBeTruthy();
    expect(within(cost).getByText('ZAR 11,001.61')).toBeTruthy();
    expect(within(cost).getByText('ZAR 1,001.61')).toBeTruthy();
    expect(within(cost).getByText('Affordability: affordable')).toBeTruthy();
    expect(previewLoan.mock.calls[0]![0]).toEqual({
      account_id: 1,
      amount: '10000',
      term_months: 12,
      purpose: 'Home repairs',
      monthly_income: '20000',
      monthly_expenses: '12000',
    });
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(submitApplication.mock.calls[0]![0]).toMatchObject({
      type: 'loan',
      amount: '10000',
      term_months: 12,
    });
    expect(await screen.findByText('Loan application submitted')).toBeTruthy();
  });

  it("counts the client's other loans in the affordability it shows", async () => {
    const other = {
      ...QUOTE,
      affordability: {
        ...QUOTE.affordability,
        other_loans_instalments: '3200.00',
        instalment_share: '51.46',
        affordable: false,
        summary:
          "The instalment of 916.81 ZAR with your other loans' 3200.00 ZAR (4116.81 ZAR a month) is 51.46% of your income after expenses (8000.00 ZAR); at most 50% is allowed: not affordable.",
      },
    };
    wrap(<LoanCost quote={other} />);
    const cost = screen.getByTestId('loan-cost');
    expect(within(cost).getByText('Affordability: not affordable')).toBeTruthy();
    expect(within(cost).getByText(/your other loans take ZAR 3,200\.00 a month of it/)).toBeTruthy();
  });
});

describe('Compensation Application', () => {
  it('needs evidence and explains each invalid field', async () => {
    const user = userEvent.setup();
    wrap(<CompensationDrawer params={{}} close={noop} closeAndNavigate={noop} />);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Related order or transaction is required')).toBeTruthy();
    expect(screen.getByText('Reason must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Upload at least one evidence file')).toBeTruthy();
    expect(submitApplication).not.toHaveBeenCalled();
  });
});
