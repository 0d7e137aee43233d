// @vitest-environment happy-dom
// Discover's subtitle says what the chosen tab lists (issue 24, point 12): it spoke of fixed-term
// and block deals on shares on every tab, also on Fund and Quant.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('@/lib/api-client', () => ({
  http: {
    get: async (path: string) => {
      if (path === '/api/stat/app/v1/trading_list') return [];
      throw new Error(`unexpected ${path}`);
    },
  },
}));
vi.mock('./trading/open-offering', () => ({ openOffering: () => {} }));

const { default: DiscoverScreen } = await import('./discover-screen');

afterEach(cleanup);

function subtitle(): string {
  const heading = screen.getByRole('heading', { name: 'Discover', level: 1 });
  return heading.nextElementSibling?.textContent ?? '';
}

describe('Discover', () => {
  it('says what each tab lists', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <DiscoverScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const all = subtitle();
    for (const product of ['DD Trading', 'block', 'IPO', 'fund', 'structured']) {
      expect(all.toLowerCase()).toContain(product.toLowerCase());
    }

    await user.click(screen.getByRole('tab', { name: 'Stock' }));
    expect(subtitle()).toMatch(/DD Trading/);
    expect(subtitle()).toMatch(/block/i);
    expect(subtitle()).toMatch(/IPO/);
    expect(subtitle()).not.toMatch(/fund|structured/i);

    await user.click(screen.getByRole('tab', { name: 'Fund' }));
    expect(subtitle()).toMatch(/fund/i);
    expect(subtitle()).not.toMatch(/fixed-term|DD Trading|block|IPO|structured/i);

    await user.click(screen.getByRole('tab', { name: 'Quant' }));
    expect(subtitle()).toMatch(/structured/i);
    expect(subtitle()).not.toMatch(/fixed-term|DD Trading|block|IPO|fund/i);

    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(subtitle()).toBe(all);
  });
});
