// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingRequest } from '../../test/approval-request';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';
import type { AllotmentPreview, IpoFinalPricePreview, StaffIpo } from './products-api';

const net = stubOpsNetwork();
const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ');
afterEach(cleanup);

const HASH = 'b'.repeat(64);

/** A JSE IPO as GET /ops/v1/ipos answers it: prices in cents (ZAc). */
const ipo = (
  id: number,
  name: string,
  terms: Partial<StaffIpo['terms']> = {},
  status = 'open',
): StaffIpo => ({
  offering: {
    id,
    name,
    currency: 'ZAR',
    status,
    opensAt: '2026-11-20T08:00:00.000Z',
    closesAt: '2026-11-27T15:00:00.000Z',
    allocationRule: 'pro_rata',
  },
  instrument: { symbol: `K${id}`, name, country: 'ZA', market: 'JSE' },
  quoteUnit: 'ZAc',
  terms: {
    issuer: 'Karoo Solar Ltd',
    priceLow: '1000',
    priceHigh: '1200',
    finalPrice: '1150',
    reconfirmRequired: false,
    lotSize: 100,
    minLots: 1,
    maxLots: 10,
    sharesOffered: '10000',
    allotsOn: '2026-12-01',
    listsOn: '2026-12-03',
    state: 'open',
    listingPrice: null,
    ...terms,
  },
});

const PRICED = ipo(5, 'Karoo Solar IPO');
const UNPRICED = ipo(6, 'Unpriced IPO', { finalPrice: null });
const ALLOTTED = ipo(7, 'Allotted IPO', { state: 'allotted' }, 'closed');

