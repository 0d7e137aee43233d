// @vitest-environment happy-dom
import type { ApprovalRequest } from '@imali/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingRequest } from '../../test/approval-request';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';
import type { FundNavStrikePreview, StaffFund } from './products-api';

const net = stubOpsNetwork();
const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ');
afterEach(cleanup);

const HASH = 'a'.repeat(64);
const HASH2 = 'd'.repeat(64);

const fund: StaffFund = {
  id: 9,
  code: 'IMT40',
  name: 'Imali Top 40 Index Fund',
  status: 'open',
  currency: 'ZAR',
  category: 'SA Equity General',
  benchmark: { symbol: 'SA40', name: 'FTSE/JSE Top 40' },
  cutoffTime: '14:00',
  valuationTime: '15:00',
  latestNav: { date: '2026-11-27', nav: '1012.34' },
  pendingSubscriptions: 2,
  pendingRedemptions: 1,
};

const strike = (over: Partial<FundNavStrikePreview> = {}): FundNavStrikePreview => ({
  offeringId: 9,
  code: 'IMT40',
  date: null,
  day: '2026-11-27',
  currency: 'ZAR',
  navs: [{ date: '2026-11-27', nav: '1012.34' }],
  subscriptions: [
    {
      orderId: 41,
      amount: '3333.33',
      units: '329.2718',
      nav: '1012.34',
      tradeValue: '3333.32',
      refund: '0.01',
    },
  ],
  redemptions: [
    {
      orderId: 17,
      units: '100.0000',
      nav: '1012.34',
      gross: '1012.34',
      platformFee: '0.97',
      net: '1011.37',
    },
  ],
  rejected: [44],
  valuationHash: HASH,
  ...over,
});

const pending = (over: Partial<ApprovalRequest> = {}) =>
  pendingRequest({ id: 61, action: 'fund.nav_strike', itemKey: 'fund:9', ...over });

async function openFunds() {
  renderConsole('/products');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Funds' }));
  const table = await screen.findByRole('table', { name: 'Funds' });
  return { user, table };
}

