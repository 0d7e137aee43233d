import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyCommands } from '../../cli/commands/money';
import { opsStaff } from '../../cli/ops-staff.testing';
import { staffActor, type StaffPrincipal } from '../staff/staff.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import {
  clientApi,
  createTestClient,
  expectNothingChanged,
  fund,
  newKey,
  type TestClient,
} from '../ledger/money-test-kit';

const WITHDRAW = '/api/withdraw/app/v1';

/** The staff user the ops commands run as (every role), one per test app. */
const opsStaffOf = new WeakMap<TestApp, StaffPrincipal>();
async function staffOfApp(t: TestApp) {
  let staff = opsStaffOf.get(t);
  if (!staff) opsStaffOf.set(t, (staff = await opsStaff(t.app.ctx)));
  return staff;
}

async function runOps(t: TestApp, words: string[], flags: Record<string, string> = {}) {
  const command = moneyCommands.find((c) => words.slice(0, c.path.length).join(' ') === c.path.join(' '))!;
  const staff = await staffOfApp(t);
  return command.run(
    t.app.ctx,
    { positionals: words.slice(command.path.length), flags },
    staffActor(staff),
    staff,
  );
}

describe('withdrawals', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let aliceCard: number;
  let bobCard: number;

  const zar = async (client: TestClient) =>
    (await clientApi(t, client).get('/api/account/app/v1'))
      .json()
      .data.find((a: { currency: string }) => a.currency === 'ZAR');

  beforeAll(async () => {
    // A small daily cap so the cap can be tested without huge balances.
    t = await createTestApp({ MONEY_DAILY_WITHDRAWAL_CAP: 'ZAR=5000,USD=1000' });
    alice = await createTestClient(t.app.ctx);
    bob = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, alice, 'ZAR', '10000');
    await fund(t.app.ctx, alice, 'USD', '1000');
    const card = { bank_name: 'FNB', card_no: '62812345678', holder_name: 'Money Tester' };
    aliceCard = (await clientApi(t, alice).post('/api/bankcard/app/v1', card, null)).json().data.id;
    bobCard = (
      await clientApi(t, bob).post(
        '/api/bankcard/app/v1',
        { ...card, card_no: '62812345699', holder_name: 'M Tester' },
        null,
      )
    ).json().data.id;
  });
  afterAll(() => t.close());

  it('holds the amount: available drops, balance stays, held rises', async () => {
    const res = await clientApi(t, alice).withdraw({
      amount: '600',
      account_id: alice.accounts.ZAR,
      receiver: aliceCard,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      amount: '600.00',
      currency: 'ZAR',
      status: 'pending',
      receiver: { id: aliceCard, bank_name: 'FNB', card_no: '****5678', holder_name: 'Money Tester' },
    });
    expect(await zar(alice)).toMatchObject({ balance: '10000.00', available: '9400.00', held: '600.00' });
  });

  it('pays: the held funds leave the account; history shows paid; a second decision loses', async () => {
    const api = clientApi(t, alice);
    const w = (
      await api.withdraw({ amount: '700', account_id: alice.accounts.ZAR, receiver: aliceCard })
    ).json().data;
    expect(await runOps(t, ['withdrawal', 'list'])).toContain(w.reference);
    await runOps(t, ['withdrawal', 'pay', String(w.id)]);
    expect(await zar(alice)).toMatchObject({ balance: '9300.00', available: '8700.00', held: '600.00' });
    await expect(runOps(t, ['withdrawal', 'reject', String(w.id)], { reason: 'x' })).rejects.toThrow(
      'already been decided',
    );
    await expect(runOps(t, ['withdrawal', 'pay', String(w.id)])).rejects.toThrow('already been decided');
    const list = (await api.get(`${WITHDRAW}/list`)).json().data;
    expect(list.find((x: { id: number }) => x.id === w.id)).toMatchObject({ status: 'paid' });
    const audit = await t.database.query<{ action: string }>(
      `select action from audit_log where subject_type = 'withdrawal' and subject_id = $1`,
      [String(w.id)],
    );
    expect(audit).toEqual([{ action: 'withdrawal.pay' }]);
  });

  it('rejects: the held funds become available again', async () => {
    const before = await zar(alice);
    const w = (
      await clientApi(t, alice).withdraw({
        amount: '800',
        account_id: alice.accounts.ZAR,
        receiver: aliceCard,
      })
    ).json().data;
    await runOps(t, ['withdrawal', 'reject', String(w.id)], { reason: 'Card closed' });
    expect(await zar(alice)).toEqual(before);
    const list = (await clientApi(t, alice).get(`${WITHDRAW}/list`)).json().data;
    expect(list.find((x: { id: number }) => x.id === w.id)).toMatchObject({
      status: 'rejected',
      reason: 'Card closed',
    });
  });

  it.each([
    ['negative', '-600', 400, 'Amount must not be negative'],
    ['zero', '0', 400, 'Amount must be greater than 0'],
    ['too many decimals', '600.123', 400, 'Amounts allow at most 2 decimal places'],
    ['non-numeric', 'abc', 400, 'Enter a valid amount'],
    ['below the minimum', '499.99', 400, 'Minimum withdrawal is 500.00 ZAR.'],
    ['more than available', '9000', 409, 'Insufficient available balance for this request.'],
  ])('refuses a %s amount and changes nothing', async (_label, amount, status, message) => {
    await expectNothingChanged(t, async () => {
      const res = await clientApi(t, alice).withdraw({
        amount,
        account_id: alice.accounts.ZAR,
        receiver: aliceCard,
      });
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    });
  });

  it("refuses someone else's account or card with 404, changing nothing", async () => {
    await expectNothingChanged(t, async () => {
      const api = clientApi(t, alice);
      const account = await api.withdraw({
        amount: '600',
        account_id: bob.accounts.ZAR,
        receiver: aliceCard,
      });
      expect(account.statusCode).toBe(404);
      const card = await api.withdraw({
        amount: '600',
        account_id: alice.accounts.ZAR,
        receiver: bobCard,
      });
      expect(card.statusCode).toBe(404);
      expect(card.json().message).toBe('Bank card not found.');
    });
  });

  it('enforces the daily cap from configuration', async () => {
    // Today so far: 600 pending + 700 paid (the rejected 800 does not count) = 1300 of 5000.
    await expectNothingChanged(t, async () => {
      const res = await clientApi(t, alice).withdraw({
        amount: '3700.01',
        account_id: alice.accounts.ZAR,
        receiver: aliceCard,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    });
    const exact = await clientApi(t, alice).withdraw({
      amount: '3700',
      account_id: alice.accounts.ZAR,
      receiver: aliceCard,
    });
    expect(exact.statusCode).toBe(200);
  });

  it('needs a PIN verified on this session within 5 minutes', async () => {
    const noPin = await createTestClient(t.app.ctx, { pin: false });
    await fund(t.app.ctx, noPin, 'ZAR', '2000');
    const card = (
      await clientApi(t, noPin).post(
        '/api/bankcard/app/v1',
        { bank_name: 'FNB', card_no: '12345678', holder_name: 'M Tester' },
        null,
      )
    ).json().data.id;
    await expectNothingChanged(t, async () => {
      const res = await clientApi(t, noPin).post(WITHDRAW, {
        amount: '600',
        account_id: noPin.accounts.ZAR,
        receiver: card,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PIN_REQUIRED');
    });
    t.clock.advance(6 * 60_000);
    try {
      await expectNothingChanged(t, async () => {
        const stale = await clientApi(t, alice).post(WITHDRAW, {
          amount: '600',
          account_id: alice.accounts.ZAR,
          receiver: aliceCard,
        });
        expect(stale.statusCode).toBe(403);
        expect(stale.json().code).toBe('PIN_REQUIRED');
      });
    } finally {
      t.clock.advance(-6 * 60_000);
    }
  });

  it('each withdrawal spends a PIN verification of its own; a replay of the same key needs none', async () => {
    const carol = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, carol, 'ZAR', '2000');
    const api = clientApi(t, carol);
    const card = { bank_name: 'FNB', card_no: '62812340001', holder_name: 'Money Tester' };
    const carolCard = (await api.post('/api/bankcard/app/v1', card, null)).json().data.id;
    const body = { amount: '500', account_id: carol.accounts.ZAR, receiver: carolCard };
    const key = newKey();
    const first = await api.withdraw(body, key);
    expect(first.statusCode).toBe(200);
    await expectNothingChanged(t, async () => {
      // Within the five minutes, but the verification was spent by the first withdrawal.
      const second = await api.post(WITHDRAW, body);
      expect(second.statusCode).toBe(403);
      expect(second.json().code).toBe('PIN_REQUIRED');
      const replay = await api.post(WITHDRAW, body, key);
      expect(replay.statusCode).toBe(200);
      expect(replay.json().data.id).toBe(first.json().data.id);
    });
  });

  it('needs approved KYC', async () => {
    const pending = await createTestClient(t.app.ctx, { kyc: 'pending' });
    const res = await clientApi(t, pending).withdraw({
      amount: '600',
      account_id: pending.accounts.ZAR,
      receiver: 1,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('KYC_REQUIRED');
  });

  it('uses the per-currency minimum (USD 25 by default)', async () => {
    await expectNothingChanged(t, async () => {
      const res = await clientApi(t, alice).withdraw({
        amount: '24.99',
        account_id: alice.accounts.USD,
        receiver: aliceCard,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Minimum withdrawal is 25.00 USD.');
    });
  });

  it('passes ledger check with holds matching pending withdrawals', async () => {
    const report = await checkLedger(t.app.ctx);
    expect(report.problems).toEqual([]);
  });
});
