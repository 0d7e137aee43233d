// @vitest-environment happy-dom
import type { ApprovalRequest } from '@imali/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingRequest } from '../../test/approval-request';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';
import type { OfferingSettlementPreview, StaffOffering } from './products-api';

const net = stubOpsNetwork();
const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ');
afterEach(cleanup);

const HASH = 'd'.repeat(64);

const offering = (over: Partial<StaffOffering> = {}): StaffOffering => ({
  id: 7,
  dtype: 'otc',
  name: 'FirstRand block',
  symbol: 'FSR',
  country: 'ZA',
  market: 'JSE',
  currency: 'ZAR',
  quoteUnit: 'ZAc',
  status: 'closed',
  opensAt: '2026-11-20T08:00:00.000Z',
  closesAt: '2026-11-27T15:00:00.000Z',
  minQuantity: '1',
  maxQuantity: '5000',
  hot: false,
  termDays: null,
  blockPrice: '7000',
  blockSize: '5000',
  subscribedQuantity: '15001',
  availableQuantity: '5000',
  createdBy: 'staff:1',
  ...over,
});

const plan: OfferingSettlementPreview = {
  offeringId: 7,
  dtype: 'otc',
  name: 'FirstRand block',
  currency: 'ZAR',
  blockSize: '5000',
  blockPrice: '7000',
  requestedQuantity: '15001',
  allocatedQuantity: '5000',
  oversubscribed: true,
  held: '1050700.00',
  debited: '350200.00',
  refunded: '700500.00',
  allocationsHash: HASH,
  lines: [
    {
      orderId: 41,
      reference: 'OTC-000041',
      clientId: 3,
      requestedQuantity: '4000',
      allocatedQuantity: '1334',
      result: 'holding',
      held: '280200.00',
      debited: '93440.00',
      refund: '186760.00',
    },
    {
      orderId: 42,
      reference: 'OTC-000042',
      clientId: 4,
      requestedQuantity: '3000',
      allocatedQuantity: '999',
      result: 'holding',
      held: '210150.00',
      debited: '69975.00',
      refund: '140175.00',
    },
  ],
};

const pending = (over: Partial<ApprovalRequest> = {}) =>
  pendingRequest({ id: 61, action: 'offering.settle', itemKey: 'offering:7', ...over });

async function openTab() {
  renderConsole('/products');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Offerings' }));
  return user;
}

