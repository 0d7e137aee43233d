// @vitest-environment happy-dom
import type { ApprovalRequest } from '@imali/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingRequest } from '../../test/approval-request';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';
import type { StaffStructuredProduct, StructuredLifecyclePreview } from './products-api';

const net = stubOpsNetwork();
const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ');
afterEach(cleanup);

const HASH = 'e'.repeat(64);

const product = (over: Partial<StaffStructuredProduct> = {}): StaffStructuredProduct => ({
  id: 12,
  name: 'Top 40 Protected Note',
  status: 'open',
  state: 'subscription',
  currency: 'ZAR',
  underlying: { symbol: 'SA40', name: 'FTSE/JSE Top 40', country: 'ZA' },
  opensAt: '2026-11-20T08:00:00.000Z',
  startAt: '2026-11-27T13:00:00.000Z',
  maturityAt: '2027-11-27T13:00:00.000Z',
  protectionPct: '90',
  participationPct: '120',
  capPct: '140',
  minAmount: '1000.00',
  maxAmount: '50000.00',
  entryFeePct: '1',
  earlyExit: 'daily',
  earlyExitCostPct: '2',
  startLevel: null,
  finalLevel: null,
  riskScore: 3,
  ...over,
});

const startPreview: StructuredLifecyclePreview = {
  offeringId: 12,
  step: 'start',
  level: '67384.68',
  underlyingReturn: null,
  currency: 'ZAR',
  lines: [{ orderId: 70, reference: 'QT-000070', amount: '10100.00' }],
  total: '10100.00',
  lifecycleHash: HASH,
};

const pending = (over: Partial<ApprovalRequest> = {}) =>
  pendingRequest({ id: 71, action: 'quant.start', itemKey: 'quant:12', ...over });

async function openTab() {
  renderConsole('/products');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Structured products' }));
  return user;
}

