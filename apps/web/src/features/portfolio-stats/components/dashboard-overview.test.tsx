// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { profileOf } from '@/test/profile-fixture';
import { ASSETS, LOAN_SUMMARY, SUMMARY, WEEK } from './fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

/** Each request waits until the test settles it, so the loading flags can be seen. */
type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
const pending = new Map<string, Pending>();
const get = vi.fn(
  (path: string) =>
    new Promise((resolve, reject) => {
      pending.set(path, { resolve, reject });
    }),
);
vi.mock('@/lib/api-client', () => ({ http: { get: (path: string) => get(path) } }));

const PROFILE_PATH = '/api/auth/app/v1/client_info';
const PORTFOLIO_PATH = '/api/stat/app/v1/portfolio';
const ASSET_PATH = '/api/stat/app/v1/asset';
const WEEK_PATH = '/api/stat/app/v1/week_profit';

async function settle(path: string, value: unknown, fail = false) {
  await waitFor(() => expect(pending.has(path)).toBe(true));
  await act(async () => {
    const p = pending.get(path)!;
    if (fail) p.reject(value);
    else p.resolve(value);
    // TanStack Query tells observers on a later macrotask (the flags are awaited by the tests:
    // on a loaded machine 5 ms was not always enough).
    await new Promise((r) => setTimeout(r, 5));
  });
}

const { DashboardOverview } = await import('./dashboard-overview');
const { useDashboardStats } = await import('./use-dashboard-stats');

function Harness({ initiallyVisible = true }: { initiallyVisible?: boolean }) {
  const stats = useDashboardStats();
  const [visible, setVisible] = useState(initiallyVisible);
  return (
    <DashboardOverview stats={stats} visible={visible} onToggleVisibility={() => setVisible((v) => !v)} />
  );
}

