// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CostBasisSetting } from '@imali/contract';

const setting = (method: 'average' | 'fifo'): CostBasisSetting => ({
  method,
  methods: [
    { value: 'average', label: 'Average cost', description: 'At the average price.' },
    { value: 'fifo', label: 'FIFO (first in, first out)', description: 'The oldest shares first.' },
  ],
  open_positions: { average: 2, fifo: 0 },
});
const get = vi.fn(async (_path: string) => setting('average'));
const request = vi.fn(async (_path: string, options: { body: { method: 'average' | 'fifo' } }) =>
  setting(options.body.method),
);
vi.mock('@/lib/api-client', () => ({
  http: {
    get: (path: string) => get(path),
    request: (path: string, options: { body: { method: 'average' | 'fifo' } }) => request(path, options),
  },
}));
const { CostBasisPanel } = await import('./cost-basis-panel');

afterEach(cleanup);

describe('CostBasisPanel', () => {
  it('shows the current method and saves another one', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CostBasisPanel />
      </QueryClientProvider>,
    );
    const average = await screen.findByRole('radio', { name: /Average cost/ });
    expect((average as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('cost-basis-note').textContent).toContain('2 open positions on average cost');
    const save = screen.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: /FIFO/ }));
    await user.click(save);
    expect(request).toHaveBeenCalledWith('/api/client/app/v1/cost_basis', {
      method: 'PUT',
      body: { method: 'fifo' },
    });
    // The server's answer becomes the setting: FIFO is now the current method.
    const fifo = await screen.findByRole('radio', { name: /FIFO.*\(current\)/ });
    expect((fifo as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('radio', { name: /Average cost.*\(current\)/ })).toBeNull();
  });
});
