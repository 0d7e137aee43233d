// @vitest-environment happy-dom
// The Dashboard wires the portfolio figures (portfolio-stats) to the app-wide assets-visibility
// preference (wallet, kept in local storage): hiding the balances survives a remount (a reload).
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSETS, SUMMARY, WEEK } from '@/features/portfolio-stats/components/fixtures';
import { ASSETS_VISIBLE_KEY } from '@/features/wallet/hooks/use-assets-visibility';
import { profileOf } from '@/test/profile-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

const get = vi.fn(async (path: string) => {
  if (path === '/api/auth/app/v1/client_info') return profileOf({ name: 'Thandi Nkosi', has_pin: true });
  if (path.endsWith('/portfolio')) return SUMMARY;
  if (path.endsWith('/asset')) return ASSETS;
  if (path.endsWith('/week_profit')) return WEEK;
  throw new Error(`unexpected ${path}`);
});
vi.mock('@/lib/api-client', () => ({ http: { get: (path: string) => get(path) } }));
// The rest of the Dashboard has tests of its own.
vi.mock('@/features/invest/components/offering-browser', () => ({ HotList: () => <div>hot offerings</div> }));
vi.mock('@/features/portfolio/components/orders-glance', () => ({ OrdersGlance: () => <div>orders</div> }));
vi.mock('../registry/slots', () => ({ slots: { dashboardWallet: null, dashboardIndexCards: null } }));
vi.mock('./trading/open-offering', () => ({ openOffering: () => {} }));

const { default: DashboardScreen } = await import('./dashboard-screen');

function renderDashboard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('Dashboard', () => {
  it('keeps the index cards, hot offerings and orders beside the portfolio figures', async () => {
    renderDashboard();
    expect(nbsp((await screen.findByTestId('dashboard-total')).textContent)).toBe('ZAR 40,358.01');
    expect(await screen.findByText('Welcome back, Thandi.')).toBeTruthy();
    // Below the fold: rendered once the first screen has painted (AfterFirstPaint).
    expect(await screen.findByText('hot offerings', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('orders')).toBeTruthy();
  });

  it('hides the balances, keeps the choice in local storage and still hides them after a reload', async () => {
    const user = userEvent.setup();
    renderDashboard();
    const total = await screen.findByTestId('dashboard-total');
    await user.click(screen.getByRole('button', { name: 'Hide amounts' }));
    expect(total.textContent).toBe('******');
    expect(window.localStorage.getItem(ASSETS_VISIBLE_KEY)).toBe('false');

    cleanup();
    renderDashboard();
    expect((await screen.findByTestId('dashboard-total')).textContent).toBe('******');
    await user.click(screen.getByRole('button', { name: 'Show amounts' }));
    expect(nbsp(screen.getByTestId('dashboard-total').textContent)).toBe('ZAR 40,358.01');
    expect(window.localStorage.getItem(ASSETS_VISIBLE_KEY)).toBe('true');
  });
});