const plan: AllotmentPreview = {
  offeringId: 5,
  rule: 'pro_rata',
  seed: 'ipo-5',
  finalPrice: '1150',
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

const pricePreview = (price: string, over: Partial<IpoFinalPricePreview> = {}): IpoFinalPricePreview => ({
  offeringId: 6,
  name: 'Unpriced IPO',
  symbol: 'K6',
  quoteUnit: 'ZAc',
  priceLow: '1000',
  priceHigh: '1200',
  finalPrice: price,
  position: 'above',
  needsReconfirmation: true,
  awaitingApplications: 3,
  awaitingClients: 2,
  applicationsToReconfirm: 3,
  clientsToReconfirm: 2,
  ...over,
});

const pending = pendingRequest();

/** The field's refusal: the text of what its aria-describedby names. */
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function openIpos() {
  renderConsole('/products');
  const user = userEvent.setup();
  const table = await screen.findByRole('table', { name: 'IPOs' });
  return { user, table };
}

describe('IPOs', () => {
  beforeEach(() => {
    net.on('ipos', () => [PRICED, UNPRICED, ALLOTTED]);
    net.on('ipoAllotmentPreview', () => plan);
  });

  it('lists each IPO with its prices in the quote unit; previews the allotment by the rule, then requests it with the preview hash', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('ipoAllotmentRequest', () => ({ status: 'pending', request: pending }));
    const { user, table } = await openIpos();
    expect(textOf(within(table).getByText('Karoo Solar IPO').closest('tr')!)).toMatch(
      /priced, ready to allot\s*1000–1200 ZAc\s*1150 ZAc/,
    );
    expect(textOf(within(table).getByText('Unpriced IPO').closest('tr')!)).toMatch(/open, not priced/);
    // Only the priced IPO offers a preview.
    expect(within(table).getAllByRole('button', { name: 'Preview allotment' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Request allotment' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Preview allotment' }));

    const panel = await screen.findByRole('article', { name: /Allotment preview · Karoo Solar IPO/ });
    await within(panel).findByRole('table', { name: 'Allotments' });
    expect(textOf(panel)).toMatch(/Final price\s*1150 ZAc \(R11\.50\)/);
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

  it('sets a final price: the preview shows who must reconfirm, a changed price voids it, the confirmation sends the price previewed', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('ipoFinalPricePreview', ({ body }) => {
      const price = (body as { price: string }).price;
      if (price === '15.5')
        return opsError(
          400,
          'INVALID_INPUT',
          'price must be a price greater than 0 in ZAc with at most 0 decimals.',
        );
      return price === '1100'
        ? pricePreview('1100', {
            position: 'within',
            needsReconfirmation: false,
            applicationsToReconfirm: 0,
            clientsToReconfirm: 0,
          })
        : pricePreview(price);
    });
    net.on('ipoFinalPrice', ({ body }) => ({
      ...UNPRICED,
      terms: { ...UNPRICED.terms, finalPrice: (body as { price: string }).price, reconfirmRequired: true },
    }));
    const { user, table } = await openIpos();
    // Only the open IPO without a final price offers it; the allotted one offers its listing.
    expect(within(table).getAllByRole('button', { name: /^Set final price of / })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Set final price of Unpriced IPO' }));
    const panel = await screen.findByRole('article', { name: 'Final price · Unpriced IPO' });
    // The keyboard is taken to the panel.
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: /Final price/ }));
    const field = within(panel).getByLabelText('Final price (ZA cents, ZAc)');

    await user.click(within(panel).getByRole('button', { name: 'Preview final price' }));
    expect(describedText(field)).toMatch(/Final price must be a number in the quote unit/);
    expect(net.calls('ipoFinalPricePreview')).toHaveLength(0);

    // The server's refusal shows beside the field.
    await user.type(field, '15.5');
    await user.click(within(panel).getByRole('button', { name: 'Preview final price' }));
    await within(panel).findByText(/at most 0 decimals/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(field)).toMatch(/at most 0 decimals/);

    await user.clear(field);
    await user.type(field, '1100');
    await user.click(within(panel).getByRole('button', { name: 'Preview final price' }));
    const inRange = await within(panel).findByRole('region', { name: 'Final price preview' });
    expect(textOf(inRange)).toMatch(/within the range/);
    expect(textOf(inRange)).toMatch(/No reconfirmation needed/);

    // A changed price voids the preview: no confirmation until it is previewed again.
    await user.clear(field);
    await user.type(field, '1500');
    expect(within(panel).queryByRole('button', { name: 'Confirm final price' })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Preview final price' }));
    const above = await within(panel).findByRole('region', { name: 'Final price preview' });
    expect(textOf(above)).toMatch(/1500 ZAc \(R15\.00\)/);
    expect(textOf(above)).toMatch(/above the range/);
    expect(textOf(above)).toMatch(/3 applications of 2 clients/);
    expect(textOf(within(above).getByRole('alert'))).toMatch(
      /Reconfirmation needed\. At 1500 ZAc \(R15\.00\), 3 applications of 2 clients must be reconfirmed by the client in the app, or lapse at allotment\./,
    );
    expect(net.calls('ipoFinalPrice')).toHaveLength(0);
    await user.click(within(above).getByRole('button', { name: 'Confirm final price' }));
    expect(
      await screen.findByText(
        'Unpriced IPO: final price 1500 ZAc (R15.00) set. 3 applications must be reconfirmed in the app, or they lapse at allotment.',
      ),
    ).toBeTruthy();
    expect(net.calls('ipoFinalPrice').map((c) => [c.params.id, c.body])).toEqual([['6', { price: '1500' }]]);
    expect(screen.queryByRole('article', { name: /Final price ·/ })).toBeNull();
  });

  it('a final price refused by the server (priced meanwhile) is shown as an alert', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('ipoFinalPricePreview', () => pricePreview('1100'));
    net.on('ipoFinalPrice', () => opsError(409, 'CONFLICT', 'IPO 6 already has its final price of 1150.'));
    const { user, table } = await openIpos();
    await user.click(within(table).getByRole('button', { name: 'Set final price of Unpriced IPO' }));
    const panel = await screen.findByRole('article', { name: 'Final price · Unpriced IPO' });
    await user.type(within(panel).getByLabelText(/^Final price/), '1100');
    await user.keyboard('{Enter}');
    await user.click(await within(panel).findByRole('button', { name: 'Confirm final price' }));
    const alerts = await within(panel).findAllByRole('alert');
    expect(alerts.map(textOf).join(' ')).toMatch(/already has its final price of 1150/);
  });

  it('lists an allotted IPO after a confirmation: Cancel sends nothing; the listing price given is sent; a refusal is shown', async () => {
    net.on('me', () => staffMe(['product_ops']));
    let refuse = true;
    net.on('ipoList', ({ body }) =>
      refuse
        ? opsError(409, 'CONFLICT', 'IPO 7 is already listed.')
        : {
            ...ALLOTTED,
            offering: { ...ALLOTTED.offering, status: 'settled' },
            terms: {
              ...ALLOTTED.terms,
              state: 'listed',
              listingPrice: (body as { price?: string }).price ?? '1150',
            },
          },
    );
    const { user, table } = await openIpos();
    expect(within(table).queryByRole('button', { name: 'List Karoo Solar IPO' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'List Allotted IPO' }));
    let panel = await screen.findByRole('article', { name: 'Listing · Allotted IPO' });
    const field = within(panel).getByLabelText('Listing price (ZA cents, ZAc, optional)');
    expect(describedText(field)).toMatch(/Empty: the final price, 1150 ZAc \(R11\.50\)/);
    await user.click(within(panel).getByRole('button', { name: 'List…' }));
    const question = within(panel).getByRole('region', { name: 'Confirm the listing' });
    expect(textOf(question)).toMatch(/List K7 on the JSE at 1150 ZAc \(R11\.50\)\?/);
    // The keyboard is at the answer.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Confirm listing' }));
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(net.calls('ipoList')).toHaveLength(0);
    expect(screen.queryByRole('article', { name: /Listing ·/ })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'List Allotted IPO' }));
    panel = await screen.findByRole('article', { name: 'Listing · Allotted IPO' });
    await user.type(within(panel).getByLabelText(/^Listing price/), '1250');
    await user.click(within(panel).getByRole('button', { name: 'List…' }));
    await user.click(within(panel).getByRole('button', { name: 'Confirm listing' }));
    expect(textOf(await within(panel).findByRole('alert'))).toMatch(/already listed/);

    refuse = false;
    await user.click(within(panel).getByRole('button', { name: 'List…' }));
    await user.click(within(panel).getByRole('button', { name: 'Confirm listing' }));
    expect(await screen.findByText('K7 listed on the JSE at 1250 ZAc (R12.50).')).toBeTruthy();
    expect(net.calls('ipoList').map((c) => [c.params.id, c.body])).toEqual([
      ['7', { price: '1250' }],
      ['7', { price: '1250' }],
    ]);
  });

  it('creates an IPO from the form: each refusal beside its field (the contract first, then the server), the body the contract create input', async () => {
    net.on('me', () => staffMe(['product_ops']));
    const answers = [
      opsError(400, 'INVALID_INPUT', 'Allotment must be on or after the day applications close.'),
      opsError(409, 'CONFLICT', 'KSOL already exists in ZA.'),
      opsError(400, 'INVALID_INPUT', 'The name must be 1 to 120 characters.'),
    ];
    net.on('ipoCreate', () => answers.shift() ?? ipo(9, 'Karoo Solar Ltd IPO', { finalPrice: null }));
    const { user } = await openIpos();
    const form = screen.getByRole('form', { name: 'New IPO' });
    const field = (label: string | RegExp) => within(form).getByLabelText(label);
    await user.click(within(form).getByRole('button', { name: 'Create IPO' }));
    expect(describedText(field('Symbol'))).toMatch(/Symbol: enter a symbol/);
    expect(describedText(field('Lot size (shares)'))).toMatch(/Lot size: enter a whole number/);
    expect(field('Symbol').getAttribute('aria-invalid')).toBe('true');
    expect(textOf(within(form).getByRole('alert'))).toMatch(/Check the fields marked above/);
    expect(net.calls('ipoCreate')).toHaveLength(0);

    // The unit follows the country.
    await user.selectOptions(field('Country'), 'US');
    expect(field('Price low (USD)')).toBeTruthy();
    await user.selectOptions(field('Country'), 'ZA');

    await user.type(field('Symbol'), 'ksol');
    await user.type(field('Instrument name'), 'Karoo Solar Ltd');
    await user.type(field('Issuer'), 'Karoo Solar Ltd, a solar producer');
    await user.type(field('Price low (ZA cents, ZAc)'), '1800');
    expect(describedText(field('Price low (ZA cents, ZAc)'))).toMatch(/1800 ZAc = R18\.00/);
    await user.type(field('Price high (ZA cents, ZAc)'), '2200');
    await user.type(field('Lot size (shares)'), '10');
    await user.type(field('Shares offered'), '200000');
    await user.type(field('Max lots per client'), '50');
    await user.type(field('Opens'), '2026-12-01T09:00');
    await user.type(field('Closes'), '2026-12-08T15:00');
    await user.type(field('Allotment date'), '2026-12-07');
    await user.type(field('Listing date'), '2026-12-11');
    await user.selectOptions(field('Allotment rule'), 'lottery');
    await user.click(within(form).getByRole('button', { name: 'Create IPO' }));
    // The server's refusals show beside the field they name.
    await within(form).findByText('Allotment must be on or after the day applications close.');
    expect(describedText(field('Allotment date'))).toMatch(/on or after the day applications close/);
    await user.clear(field('Allotment date'));
    await user.type(field('Allotment date'), '2026-12-09');
    expect(field('Allotment date').getAttribute('aria-invalid')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Create IPO' }));
    await within(form).findByText('KSOL already exists in ZA.');
    expect(describedText(field('Symbol'))).toMatch(/already exists in ZA/);
    // A refusal that names no field is an alert.
    await user.click(within(form).getByRole('button', { name: 'Create IPO' }));
    expect(textOf(await within(form).findByRole('alert'))).toMatch(/The name must be 1 to 120 characters/);

    await user.click(within(form).getByRole('button', { name: 'Create IPO' }));
    expect(await screen.findByText('IPO 9 created (open): Karoo Solar Ltd IPO.')).toBeTruthy();
    const body = net.calls('ipoCreate').at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      symbol: 'KSOL',
      instrumentName: 'Karoo Solar Ltd',
      issuer: 'Karoo Solar Ltd, a solar producer',
      country: 'ZA',
      priceLow: '1800',
      priceHigh: '2200',
      lotSize: 10,
      minLots: 1,
      maxLots: 50,
      sharesOffered: '200000',
      allotsOn: '2026-12-09',
      listsOn: '2026-12-11',
      rule: 'lottery',
    });
    expect(new Date(body.opensAt as string).getTime()).toBe(new Date('2026-12-01T09:00').getTime());
    // The form is empty again.
    expect((field('Symbol') as HTMLInputElement).value).toBe('');
  });

  it('a role without products.request sees the list and the allotment preview, but nothing to create, price, list or request', async () => {
    net.on('me', () => staffMe(['auditor']));
    const { user, table } = await openIpos();
    expect(within(table).queryByRole('button', { name: /^(Set final price|List) / })).toBeNull();
    expect(screen.queryByRole('form', { name: 'New IPO' })).toBeNull();
    expect(screen.getByText(/may see IPOs but not create, price or list them/)).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Preview allotment' }));
    const panel = await screen.findByRole('article', { name: /Allotment preview/ });
    expect(await within(panel).findByText(/may preview the allotment but not request it/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Request allotment' })).toBeNull();
  });
});
