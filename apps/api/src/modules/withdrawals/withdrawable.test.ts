import { ApplicationMessages, MoneyMessages } from '@imali/contract';
import { formatMinor, parseAmount } from '@imali/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { applicationsApi, setFlags } from '../applications/applications-test-kit';
import { inTransaction } from '../ledger/ledger.service';
import { clientApi, createTestClient, fund, publishRates, type TestClient } from '../ledger/money-test-kit';
import { instrumentByRef } from '../market/market.service';
import { GRT } from '../orders/orders-test-kit';
import { placeOrder } from '../orders/orders.service';

/**
 * Issue 24 point 4: GET /api/account/app/v1 says how much of each account may be withdrawn now,
 * by the same rule that refuses a withdrawal: exactly `withdrawable` is accepted and a cent more
 * is refused, whatever limits it (trial bonus, holds, today's cap).
 */
describe('withdrawable (GET /api/account/app/v1)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ MONEY_DAILY_WITHDRAWAL_CAP: 'ZAR=5000,USD=1000' });
    await publishRates(t.app.ctx);
  });
  afterAll(() => t.close());

  const zar = async (client: TestClient) =>
    (await clientApi(t, client).get('/api/account/app/v1'))
      .json()
      .data.find((a: { currency: string }) => a.currency === 'ZAR');

  async function cardOf(client: TestClient) {
    const res = await clientApi(t, client).post(
      '/api/bankcard/app/v1',
      { bank_name: 'FNB', card_no: `6281${client.clientId}`.padEnd(11, '0'), holder_name: 'Money Tester' },
      null,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  }

  /** Exactly `withdrawable` leaves; a cent more is refused with `message`, before anything is held. */
  async function expectBoundary(client: TestClient, card: number, withdrawable: string, message: string) {
    const api = clientApi(t, client);
    const cent = formatMinor(parseAmount(withdrawable, 'ZAR') + 1n, 'ZAR');
    const above = await api.withdraw({ amount: cent, account_id: client.accounts.ZAR, receiver: card });
    expect(above.statusCode).toBe(409);
    expect(above.json().message).toBe(message);
    const exact = await api.withdraw({
      amount: withdrawable,
      account_id: client.accounts.ZAR,
      receiver: card,
    });
    expect(exact.statusCode, exact.body).toBe(200);
  }

  it('with a trial bonus: available less the bonus still in the account', async () => {
    const client = await createTestClient(t.app.ctx);
    await setFlags(t, client, { bonus: true });
    const apps = applicationsApi(t, client);
    const offer = (await apps.offer()).json().data;
    expect(
      (await apps.apply({ type: 'trial', terms_version: offer.version, accept_terms: true })).statusCode,
    ).toBe(200);
    await fund(t.app.ctx, client, 'ZAR', '1865.76');
    expect(await zar(client)).toMatchObject({
      balance: '2365.76',
      available: '2365.76',
      held: '0.00',
      withdrawable: '1865.76',
      bonus_not_withdrawable: '500.00',
      // The bonus stays in its currency: a transfer may take what a withdrawal may, without a cap.
      transferable: '1865.76',
      daily_withdrawal_left: '5000.00',
    });
    await expectBoundary(client, await cardOf(client), '1865.76', ApplicationMessages.bonusNotWithdrawable);
    expect(await zar(client)).toMatchObject({ available: '500.00', withdrawable: '0.00' });
  });

  it('with a trial bonus: a transfer to another currency may take exactly `transferable`', async () => {
    const client = await createTestClient(t.app.ctx);
    await setFlags(t, client, { bonus: true });
    const apps = applicationsApi(t, client);
    const offer = (await apps.offer()).json().data;
    await apps.apply({ type: 'trial', terms_version: offer.version, accept_terms: true });
    await fund(t.app.ctx, client, 'ZAR', '1000');
    expect(await zar(client)).toMatchObject({ available: '1500.00', transferable: '1000.00' });
    const transfer = (amount: string) =>
      clientApi(t, client).post('/api/caccount/app/v1/transfer', {
        from_account: client.accounts.ZAR,
        to_account: client.accounts.USD,
        amount,
        rate: '0.0542',
      });
    const above = await transfer('1000.01');
    expect(above.statusCode).toBe(409);
    expect(above.json().message).toBe(ApplicationMessages.bonusNotWithdrawable);
    const exact = await transfer('1000.00');
    expect(exact.statusCode, exact.body).toBe(200);
    expect(await zar(client)).toMatchObject({ available: '500.00', transferable: '0.00' });
  });

  it('with a withdrawal held: less the hold, and no more than what is left of the daily cap', async () => {
    const client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '10000');
    const card = await cardOf(client);
    const first = await clientApi(t, client).withdraw({
      amount: '600',
      account_id: client.accounts.ZAR,
      receiver: card,
    });
    expect(first.statusCode).toBe(200);
    // Available 9,400, but the cap (5,000 a day) has 4,400 left today.
    expect(await zar(client)).toMatchObject({
      available: '9400.00',
      held: '600.00',
      withdrawable: '4400.00',
      bonus_not_withdrawable: '0.00',
      // Transfers between the client's own accounts have no daily cap.
      transferable: '9400.00',
      daily_withdrawal_left: '4400.00',
    });
    await expectBoundary(client, card, '4400.00', MoneyMessages.dailyCapExceeded);
    expect(await zar(client)).toMatchObject({ available: '5000.00', withdrawable: '0.00' });
  });

  it('with an order waiting for settlement: less what the order holds', async () => {
    const ctx = t.app.ctx;
    const client = await createTestClient(ctx);
    await fund(ctx, client, 'ZAR', '4000');
    const instrument = await instrumentByRef(ctx, GRT, { fresh: true });
    await inTransaction(ctx, (tx, txCtx) =>
      placeOrder(tx, txCtx, {
        clientId: client.clientId,
        accountId: client.accounts.ZAR,
        instrument,
        ttype: 'otc',
        quantity: '100',
        price: '1300',
        execute: false,
        at: t.clock.now(),
        actor: 'client:test',
      }),
    );
    const account = await zar(client);
    expect(account.held).not.toBe('0.00');
    expect(account.withdrawable).toBe(account.available);
    expect(formatMinor(parseAmount(account.available, 'ZAR') + parseAmount(account.held, 'ZAR'), 'ZAR')).toBe(
      '4000.00',
    );
    await expectBoundary(client, await cardOf(client), account.withdrawable, MoneyMessages.insufficientFunds);
  });
});