describe('Funds', () => {
  beforeEach(() => {
    net.on('ipos', () => []);
    net.on('funds', () => [fund]);
  });

  it('lists the fund with its latest NAV, times and pending orders; the preview shows every order; the request sends its hash → waiting', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('fundStrikePreview', () => strike());
    net.on('fundStrikeRequest', () => ({ status: 'pending', request: pending() }));
    const { user, table } = await openFunds();
    const row = within(table).getByText('Imali Top 40 Index Fund').closest('tr')!;
    expect(textOf(row)).toMatch(/IMT40 · SA Equity General · SA40/);
    expect(textOf(row)).toMatch(/open\s*1012\.34\s*2026-11-27\s*14:00 · 15:00\s*2\s*1/);

    await user.click(within(row).getByRole('button', { name: 'Preview NAV strike of IMT40' }));
    const panel = await screen.findByRole('article', {
      name: 'NAV strike preview · Imali Top 40 Index Fund',
    });
    const subs = await within(panel).findByRole('table', { name: 'Subscriptions it would value' });
    expect(textOf(within(subs).getByText('#41').closest('tr')!)).toMatch(
      /#41\s*3333\.33\s*1012\.34\s*329\.2718\s*3333\.32\s*0\.01/,
    );
    const reds = within(panel).getByRole('table', { name: 'Redemptions it would pay' });
    expect(textOf(within(reds).getByText('#17').closest('tr')!)).toMatch(
      /#17\s*100\.0000\s*1012\.34\s*1012\.34\s*0\.97\s*1011\.37/,
    );
    expect(textOf(panel)).toMatch(/Rejected \(too small for a unit; refunded in full\): #44/);
    expect(textOf(panel)).toMatch(/Valuation day\s*2026-11-27/);
    expect(net.calls('fundStrikePreview')[0]!.query).toEqual({});

    await user.click(within(panel).getByRole('button', { name: 'Request approval' }));
    expect(await within(panel).findByText(/Waiting for approval by 1 checker \(request #61/)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Open approvals' }).getAttribute('href')).toBe(
      '/approvals',
    );
    const call = net.calls('fundStrikeRequest')[0]!;
    expect(call.params.id).toBe('9');
    expect(call.body).toEqual({ valuationHash: HASH });
  });

  it('a business day is previewed and requested for that day', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('fundStrikePreview', ({ query }) =>
      strike({
        date: query.date ?? null,
        day: query.date ?? '2026-11-27',
        subscriptions: [],
        redemptions: [],
        rejected: [],
      }),
    );
    net.on('fundStrikeRequest', () => ({ status: 'pending', request: pending() }));
    const { user, table } = await openFunds();
    await user.click(within(table).getByRole('button', { name: /Preview NAV strike/ }));
    const panel = await screen.findByRole('article', { name: /NAV strike preview/ });
    await user.type(within(panel).getByLabelText(/Business day/), '2026-11-26');
    await user.click(within(panel).getByRole('button', { name: 'Preview' }));
    await within(panel).findByText('2026-11-26');
    expect(textOf(panel)).toMatch(/No subscription or redemption is due: only the NAVs are struck/);
    expect(net.calls('fundStrikePreview').at(-1)!.query).toEqual({ date: '2026-11-26' });
    await user.click(within(panel).getByRole('button', { name: 'Request approval' }));
    await within(panel).findByText(/Waiting for approval/);
    expect(net.calls('fundStrikeRequest')[0]!.body).toEqual({ date: '2026-11-26', valuationHash: HASH });
  });

  it('a preview that changed since shown: 409 with the reason; "Preview again" shows the new figures and asks with the new hash', async () => {
    net.on('me', () => staffMe(['product_ops']));
    let hash = HASH;
    net.on('fundStrikePreview', () => strike({ valuationHash: hash }));
    net.on('fundStrikeRequest', ({ body }) =>
      (body as { valuationHash: string }).valuationHash === HASH2
        ? { status: 'pending', request: pending({ id: 62 }) }
        : opsError(
            409,
            'CONFLICT',
            'The valuation changed since your preview (orders or NAVs moved); preview it again and check the new figures.',
          ),
    );
    const { user, table } = await openFunds();
    await user.click(within(table).getByRole('button', { name: /Preview NAV strike/ }));
    const panel = await screen.findByRole('article', { name: /NAV strike preview/ });
    hash = HASH2;
    await user.click(await within(panel).findByRole('button', { name: 'Request approval' }));
    expect(textOf(await within(panel).findByRole('alert'))).toMatch(
      /The valuation changed since your preview .* preview it again/,
    );
    await user.click(within(panel).getByRole('button', { name: 'Preview again' }));
    await user.click(await within(panel).findByRole('button', { name: 'Request approval' }));
    expect(await within(panel).findByText(/request #62/)).toBeTruthy();
    expect(
      net.calls('fundStrikeRequest').map((c) => (c.body as { valuationHash: string }).valuationHash),
    ).toEqual([HASH, HASH2]);
  });

  it('a role without products.request sees the preview but no request button', async () => {
    net.on('me', () => staffMe(['auditor']));
    net.on('fundStrikePreview', () => strike());
    const { user, table } = await openFunds();
    await user.click(within(table).getByRole('button', { name: /Preview NAV strike/ }));
    const panel = await screen.findByRole('article', { name: /NAV strike preview/ });
    expect(await within(panel).findByText(/may preview the NAV strike but not request it/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Request approval' })).toBeNull();
  });

  it('a refused preview shows the reason', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('fundStrikePreview', () =>
      opsError(409, 'CONFLICT', 'Fund IMT40 launches on 2026-12-01; nothing to value yet.'),
    );
    const { user, table } = await openFunds();
    await user.click(within(table).getByRole('button', { name: /Preview NAV strike/ }));
    expect(textOf(await screen.findByRole('alert'))).toMatch(/launches on 2026-12-01; nothing to value yet/);
    expect(screen.queryByRole('button', { name: 'Request approval' })).toBeNull();
  });
});
