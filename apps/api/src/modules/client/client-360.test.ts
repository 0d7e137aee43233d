import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestClient, fund } from '../ledger/money-test-kit';
import { NPN, shiftIntoSession, tradingApi } from '../orders/orders-test-kit';
import { testStaffActor } from '../kyc/kyc-review.testing';
import * as c360 from './client-360.service';
import * as clients from './client.service';

describe('client 360 (service): the read, search, ending a session, notes', () => {
  let t: TestApp;
  let staff: { id: number; actor: string };
  beforeAll(async () => {
    // The JSE open, so the order test can buy.
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: String(shiftIntoSession('JSE')) });
    staff = await testStaffActor(t, ['support']);
  });
  afterAll(() => t.close());

  it('reads profile, KYC, accounts with balances, ledger lines, orders, sessions, flags and audit trail', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '1500.00');
    const view = await c360.client360(t.app.ctx, client.clientId);
    expect(view.profile).toMatchObject({ id: client.clientId, displayName: 'Money Tester', hasPin: false });
    expect(view.kyc.status).toBe('approved');
    expect(view.accounts.find((a) => a.currency === 'ZAR')).toMatchObject({ balance: '1500.00' });
    expect(view.recentLedgerLines).toEqual([
      expect.objectContaining({ accountId: client.accounts.ZAR, amount: '1500.00', kind: 'deposit' }),
    ]);
    expect(view.orders).toEqual({ holding: [], awaiting: [], recentHistory: [] });
    expect(view.positions).toEqual([]);
    expect(view.sessions.map((s) => s.id)).toEqual([client.sessionId]);
    expect(view.flags).toEqual({
      allowBonus: false,
      allowCompensation: false,
      allowLoan: false,
      withdrawalsBlocked: false,
      history: [],
    });
    expect(Array.isArray(view.auditTrail)).toBe(true);
    await expect(c360.client360(t.app.ctx, 999_999)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('shows an order the client holds and its position', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '100000');
    const api = tradingApi(t, client);
    const q = await api.quote(NPN);
    const res = await api.buy({
      ...NPN,
      quantity: '2',
      account_id: client.accounts.ZAR,
      quote_id: q.quote_id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = await c360.client360(t.app.ctx, client.clientId);
    expect(view.orders.holding).toEqual([
      expect.objectContaining({ symbol: 'NPN', quantity: '2', status: 'holding' }),
    ]);
    expect(view.positions).toEqual([
      expect.objectContaining({
        accountId: client.accounts.ZAR,
        product: 'stock',
        quantity: expect.stringMatching(/^2(\.0+)?$/),
      }),
    ]);
    expect(view.recentLedgerLines[0]).toMatchObject({ kind: 'trade' });
  });

  it('a staff read creates nothing (no accounts for a client who never opened them)', async () => {
    const [row] = await t.database.query<{ id: string }>(
      `insert into clients (mobile, password_hash, name) values ('799000111', 'x', 'Nomsa Zulu') returning id::text`,
    );
    const view = await c360.client360(t.app.ctx, Number(row!.id));
    expect(view.accounts).toEqual([]);
    const [n] = await t.database.query<{ n: string }>(
      'select count(*)::text as n from accounts where client_id = $1',
      [row!.id],
    );
    expect(n!.n).toBe('0');
  });

  it('search by client id, mobile prefix and name prefix', async () => {
    const [row] = await t.database.query<{ id: string }>(
      `insert into clients (mobile, password_hash, name) values ('788123456', 'x', 'Zanele Mthembu') returning id::text`,
    );
    const id = Number(row!.id);
    for (const q of [String(id), '788123', 'zanele', 'ZAN']) {
      expect(
        (await clients.searchClients(t.app.ctx, q)).map((r) => r.id),
        q,
      ).toContain(id);
    }
    expect(await clients.searchClients(t.app.ctx, '%')).toEqual([]);
  });

  it('ending a session signs the client out there and is audited; an unknown or foreign session is 404', async () => {
    const a = await createTestClient(t.app.ctx);
    const b = await createTestClient(t.app.ctx);
    await expect(c360.endClientSession(t.app.ctx, a.clientId, b.sessionId, staff)).rejects.toMatchObject({
      statusCode: 404,
    });
    await c360.endClientSession(t.app.ctx, a.clientId, a.sessionId, staff);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/app/v1/session',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.statusCode).toBe(401);
    await expect(c360.endClientSession(t.app.ctx, a.clientId, a.sessionId, staff)).rejects.toMatchObject({
      statusCode: 404,
    });
    const [entry] = await t.database.query<{ actor: string; action: string }>(
      "select actor, action from audit_log where subject_type = 'client' and subject_id = $1 order by seq desc limit 1",
      [String(a.clientId)],
    );
    expect(entry).toEqual({ actor: staff.actor, action: 'client.session_end' });
  });

  it('notes: appended, listed newest first, audited; the table refuses changes', async () => {
    const a = await createTestClient(t.app.ctx);
    await c360.addNote(t.app.ctx, {
      clientId: a.clientId,
      staffId: staff.id,
      body: 'Called about KYC',
      actor: staff.actor,
    });
    t.clock.advance(1000);
    await c360.addNote(t.app.ctx, {
      clientId: a.clientId,
      staffId: staff.id,
      body: '  Sent email  ',
      actor: staff.actor,
    });
    const notes = await c360.notesOf(t.app.ctx, a.clientId);
    expect(notes.map((n) => n.body)).toEqual(['Sent email', 'Called about KYC']);
    expect((await c360.client360(t.app.ctx, a.clientId)).notes).toHaveLength(2);
    await expect(
      c360.addNote(t.app.ctx, { clientId: a.clientId, staffId: staff.id, body: '   ', actor: staff.actor }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      c360.addNote(t.app.ctx, { clientId: 999_999, staffId: staff.id, body: 'x', actor: staff.actor }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(t.database.query("update client_notes set body = 'changed'")).rejects.toThrow(/append-only/);
    await expect(t.database.query('delete from client_notes')).rejects.toThrow(/append-only/);
    const audited = await t.database.query<{ action: string }>(
      "select action from audit_log where subject_type = 'client' and subject_id = $1 and action = 'client.note'",
      [String(a.clientId)],
    );
    expect(audited).toHaveLength(2);
  });
});