function renderDashboard(initiallyVisible = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Harness initiallyVisible={initiallyVisible} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function loadAll(summary = SUMMARY) {
  await settle(PROFILE_PATH, profileOf({ name: 'Thandi Nkosi' }));
  await settle(PORTFOLIO_PATH, summary);
  await settle(ASSET_PATH, ASSETS);
  await settle(WEEK_PATH, WEEK);
}

const flags = () => {
  const el = screen.getByTestId('dashboard-stats');
  return {
    profile: el.getAttribute('data-loading-profile'),
    portfolio: el.getAttribute('data-loading-portfolio'),
    assets: el.getAttribute('data-loading-assets'),
  };
};

beforeEach(() => {
  pending.clear();
  vi.spyOn(toast, 'error');
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('Dashboard portfolio figures', () => {
  it('starts with the profile, portfolio and assets loading flags true; each drops when its request settles', async () => {
    renderDashboard();
    expect(flags()).toEqual({ profile: 'true', portfolio: 'true', assets: 'true' });
    expect(screen.queryByTestId('dashboard-total')).toBeNull();
    await settle(PROFILE_PATH, profileOf({ name: 'Thandi Nkosi' }));
    await waitFor(() => expect(flags()).toEqual({ profile: 'false', portfolio: 'true', assets: 'true' }));
    await settle(ASSET_PATH, ASSETS);
    await waitFor(() => expect(flags()).toEqual({ profile: 'false', portfolio: 'true', assets: 'false' }));
    await settle(PORTFOLIO_PATH, SUMMARY);
    await waitFor(() => expect(flags()).toEqual({ profile: 'false', portfolio: 'false', assets: 'false' }));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows the total in ZAR truncated, today’s change in green, the week’s bars and the allocation', async () => {
    renderDashboard();
    await loadAll();
    // total_value_zar '40358.019' → truncated, not rounded.
    expect(nbsp(screen.getByTestId('dashboard-total').textContent)).toBe('ZAR 40,358.01');
    const change = screen.getByTestId('day-change');
    expect(nbsp(change.textContent)).toBe('+ZAR 123.45 (+0.30%)');
    expect(change.className).toContain('text-green-600');
    expect(nbsp(screen.getByTestId('dashboard-cash').textContent)).toBe('ZAR 28,012.34');
    expect(nbsp(screen.getByTestId('dashboard-market-value').textContent)).toBe('ZAR 12,345.67');

    const week = screen.getByTestId('week-profit');
    const bars = week.querySelectorAll('[data-testid="week-profit-chart"] g');
    expect([...bars].map((b) => b.getAttribute('data-direction'))).toEqual([
      'flat',
      'up',
      'down',
      'up',
      'flat',
      'up',
      'up',
    ]);
    // The screen-reader table carries every day's figure.
    const table = within(screen.getByTestId('week-profit-table'));
    expect(table.getAllByRole('row')).toHaveLength(8);
    expect(nbsp(table.getByRole('rowheader', { name: '12 Nov 2026' }).nextElementSibling?.textContent)).toBe(
      '-ZAR 100.00',
    );
    // Σ = 1,357.95 → abbreviated with three decimals.
    expect(nbsp(screen.getByTestId('week-profit-total').textContent)).toBe('+ZAR 1.357k');
    expect(screen.getByTestId('week-profit-total').className).toContain('text-green-600');

    const legend = within(screen.getByRole('list', { name: 'Allocation by product' }));
    const items = legend.getAllByRole('listitem');
    expect(items.map((li) => nbsp(li.textContent))).toEqual([
      'Stocks75.00%, ZAR 9.259kZAR 9,259.26',
      'Funds25.00%, ZAR 3.086kZAR 3,086.41',
    ]);
    expect(document.querySelectorAll('[data-testid="allocation-donut"] svg path')).toHaveLength(2);
  });

  it('shows a loan paid out as a liability (outstanding, next instalment, due date) and the total net of it', async () => {
    renderDashboard();
    await settle(PROFILE_PATH, profileOf({ name: 'Thandi Nkosi' }));
    await settle(PORTFOLIO_PATH, LOAN_SUMMARY);
    await settle(ASSET_PATH, { ...ASSETS, total_value_zar: '50358.02' });
    await settle(WEEK_PATH, WEEK);
    expect(nbsp(screen.getByTestId('dashboard-total').textContent)).toBe('ZAR 50,358.02');
    expect(nbsp(screen.getByTestId('dashboard-net').textContent)).toBe('Net of loans ZAR 39,356.41');
    const loans = within(screen.getByRole('region', { name: 'Loans' }));
    expect(nbsp(loans.getByTestId('liabilities-total').textContent)).toBe('ZAR 11,001.61');
    const loan = within(loans.getByTestId('loan-LON-0000000042'));
    const value = (label: string) => nbsp(loan.getByText(label).nextElementSibling?.textContent);
    expect(value('Outstanding')).toBe('ZAR 11,001.61');
    expect(value('Next instalment')).toBe('ZAR 916.80');
    expect(value('Due')).toBe('18 Dec 2026');
    expect(value('Borrowed')).toBe('ZAR 10,000.00');
    cleanup();
    pending.clear();

    // Without a loan there is no liability and no second figure.
    renderDashboard();
    await loadAll();
    expect(screen.queryByTestId('dashboard-net')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Loans' })).toBeNull();
  });

  it("colours a loss red, no change grey, and shows '--%' when the day's ratio is not defined", async () => {
    renderDashboard();
    await loadAll({ ...SUMMARY, day_change: '-5.559', day_change_ratio: '-0.000137' });
    let change = screen.getByTestId('day-change');
    expect(nbsp(change.textContent)).toBe('-ZAR 5.55 (-0.01%)');
    expect(change.className).toContain('text-red-600');
    cleanup();
    pending.clear();

    renderDashboard();
    await loadAll({ ...SUMMARY, day_change: '0.00', day_change_ratio: null });
    change = screen.getByTestId('day-change');
    expect(nbsp(change.textContent)).toBe('ZAR 0.00 (--%)');
    expect(change.className).toContain('text-gray-500');
  });

  it('masks every figure while balances are hidden and shows them again on the toggle', async () => {
    const user = userEvent.setup();
    renderDashboard(false);
    await loadAll();
    expect(screen.getByTestId('dashboard-total').textContent).toBe('******');
    expect(screen.getByTestId('day-change').textContent).toBe('****** (******)');
    expect(screen.getByTestId('dashboard-cash').textContent).toBe('******');
    expect(screen.getByTestId('week-profit-total').textContent).toBe('******');
    expect(screen.getByTestId('allocation-legend').textContent).not.toMatch(/ZAR/);
    const toggle = screen.getByRole('button', { name: 'Show amounts' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(nbsp(screen.getByTestId('dashboard-total').textContent)).toBe('ZAR 40,358.01');
    expect(screen.getByRole('button', { name: 'Hide amounts' }).getAttribute('aria-pressed')).toBe('false');
  });

  it("toasts 'Fetch Portfolio failed.' when the portfolio fails, and still shows the assets total", async () => {
    renderDashboard();
    await settle(PROFILE_PATH, profileOf({ name: 'Thandi Nkosi' }));
    await settle(ASSET_PATH, ASSETS);
    await settle(PORTFOLIO_PATH, new Error('Request failed.'), true);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Fetch Portfolio failed.'));
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(flags().portfolio).toBe('false');
    expect(nbsp(screen.getByTestId('dashboard-total').textContent)).toBe('ZAR 40,358.01');
    expect(screen.getByText('The allocation could not be loaded.')).toBeTruthy();
  });

  it("toasts 'Fetch Portfolio failed.' when the profile fails", async () => {
    renderDashboard();
    await settle(PROFILE_PATH, new Error('Request failed.'), true);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Fetch Portfolio failed.'));
    expect(flags().profile).toBe('false');
  });

  it("toasts 'Fetch Assets Data failed.' when the assets fail, and falls back to the portfolio total", async () => {
    renderDashboard();
    await settle(PROFILE_PATH, profileOf({ name: 'Thandi Nkosi' }));
    await settle(ASSET_PATH, new Error('Request failed.'), true);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Fetch Assets Data failed.'));
    expect(flags().assets).toBe('false');
    await settle(PORTFOLIO_PATH, SUMMARY);
    expect(nbsp(screen.getByTestId('dashboard-total').textContent)).toBe('ZAR 40,358.02');
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});
