// @vitest-environment happy-dom
import type { ApprovalRequest } from '@imali/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';
import type { AllotmentPreview, StaffIpo } from './products-api';

const net = stubOpsNetwork();
const textOf = (el: Element) => (el.textContent ?? '').replace(/\s/g, ' ');
afterEach(cleanup);

const HASH = 'b'.repeat(64);

const ipo = (over: Partial<StaffIpo['terms']> = {}): StaffIpo => ({
  offering: { id: 5, name: 'Karoo Solar IPO', currency: 'ZAR' },
  instrument: { symbol: 'KSOL' },
  terms: {
    issuer: 'Karoo Solar Ltd',
    priceLow: '10.00',
    priceHigh: '12.00',
    finalPrice: '11.50',
    lotSize: 100,
    sharesOffered: '10000',
    allotsOn: '2026-12-01',
    state: 'open',
    ...over,
  },
});

const plan: AllotmentPreview = {
  offeringId: 5,
  rule: 'pro_rata',
  seed: 'ipo-5',
  finalPrice: '11.50',
  lotsOffered: '100',
  lotsApplied: 150,
  lotsAllotted: 100,
  debited: 'ZAR 115,000.00',
  released: 'ZAR 65,000.00',
  allotmentsHash: HASH,
  lines: [
    {
      orderId: 31,
      reference: 'IPO-000031',
      clientId: 3,
      lots: 100,
      allotted: 66,
      lapsed: false,
      debited: 'ZAR 75,900.00',
      released: 'ZAR 44,100.00',
      rank: null,
    },
    {
      orderId: 32,
      reference: 'IPO-000032',
      clientId: 4,
      lots: 50,
      allotted: 34,
      lapsed: false,
      debited: 'ZAR 39,100.00',
      released: 'ZAR 20,900.00',
      rank: null,
    },
  ],
};

const pending = (over: Partial<ApprovalRequest>): ApprovalRequest => ({
  id: 51,
  action: 'ipo.allot',
  itemKey: 'ipo:5',
  payload: {},
  payloadHash: 'c'.repeat(64),
  amount: null,
  currency: null,
  makerStaffId: 1,
  policyId: 3,
  policyVersion: 1,
  checkersRequired: 1,
  checkerPermission: 'products.approve',
  status: 'pending',
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-11-30T10:00:00.000Z',
  decidedAt: null,
  executedAt: null,
  outcome: null,
  decisions: [],
  ...over,
});

describe('IPOs', () => {
  beforeEach(() => {
    net.on('ipos', () => [
      ipo(),
      { ...ipo({ finalPrice: null }), offering: { id: 6, name: 'Unpriced IPO', currency: 'ZAR' } },
    ]);
    net.on('ipoAllotmentPreview', () => plan);
  });

  it('previews the allotment by the rule, then requests it with the preview hash: waiting, with a link to approvals', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('ipoAllotmentRequest', () => ({ status: 'pending', request: pending({}) }));
    renderConsole('/products');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'IPOs' });
    // Only the priced IPO offers a preview.
    expect(within(table).getAllByRole('button', { name: 'Preview allotment' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Request allotment' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Preview allotment' }));

    const panel = await screen.findByRole('article', { name: /Allotment preview · Karoo Solar IPO/ });
    await within(panel).findByRole('table', { name: 'Allotments' });
    expect(textOf(panel)).toMatch(/100 allotted of 100 offered \(150 applied for\)/);
    expect(textOf(panel)).toMatch(/Debited\s*ZAR 115,000\.00/);
    expect(textOf(panel)).toMatch(/Refunded\s*ZAR 65,000\.00/);
    expect(textOf(within(panel).getByText('IPO-000031').closest('tr')!)).toMatch(/#3\s*100\s*66/);

    await user.click(within(panel).getByRole('button', { name: 'Request allotment' }));
    expect(await within(panel).findByText(/Waiting for approval by 1 checker \(request #51/)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Open approvals' }).getAttribute('href')).toBe(
      '/approvals',
    );
    const call = net.calls('ipoAllotmentRequest')[0]!;
    expect(call.params.id).toBe('5');
    expect(call.body).toEqual({ seed: 'ipo-5', allotmentsHash: HASH });
  });

  it('a role without products.request sees the preview but no request button', async () => {
    net.on('me', () => staffMe(['auditor']));
    renderConsole('/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Preview allotment' }));
    const panel = await screen.findByRole('article', { name: /Allotment preview/ });
    expect(await within(panel).findByText(/may preview the allotment but not request it/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Request allotment' })).toBeNull();
  });
});

describe('FX rates', () => {
  beforeEach(() => {
    net.on('me', () => staffMe(['treasury']));
    net.on('ipos', () => []);
    net.on('rates', () => [
      {
        primary: 'USD',
        secondary: 'ZAR',
        rate: '18.100000',
        mid_rate: '18.300000',
        spread: '0.010929',
        derived: false,
        updated_at: '2026-11-27T08:00:00.000Z',
      },
    ]);
  });

  it('a refused spread is shown as refused, with no request button', async () => {
    // The server's wording (fx.service checkedPublication): already begins with "Refused:".
    const REASON =
      'Refused: the USD→ZAR rate 16.5 is 0.095890 below its mid 18.3; the spread may be at most 0.050000.';
    net.on('ratePreview', () => opsError(400, 'INVALID_INPUT', REASON));
    renderConsole('/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'FX rates' }));
    expect(textOf(await screen.findByRole('table', { name: 'Published rates' }))).toMatch(
      /USD→ZAR\s*18\.100000/,
    );
    await user.type(screen.getByLabelText('From (currency)'), 'usd');
    await user.type(screen.getByLabelText('To (currency)'), 'ZAR');
    await user.type(screen.getByLabelText('Rate'), '16.5');
    await user.type(screen.getByLabelText('Mid (optional)'), '18.3');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(textOf(await screen.findByRole('alert'))).toBe(REASON);
    expect(screen.queryByRole('button', { name: 'Request publication' })).toBeNull();
    expect(net.calls('ratePreview')[0]!.query).toEqual({ from: 'USD', to: 'ZAR', rate: '16.5', mid: '18.3' });
    expect(net.calls('rateRequest')).toHaveLength(0);
  });

  it('an accepted preview enables the request, which waits for approval; a changed field voids the preview', async () => {
    net.on('ratePreview', ({ query }) => ({
      from: query.from!,
      to: query.to!,
      rate: query.rate!,
      mid: '18.300000',
      spread: '0.005464',
      before: { rate: '18.100000', mid: '18.300000' },
    }));
    net.on('rateRequest', () => ({
      status: 'pending',
      request: pending({ id: 52, action: 'fx.rate_publish', checkerPermission: 'treasury.approve' }),
    }));
    renderConsole('/products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'FX rates' }));
    await user.type(await screen.findByLabelText('From (currency)'), 'USD');
    await user.type(screen.getByLabelText('To (currency)'), 'ZAR');
    await user.type(screen.getByLabelText('Rate'), '18.2');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Publication preview' });
    expect(textOf(preview)).toMatch(/Spread\s*0\.55 %/);
    await user.type(screen.getByLabelText('Rate'), '5');
    expect(screen.queryByRole('button', { name: 'Request publication' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Request publication' }));
    expect(await screen.findByText(/Waiting for approval by 1 checker \(request #52/)).toBeTruthy();
    expect(net.calls('rateRequest')[0]!.body).toEqual({
      from: 'USD',
      to: 'ZAR',
      rate: '18.25',
      mid: '18.300000',
    });
  });
});
