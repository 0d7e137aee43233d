// @vitest-environment happy-dom
import type { Client360, ClientNote } from '@imali/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';

const net = stubOpsNetwork();
afterEach(cleanup);
beforeEach(() => net.on('me', () => staffMe(['support'])));

/** Text with Intl's no-break spaces as plain spaces. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');

const SESSION_ID = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const note = (id: number, body: string): ClientNote => ({
  id,
  clientId: 1,
  staffId: 7,
  body,
  createdAt: '2026-11-27T09:00:00.000Z',
});

const thandi = (notes: ClientNote[] = [note(1, 'Called about the deposit.')]): Client360 => ({
  profile: {
    id: 1,
    displayName: 'Thandi',
    name: 'Thandi Demo',
    mobile: '0821234567',
    email: 'thandi@example.test',
    country: 'ZA',
    vip: 2,
    score: 100,
    hasPin: true,
    pinLocked: false,
    inviteCode: 'ABC123',
    registeredAt: '2026-01-01T08:00:00.000Z',
  },
  kyc: {
    status: 'approved',
    reason: null,
    submissions: [
      {
        submissionId: 3,
        status: 'approved',
        reason: null,
        requestedDocument: null,
        submittedAt: '2026-01-02T08:00:00.000Z',
        decidedAt: '2026-01-02T09:00:00.000Z',
        decidedBy: 'staff:2',
      },
    ],
  },
  accounts: [{ id: 11, currency: 'ZAR', balance: '12345.67', available: '12000.00', held: '345.67' }],
  recentLedgerLines: [
    {
      postingId: 900,
      accountId: 11,
      currency: 'ZAR',
      amount: '-250.00',
      kind: 'fee',
      description: 'Monthly fee',
      reference: 'FEE-1',
      at: '2026-11-20T08:00:00.000Z',
    },
  ],
  orders: { holding: [], awaiting: [], recentHistory: [] },
  positions: [
    {
      accountId: 11,
      product: 'fund',
      instrumentId: 5,
      offeringKey: 0,
      quantity: '10.5',
      costMinor: '123456',
    },
  ],
  sessions: [
    {
      id: SESSION_ID,
      createdAt: '2026-11-27T08:00:00.000Z',
      lastSeenAt: '2026-11-27T08:30:00.000Z',
      absoluteExpiresAt: '2026-12-27T08:00:00.000Z',
      remember: true,
      ip: '10.0.0.9',
      userAgent: 'Mozilla/5.0 Test',
    },
  ],
  flags: {
    allowBonus: true,
    allowCompensation: false,
    allowLoan: true,
    withdrawalsBlocked: false,
    history: [],
  },
  auditTrail: [
    { at: '2026-11-27T08:00:00.000Z', actor: 'client:1', action: 'auth.login', before: null, after: null },
  ],
  notes,
});

describe('client search', () => {
  it('searches by mobile, name or id and opens a client with Enter', async () => {
    net.on('clientSearch', () => ({
      items: [
        {
          id: 1,
          displayName: 'Thandi',
          mobile: '0821234567',
          kycStatus: 'approved',
          createdAt: '2026-01-01T08:00:00.000Z',
        },
        {
          id: 2,
          displayName: 'Thabo',
          mobile: '0821111111',
          kycStatus: 'none',
          createdAt: '2026-02-01T08:00:00.000Z',
        },
      ],
    }));
    net.on('client360', () => thandi());
    net.on('kycDetail', () => ({ error: { status: 404, code: 'NOT_FOUND', message: 'x' } }));
    const { router } = renderConsole('/clients');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mobile, name or client id'), 'Th');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const list = await screen.findByRole('listbox', { name: 'Clients found' });
    expect(net.calls('clientSearch')[0]!.query).toEqual({ query: 'Th' });
    expect(router.state.location.search).toBe('?q=Th');
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    list.focus();
    await user.keyboard('jk{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Thandi' });
    expect(router.state.location.pathname).toBe('/clients/1');
  });
});

describe('the client 360 page', () => {
  it('shows each section with money in named units, and ends a session (clients.sessions.end)', async () => {
    let ended = false;
    net.on('client360', () => ({ ...thandi(), sessions: ended ? [] : thandi().sessions }));
    net.on('kycDetail', () => ({ error: { status: 404, code: 'NOT_FOUND', message: 'gone' } }));
    net.on('clientSessionEnd', () => {
      ended = true;
      return { ok: true };
    });
    renderConsole('/clients/1');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Thandi' });
    for (const title of [
      'Profile',
      'KYC',
      'Accounts',
      'Recent ledger lines',
      'Orders',
      'Positions',
      'Flags',
      'Active sessions',
      'Staff notes',
      'Audit trail',
    ])
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    const accounts = screen.getByRole('region', { name: 'Accounts' });
    expect(text(accounts)).toContain('ZAR 12,345.67');
    expect(text(accounts)).toContain('ZAR 345.67');
    expect(text(screen.getByRole('region', { name: 'Recent ledger lines' }))).toContain('-ZAR 250.00');
    // 123456 minor units of ZAR is R 1 234.56.
    expect(text(screen.getByRole('region', { name: 'Positions' }))).toContain('ZAR 1,234.56');
    expect(screen.getByRole('link', { name: 'Submission #3' }).getAttribute('href')).toBe('/kyc/3');
    expect(screen.getByRole('region', { name: 'Audit trail' }).textContent).toContain('auth.login');

    await user.click(screen.getByRole('button', { name: /End the session started/ }));
    await screen.findByText('The session was ended; the client is signed out there.');
    expect(net.calls('clientSessionEnd')[0]!.params).toEqual({ id: '1', sessionId: SESSION_ID });
    await screen.findByText('No active sessions.');
  });

  it('adds a staff note (clients.note) and lists it', async () => {
    let notes = [note(1, 'Called about the deposit.')];
    net.on('client360', () => thandi(notes));
    net.on('kycDetail', () => ({ error: { status: 404, code: 'NOT_FOUND', message: 'gone' } }));
    net.on('clientNoteAdd', ({ body }) => {
      const added = note(2, (body as { body: string }).body);
      notes = [added, ...notes];
      return added;
    });
    renderConsole('/clients/1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write the note (up to 4000 characters).')).toBeTruthy();
    await user.type(screen.getByLabelText(/New note/), 'Asked for a new proof of address.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const list = await screen.findByRole('list', { name: 'Notes' });
    await waitFor(() => expect(list.textContent).toContain('Asked for a new proof of address.'));
    expect(net.calls('clientNoteAdd')[0]!.body).toEqual({ body: 'Asked for a new proof of address.' });
    expect((screen.getByLabelText(/New note/) as HTMLTextAreaElement).value).toBe('');
  });

  it('hides the actions the roles lack (a product ops user: no note, no ending sessions)', async () => {
    net.on('me', () => staffMe(['product_ops']));
    net.on('client360', () => thandi());
    renderConsole('/clients/1');
    await screen.findByRole('heading', { level: 1, name: 'Thandi' });
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
    expect(screen.queryByRole('button', { name: /End the session/ })).toBeNull();
    expect(screen.getByText('Called about the deposit.')).toBeTruthy();
  });
});