describe('Offerings', () => {
  beforeEach(() => {
    net.on('ipos', () => []);
    net.on('offerings', () => [
      offering(),
      offering({
        id: 8,
        name: 'Naspers 30 days',
        dtype: 'fo',
        status: 'upcoming',
        termDays: 30,
        blockPrice: null,
        blockSize: null,
        availableQuantity: null,
        subscribedQuantity: '0',
      }),
      offering({ id: 9, name: 'Sasol block', status: 'open', subscribedQuantity: '1200' }),
    ]);
    net.on('offeringSettlementPreview', () => plan);
  });

  it('lists each offering with its window and subscribed vs available; previews the settlement in full and requests approval with its hash', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('offeringSettlementRequest', () => ({ status: 'pending', request: pending() }));
    const user = await openTab();
    const table = await screen.findByRole('table', { name: 'Offerings' });
    expect(textOf(within(table).getByText('Sasol block').closest('tr')!)).toMatch(
      /Block \(otc\)\s*open.*1,200 \/ 5,000/,
    );
    expect(textOf(within(table).getByText('Naspers 30 days').closest('tr')!)).toMatch(
      /Fixed term \(fo\)\s*upcoming.*0 \/ at market/,
    );
    // Each status offers its next step.
    expect(within(table).getByRole('button', { name: 'Open Naspers 30 days' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Close Sasol block' })).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Preview settlement of FirstRand block' }));

    const panel = await screen.findByRole('article', { name: /Settlement preview · FirstRand block/ });
    await within(panel).findByRole('table', { name: 'Allocations' });
    expect(textOf(panel)).toMatch(/5,000 allocated of 5,000 in the block \( ?15,001 requested\)/);
    expect(textOf(panel)).toMatch(/pro rata \(oversubscribed\)/);
    expect(textOf(panel)).toMatch(/Refunded\s*700500\.00 ZAR/);
    expect(textOf(within(panel).getByText('OTC-000041').closest('tr')!)).toMatch(
      /#3\s*4,000\s*1,334\s*280200\.00\s*93440\.00\s*186760\.00/,
    );
    await user.click(within(panel).getByRole('button', { name: 'Request approval' }));
    expect(await within(panel).findByText(/Waiting for approval by 1 checker \(request #61\)/)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Open approvals' }).getAttribute('href')).toBe(
      '/approvals',
    );
    expect(net.calls('offeringSettlementRequest')[0]!.body).toEqual({ allocationsHash: HASH });
  });

  it('opens and closes an offering; a refusal is shown with the server reason', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('offeringOpen', ({ params }) => ({
      ...offering({ id: Number(params.id), name: 'Naspers 30 days' }),
      status: 'open' as const,
    }));
    net.on('offeringClose', () =>
      opsError(409, 'CONFLICT', 'Offering 9 is closed; only an offering that is open can be closed.'),
    );
    const user = await openTab();
    const table = await screen.findByRole('table', { name: 'Offerings' });
    // Opening cannot be undone: it asks once more; Cancel sends nothing.
    await user.click(within(table).getByRole('button', { name: 'Open Naspers 30 days' }));
    await user.click(within(table).getByRole('button', { name: 'Cancel' }));
    expect(net.calls('offeringOpen')).toHaveLength(0);
    await user.click(within(table).getByRole('button', { name: 'Open Naspers 30 days' }));
    await user.click(within(table).getByRole('button', { name: 'Confirm: open Naspers 30 days' }));
    expect(await screen.findByText('Naspers 30 days is open.')).toBeTruthy();
    expect(net.calls('offeringOpen')[0]!.params.id).toBe('8');
    await user.click(within(table).getByRole('button', { name: 'Close Sasol block' }));
    await user.click(within(table).getByRole('button', { name: 'Confirm: close Sasol block' }));
    expect(textOf(await screen.findByRole('alert'))).toMatch(/only an offering that is open can be closed/);
  });

  it('creates a block offering from the form: the body is the contract create input', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('offeringCreate', () => offering({ id: 12, name: 'Capitec block', status: 'upcoming' }));
    const user = await openTab();
    const form = await screen.findByRole('form', { name: 'Create an offering' });
    await user.click(within(form).getByRole('button', { name: 'Create offering' }));
    expect(textOf(await within(form).findByRole('alert'))).toMatch(/Enter a name/);
    expect(net.calls('offeringCreate')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Name'), 'Capitec block');
    await user.type(within(form).getByLabelText('Symbol'), 'cpi');
    await user.type(within(form).getByLabelText('Opens'), '2026-12-01T09:00');
    await user.type(within(form).getByLabelText('Closes'), '2026-12-08T15:00');
    await user.type(within(form).getByLabelText('Maximum per client (shares)'), '500');
    await user.type(within(form).getByLabelText('Block price'), '320000');
    await user.type(within(form).getByLabelText('Block size (shares)'), '2000');
    await user.click(within(form).getByRole('button', { name: 'Create offering' }));
    expect(await screen.findByText(/Offering 12 created \(upcoming\): Capitec block/)).toBeTruthy();
    const body = net.calls('offeringCreate')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      dtype: 'otc',
      name: 'Capitec block',
      symbol: 'CPI',
      country: 'ZA',
      minQuantity: '1',
      maxQuantity: '500',
      blockPrice: '320000',
      blockSize: '2000',
    });
    expect(new Date(body.opensAt as string).getTime()).toBe(new Date('2026-12-01T09:00').getTime());
  });

  it('a role without products.request sees the list and the preview but cannot act', async () => {
    net.on('me', () => staffMe(['support']));
    const user = await openTab();
    const table = await screen.findByRole('table', { name: 'Offerings' });
    expect(within(table).queryByRole('button', { name: /^(Open|Close) / })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Create an offering' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: /Preview settlement/ }));
    const panel = await screen.findByRole('article', { name: /Settlement preview/ });
    expect(await within(panel).findByText(/may preview the settlement but not request it/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Request approval' })).toBeNull();
  });
});
