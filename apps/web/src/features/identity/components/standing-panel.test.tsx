// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientProfile, ClientStanding } from '@imali/contract';
import { profileQueryKey } from '@/lib/profile-query';

const STANDING: ClientStanding = {
  version: 'standing-2026-11',
  vip: 1,
  next_vip_at_rand: 50_000,
  vip_thresholds_rand: [0, 10_000, 50_000, 250_000, 1_000_000, 5_000_000],
  score: 55,
  max_score: 100,
  order_num: 3,
  rules: [
    { code: 'kyc', label: 'Identity verified (KYC approved)', points: 30, met: true },
    { code: 'pin', label: 'Trading PIN set', points: 10, met: false },
    { code: 'deposit', label: 'At least one confirmed deposit', points: 15, met: true },
  ],
};
const get = vi.fn(async (_path: string) => STANDING);
vi.mock('@/lib/api-client', () => ({ http: { get: (path: string) => get(path) } }));
const { StandingPanel } = await import('./standing-panel');

afterEach(cleanup);

describe('StandingPanel', () => {
  it('explains the VIP level and each trust-score rule from the server', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StandingPanel />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('VIP 1')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/client/app/v1/standing');
    expect(screen.getByText(/next level starts at ZAR 50/)).toBeTruthy();
    expect(screen.getByText('Trust score 55 of 100')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Trust score rules' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[2]!).getByText('Not yet')).toBeTruthy();
    expect(within(rows[1]!).getByText('Yes')).toBeTruthy();
  });

  it('brings the header badges (the cached profile) to the figures it shows, so one page never shows two', async () => {
    const client = new QueryClient();
    client.setQueryData(profileQueryKey, { id: 7, vip: 0, score: 65, order_num: 0 } as ClientProfile);
    render(
      <QueryClientProvider client={client}>
        <StandingPanel />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('VIP 1')).toBeTruthy();
    expect(client.getQueryData(profileQueryKey)).toMatchObject({ id: 7, vip: 1, score: 55, order_num: 3 });
  });
});