describe('Structured products', () => {
  beforeEach(() => {
    net.on('ipos', () => []);
    net.on('structured', () => [
      product(),
      product({
        id: 13,
        name: 'Running Note',
        state: 'running',
        startLevel: '65000',
        capPct: null,
      }),
      product({ id: 14, name: 'Matured Note', state: 'matured', startLevel: '60000', finalLevel: '66000' }),
    ]);
  });

  it('lists each product with its terms and levels; a start preview shows each capture; the request sends its hash → waiting', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('structuredPreview', () => startPreview);
    net.on('structuredRequest', () => ({ status: 'pending', request: pending() }));
    const user = await openTab();
    const table = await screen.findByRole('table', { name: 'Structured products' });
    const first = within(table).getByText('Top 40 Protected Note').closest('tr')!;
    expect(textOf(first)).toMatch(/#12 · SA40 FTSE\/JSE Top 40 \(ZA\) · risk 3\/7/);
    expect(textOf(first)).toMatch(/90 % · 120 % · 140 %/);
    expect(textOf(first)).toMatch(/27 Nov 2026.*UTC/);
    const running = within(table).getByText('Running Note').closest('tr')!;
    expect(textOf(running)).toMatch(/· none/);
    expect(within(running).getByRole('button', { name: 'Preview maturity of Running Note' })).toBeTruthy();
    const matured = within(table).getByText('Matured Note').closest('tr')!;
    expect(textOf(matured)).toMatch(/60000\s*66000/);
    expect(within(matured).queryByRole('button')).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'Preview start of Top 40 Protected Note' }));
    const panel = await screen.findByRole('article', { name: 'Start preview · Top 40 Protected Note' });
    const lines = await within(panel).findByRole('table', { name: 'Subscriptions captured' });
    expect(textOf(lines)).toMatch(/QT-000070\s*10100\.00/);
    expect(textOf(panel)).toMatch(/Start level\s*67384\.68 \(SA40\)/);
    expect(textOf(panel)).toMatch(/Captured in total\s*10100\.00 ZAR \(1 order\)/);
    await user.click(within(panel).getByRole('button', { name: 'Request approval' }));
    expect(await within(panel).findByText(/Waiting for approval by 1 checker \(request #71/)).toBeTruthy();
    const call = net.calls('structuredRequest')[0]!;
    expect(call.params).toEqual({ id: '12', step: 'start' });
    expect(call.body).toEqual({ lifecycleHash: HASH });
  });

  it('a maturity not due yet is refused with the reason, nothing to request', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('structuredPreview', () =>
      opsError(409, 'CONFLICT', 'Structured product 13 matures at 2027-11-27T13:00:00.000Z; not due yet.'),
    );
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Preview maturity of Running Note' }));
    const panel = await screen.findByRole('article', { name: 'Maturity preview · Running Note' });
    expect(textOf(await within(panel).findByRole('alert'))).toMatch(/not due yet/);
    expect(within(panel).queryByRole('button', { name: 'Request approval' })).toBeNull();
    expect(net.calls('structuredPreview')[0]!.params).toEqual({ id: '13', step: 'mature' });
  });

  it('create: empty fields are marked and nothing is sent; a refusal of the server shows beside its field; created → listed', async () => {
    net.on('me', () => staffMe(['product_ops']));
    let refuse = true;
    net.on('structuredCreate', ({ body }) =>
      refuse
        ? opsError(400, 'INVALID_INPUT', 'The start must be in the future.')
        : product({ id: 15, name: (body as { name: string }).name, status: 'upcoming' }),
    );
    const user = await openTab();
    const form = await screen.findByRole('form', { name: 'Create a structured product' });
    await user.click(within(form).getByRole('button', { name: 'Create structured product' }));
    expect(within(form).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(textOf(form)).toMatch(/Name: enter a name/);
    expect(textOf(form)).toMatch(/Start must be a date and time/);
    expect(textOf(form)).toMatch(/Protection must be a percentage/);
    expect(within(form).getByLabelText('Protection (%)').getAttribute('aria-describedby')).toMatch(
      /sp-protectionPct-error/,
    );
    expect(net.calls('structuredCreate')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Name'), 'Console Note');
    await user.type(within(form).getByLabelText('Underlying (index or stock)'), 'SA40');
    await user.type(within(form).getByLabelText('Start'), '2026-12-10T10:00');
    await user.type(within(form).getByLabelText('Maturity'), '2027-12-10T10:00');
    await user.type(within(form).getByLabelText('Protection (%)'), '90');
    await user.type(within(form).getByLabelText('Participation (%)'), '110');
    await user.type(within(form).getByLabelText('Minimum per client'), '1000');
    await user.type(within(form).getByLabelText('Maximum per client'), '50000');
    await user.click(within(form).getByRole('button', { name: 'Create structured product' }));
    // The service's refusal goes beside the field it names.
    await within(form).findByText('The start must be in the future.');
    expect(within(form).getByLabelText('Start').getAttribute('aria-invalid')).toBe('true');
    const sent = net.calls('structuredCreate')[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: 'Console Note',
      symbol: 'SA40',
      country: 'ZA',
      protectionPct: '90',
      participationPct: '110',
      capPct: null,
      minAmount: '1000',
      maxAmount: '50000',
      earlyExit: 'none',
      open: false,
      hot: false,
    });
    expect(new Date(sent.startAt as string).getTime()).toBe(new Date('2026-12-10T10:00').getTime());
    expect(sent).not.toHaveProperty('opensAt');

    refuse = false;
    const listed = net.calls('structured').length;
    await user.click(within(form).getByRole('button', { name: 'Create structured product' }));
    expect(textOf(await within(form).findByRole('status'))).toMatch(
      /Structured product #15 created \(upcoming\): Console Note/,
    );
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('');
    // The list is read again.
    await expect.poll(() => net.calls('structured').length).toBeGreaterThan(listed);
  });

  it('an auditor sees the list and previews, no create form and no request button', async () => {
    net.on('me', () => staffMe(['auditor']));
    net.on('structuredPreview', () => startPreview);
    const user = await openTab();
    expect(await screen.findByText('Your roles may not create structured products.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Create a structured product' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preview start of Top 40 Protected Note' }));
    const panel = await screen.findByRole('article', { name: /Start preview/ });
    expect(await within(panel).findByText(/may preview the start but not request it/)).toBeTruthy();
  });
});
