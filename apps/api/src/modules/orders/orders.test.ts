import { QUOTE_VALIDITY_MS, TradingMessages } from '@imali/contract';
import { computeFees, feeScheduleFor, formatMinor, tradeConsiderationMinor } from '@imali/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../cli/run';
import { opsStaff } from '../../cli/ops-staff.testing';
import type { StaffPrincipal } from '../staff/staff.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { inTransaction } from '../ledger/ledger.service';
import { createTestClient, fund, newKey, type TestClient } from '../ledger/money-test-kit';
import { instrumentByRef } from '../market/market.service';
import { markPinVerified } from '../session/session.service';
import {
  AAPL,
  GRT,
  NPN,
  RELIANCE,
  expectExactRatio,
  expectNothingTraded,
  insertQuote,
  instrumentId,
  setMarketShift,
  shiftIntoSession,
  shiftToWeekend,
  tradingApi,
  tradingSnapshot,
} from './orders-test-kit';
import { placeOrder, settleAwaitingOrder } from './orders.service';

const DAY_MS = 86_400_000;
const ZA = feeScheduleFor('ZA');

/** What a ZA buy of `quantity` at `cents` costs in total, by the engine (minor units). */
function zaBuyTotal(quantity: string, cents: string) {
  const consideration = tradeConsiderationMinor(quantity, cents, 0);
  return (
    consideration + computeFees(ZA, { side: 'buy', considerationMinor: consideration, quantity }).totalMinor
  );
}

async function ledgerOk(t: TestApp) {
  expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
}

describe('stock orders (API)', () => {
  let t: TestApp;
  /** The signed-in staff user the ops commands run as. */
  let staff: StaffPrincipal;
  let alice: TestClient;
  let bob: TestClient;
  const jseOpen = shiftIntoSession('JSE');

  const zarAccount = async (client: TestClient) =>
    (await tradingApi(t, client).get('/api/account/app/v1'))
      .json()
      .data.find((a: { currency: string }) => a.currency === 'ZAR');

  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: String(jseOpen) });
    staff = await opsStaff(t.app.ctx);
    alice = await createTestClient(t.app.ctx);
    bob = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, alice, 'ZAR', '100000');
    await fund(t.app.ctx, bob, 'ZAR', '100000');
  });
  afterAll(() => t.close());

  describe('quotation (GET /market/app/v1/price)', () => {
    it('issues a stored quote bound to the client and stock, valid 20 s', async () => {
      const before = t.app.ctx.clock.now().getTime();
      const q = await tradingApi(t, alice).quote(NPN);
      expect(q).toMatchObject({
        symbol: 'NPN',
        quote_unit: 'ZAc',
        currency: 'ZAR',
        S1: 1,
        market_open: true,
      });
      expect(q.price).toMatch(/^[1-9]\d*$/);
      expect(q.quote_id).toMatch(/^[0-9a-f-]{36}$/);
      const expires = Date.parse(q.expires_at);
      expect(expires - before).toBeGreaterThanOrEqual(QUOTE_VALIDITY_MS);
      expect(expires - t.app.ctx.clock.now().getTime()).toBeLessThanOrEqual(QUOTE_VALIDITY_MS);
      const [row] = await t.database.query<{ client_id: string; price: string; consumed_at: string | null }>(
        'select client_id::text, price::text, consumed_at from quotes where id = $1',
        [q.quote_id],
      );
      expect(row).toMatchObject({ client_id: String(alice.clientId), consumed_at: null });
      expect(Number(row!.price)).toBe(Number(q.price));
    });

    it('needs approved KYC', async () => {
      const pending = await createTestClient(t.app.ctx, { kyc: 'pending' });
      const res = await tradingApi(t, pending).get(
        '/api/market/app/v1/price?symbol=NPN&market=JSE&country=ZA',
      );
      expect(res.statusCode).toBe(403);
    });
  });

  describe('buy (POST /client/app/v1/order/buy)', () => {
    it('buys at the quote: receipt = preview, cash debited, position held, ledger sound', async () => {
      const api = tradingApi(t, alice);
      const before = await zarAccount(alice);
      const q = await api.quote(NPN);
      const preview = (
        await api.preview({
          ttype: 'standard',
          ...NPN,
          quantity: '2',
          account_id: alice.accounts.ZAR,
          quote_id: q.quote_id,
        })
      ).json().data;
      expect(preview).toMatchObject({ side: 'buy', quantity: '2', price: q.price, quote_id: q.quote_id });
      const res = await api.buy({
        ...NPN,
        quantity: '2',
        account_id: alice.accounts.ZAR,
        quote_id: q.quote_id,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.message).toBe('Buy order for NPN received.');
      const order = body.data.order;
      expect(order).toMatchObject({
        status: 'holding',
        ttype: 'standard',
        display_type: 'standard',
        symbol: 'NPN',
        name: 'Naspers',
        market: 'JSE',
        country: 'ZA',
        currency: 'ZAR',
        account: alice.accounts.ZAR,
        order_action: 'buy',
        quantity: '2',
        requested_quantity: '2',
        buy_price: q.price,
        order_price: q.price,
        buy_trade_value: preview.trade_value,
        trade_value: preview.total,
        fees: preview.fees,
        fee_schedule: 'ZA-2026-11',
        outstanding: '0.00',
        buy_quote_id: q.quote_id,
        sell_trade_value: '0.00',
        holding_period: 0,
      });
      const total = zaBuyTotal('2', q.price);
      expect(preview.total).toBe(formatMinor(total, 'ZAR'));
      const after = await zarAccount(alice);
      expect(Math.round((Number(before.balance) - Number(after.balance)) * 100)).toBe(Number(total));
      expect(after.held).toBe(before.held);
      const [movement] = await t.database.query<{ quantity_delta: string; kind: string }>(
        `select m.quantity_delta::text, e.kind from position_movements m join journal_entries e on e.id = m.entry_id
         where m.order_id = $1`,
        [order.id],
      );
      expect(movement).toEqual({ quantity_delta: '2.000000', kind: 'trade' });
      const [quote] = await t.database.query<{ order_id: string; consumed: boolean }>(
        'select order_id::text, consumed_at is not null as consumed from quotes where id = $1',
        [q.quote_id],
      );
      expect(quote).toEqual({ order_id: String(order.id), consumed: true });
      const audit = await t.database.query<{ action: string }>(
        "select action from audit_log where subject_type = 'order' and subject_id = $1",
        [String(order.id)],
      );
      expect(audit).toEqual([{ action: 'order.buy' }]);
      const receipt = (await api.receipt(order.id)).json().data;
      expect(receipt).toMatchObject({
        id: order.id,
        status: 'holding',
        fees: preview.fees,
        trade_value: preview.total,
      });
      expect(receipt.last_price).toMatch(/^\d+$/);
      const holding = (await api.list('holding')).json().data;
      expect(holding.map((o: { id: number }) => o.id)).toContain(order.id);
      expect((await api.list('holding', 'fo')).json().data).toEqual([]);
      await ledgerOk(t);
    });

    it('replays an idempotency key without a second order', async () => {
      const api = tradingApi(t, alice);
      const q = await api.quote(GRT);
      const key = newKey();
      const body = { ...GRT, quantity: '3', account_id: alice.accounts.ZAR, quote_id: q.quote_id };
      const first = await api.buy(body, key);
      expect(first.statusCode).toBe(200);
      const snapshot = await tradingSnapshot(t);
      const again = await api.buy(body, key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().data.order.id).toBe(first.json().data.order.id);
      expect(await tradingSnapshot(t)).toEqual(snapshot);
    });

    it('refuses bad quantities, unknown stocks and the wrong account, changing nothing', async () => {
      const api = tradingApi(t, alice);
      const q = await api.quote(NPN);
      const base = { ...NPN, account_id: alice.accounts.ZAR, quote_id: q.quote_id };
      const cases: [object, number, string][] = [
        [{ ...base, quantity: '0' }, 400, TradingMessages.quantityPositive],
        [{ ...base, quantity: '-1' }, 400, TradingMessages.quantityInvalid],
        [{ ...base, quantity: '1.5' }, 400, TradingMessages.wholeShares],
        [{ ...base, quantity: '' }, 400, TradingMessages.quantityRequired],
        [{ ...base, quantity: '1', symbol: 'NOPE' }, 404, TradingMessages.instrumentNotFound],
        [
          { ...base, quantity: '1', account_id: alice.accounts.USD },
          400,
          TradingMessages.wrongAccountCurrency('ZAR'),
        ],
        [{ ...base, quantity: '1', account_id: bob.accounts.ZAR }, 404, 'Account not found.'],
      ];
      for (const [body, status, message] of cases) {
        await expectNothingTraded(t, async () => {
          const res = await api.buy(body);
          expect(res.statusCode, JSON.stringify(body)).toBe(status);
          if (message !== 'Account not found.') expect(res.json().message).toBe(message);
        });
      }
      // The quote survived every refusal: it still buys.
      expect((await api.buy({ ...base, quantity: '1' })).statusCode).toBe(200);
    });

    it('refuses a buy the cash does not cover, changing nothing', async () => {
      const poor = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, poor, 'ZAR', '1000');
      const api = tradingApi(t, poor);
      const q = await api.quote(NPN);
      await expectNothingTraded(t, async () => {
        const res = await api.buy({
          ...NPN,
          quantity: '1',
          account_id: poor.accounts.ZAR,
          quote_id: q.quote_id,
        });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', data: null });
      });
    });

    it('refuses expired, foreign, used and other-stock quotes', async () => {
      const api = tradingApi(t, alice);
      const buy = (quoteId: string, ref = NPN) =>
        api.buy({ ...ref, quantity: '1', account_id: alice.accounts.ZAR, quote_id: quoteId });

      const expired = await api.quote(NPN);
      t.clock.advance(QUOTE_VALIDITY_MS + 1);
      await expectNothingTraded(t, async () => {
        const res = await buy(expired.quote_id);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe('Timeout. Please get the latest quotation again.');
      });

      const bobs = await tradingApi(t, bob).quote(NPN);
      const foreign = await buy(bobs.quote_id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(TradingMessages.quoteNotFound);
      expect((await buy('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await buy('not-a-uuid')).statusCode).toBe(404);

      const grt = await api.quote(GRT);
      const other = await buy(grt.quote_id, NPN);
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toBe(TradingMessages.quoteNotFound);

      const once = await api.quote(NPN);
      expect((await buy(once.quote_id)).statusCode).toBe(200);
      const twice = await buy(once.quote_id);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(TradingMessages.quoteUsed);
    });

    it('needs KYC and a fresh PIN; an order above PIN_EACH_ORDER_ABOVE spends the PIN', async () => {
      const noPin = await createTestClient(t.app.ctx, { pin: false });
      await fund(t.app.ctx, noPin, 'ZAR', '200000');
      const api = tradingApi(t, noPin);
      const q = await api.quote(NPN);
      const res = await api.buy({
        ...NPN,
        quantity: '1',
        account_id: noPin.accounts.ZAR,
        quote_id: q.quote_id,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PIN_REQUIRED');

      await markPinVerified(t.app.ctx, noPin.sessionId);
      // NPN is about R5,600 a share: 10 shares are above the R50,000 default, so the PIN is spent.
      const big = await api.quote(NPN);
      const first = await api.buy({
        ...NPN,
        quantity: '10',
        account_id: noPin.accounts.ZAR,
        quote_id: big.quote_id,
      });
      expect(first.statusCode, first.body).toBe(200);
      const next = await api.quote(NPN);
      const second = await api.buy({
        ...NPN,
        quantity: '1',
        account_id: noPin.accounts.ZAR,
        quote_id: next.quote_id,
      });
      expect(second.statusCode).toBe(403);
      expect(second.json().code).toBe('PIN_REQUIRED');
    });

    it('refuses outside trading hours, saying when the market opens', async () => {
      const api = tradingApi(t, alice);
      setMarketShift(t.app.ctx, shiftToWeekend());
      try {
        const q = await api.quote(NPN);
        expect(q).toMatchObject({ market_open: false });
        await expectNothingTraded(t, async () => {
          const res = await api.buy({
            ...NPN,
            quantity: '1',
            account_id: alice.accounts.ZAR,
            quote_id: q.quote_id,
          });
          expect(res.statusCode).toBe(409);
          // Outside production the message says how to trade now (decision 0044).
          expect(res.json().message).toMatch(
            /^The JSE is closed\. It opens at \d{4}-\d{2}-\d{2} 09:00 SAST\. Try the demo: npm run demo\.$/,
          );
          expect(q.closed_message).toBe(res.json().message);
        });
      } finally {
        setMarketShift(t.app.ctx, jseOpen);
      }
    });

    it('refuses a suspended stock (S1 = 0) as restricted', async () => {
      const api = tradingApi(t, alice);
      await runOps(t.app.ctx, ['instrument', 'suspend', 'GRT'], staff);
      try {
        const q = await api.quote(GRT);
        expect(q.S1).toBe(0);
        await expectNothingTraded(t, async () => {
          const res = await api.buy({
            ...GRT,
            quantity: '1',
            account_id: alice.accounts.ZAR,
            quote_id: q.quote_id,
          });
          expect(res.statusCode).toBe(409);
          expect(res.json().message).toBe(TradingMessages.restricted);
        });
      } finally {
        await runOps(t.app.ctx, ['instrument', 'resume', 'GRT'], staff);
      }
    });

    it('buys US shares in USD and Indian shares in INR, in their own hours', async () => {
      const client = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, client, 'USD', '5000');
      const accounts = (await tradingApi(t, client).get('/api/account/app/v1')).json().data as {
        id: number;
        currency: string;
      }[];
      const inr = accounts.find((a) => a.currency === 'INR')!.id;
      await fund(
        t.app.ctx,
        { ...client, accounts: { ...client.accounts, INR: inr } as never },
        'INR' as never,
        '100000',
      );
      const api = tradingApi(t, client);
      try {
        setMarketShift(t.app.ctx, shiftIntoSession('NASDAQ'));
        const us = await api.quote(AAPL);
        expect(us.price).toMatch(/^\d+\.\d{2}$/);
        const zarRefused = await api.buy({
          ...AAPL,
          quantity: '1',
          account_id: client.accounts.ZAR,
          quote_id: us.quote_id,
        });
        expect(zarRefused.json().message).toBe(TradingMessages.wrongAccountCurrency('USD'));
        const bought = await api.buy({
          ...AAPL,
          quantity: '2',
          account_id: client.accounts.USD,
          quote_id: us.quote_id,
        });
        expect(bought.statusCode, bought.body).toBe(200);
        const order = bought.json().data.order;
        const consideration = tradeConsiderationMinor('2', us.price, 2);
        expect(order).toMatchObject({
          currency: 'USD',
          quote_unit: 'USD',
          buy_trade_value: formatMinor(consideration, 'USD'),
        });

        setMarketShift(t.app.ctx, shiftIntoSession('NSE'));
        const india = await api.quote(RELIANCE);
        const res = await api.buy({ ...RELIANCE, quantity: '5', account_id: inr, quote_id: india.quote_id });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.order).toMatchObject({
          currency: 'INR',
          fee_schedule: expect.stringMatching(/^IN-/),
        });
      } finally {
        setMarketShift(t.app.ctx, jseOpen);
      }
      await ledgerOk(t);
    });
  });

  describe('sell (POST /client/app/v1/order/sell/{id})', () => {
    const buyOne = async (client: TestClient, ref = NPN, quantity = '1') => {
      const api = tradingApi(t, client);
      const q = await api.quote(ref);
      const res = await api.buy({ ...ref, quantity, account_id: client.accounts.ZAR, quote_id: q.quote_id });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.order as { id: number; trade_value: string };
    };
    const rand = (cents: string) => (Number(cents) / 100).toString();

    it('sells the whole holding at the quote in rand: receipt = preview, proceeds credited, history', async () => {
      const api = tradingApi(t, alice);
      const bought = await buyOne(alice, NPN, '3');
      const q = await api.quote(NPN);
      const preview = (await api.preview({ ttype: 'sell', order_id: bought.id, quote_id: q.quote_id })).json()
        .data;
      expect(preview).toMatchObject({ side: 'sell', quantity: '3', price: q.price });
      const before = await zarAccount(alice);
      const res = await api.sell(bought.id, {
        ttype: 'standard',
        price: rand(q.price),
        quote_id: q.quote_id,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Sell order for NPN received.');
      const order = res.json().data.order;
      expect(order).toMatchObject({
        status: 'sold',
        order_action: 'sell',
        quantity: '3',
        sell_price: q.price,
        quoted_sell_price: q.price,
        order_price: q.price,
        sell_quote_id: q.quote_id,
        sell_trade_value: preview.trade_value,
        trade_value: preview.total,
        fees: preview.fees,
      });
      // The profit is against the cost the sale relieves: alice holds other NPN orders, so under
      // average cost (the default; decision 0040) that is 3 shares at the position's average.
      expect(preview.cost_basis.method).toBe('average');
      expect(order).toMatchObject({
        cost_basis: preview.cost_basis.amount,
        cost_basis_method: 'average',
        profit: preview.cost_basis.profit,
      });
      const sellNet = Math.round(Number(preview.total) * 100);
      const costBasis = Math.round(Number(order.cost_basis) * 100);
      expect(Math.round(Number(order.profit) * 100)).toBe(sellNet - costBasis);
      const after = await zarAccount(alice);
      expect(Math.round((Number(after.balance) - Number(before.balance)) * 100)).toBe(sellNet);
      const history = (await api.list('history')).json().data;
      expect(history[0]).toMatchObject({ id: bought.id, status: 'sold' });
      expect((await api.list('holding')).json().data.map((o: { id: number }) => o.id)).not.toContain(
        bought.id,
      );
      const [position] = await t.database.query<{ total: string }>(
        'select sum(quantity_delta)::text as total from position_movements where order_id = $1',
        [bought.id],
      );
      expect(Number(position!.total)).toBe(0);
      await ledgerOk(t);
    });

    it('fees per side: the buy side = the buy preview, the sale side = the sale preview, each its own total; `fees` is the sale side', async () => {
      const api = tradingApi(t, bob);
      const q = await api.quote(GRT);
      const buyPreview = (
        await api.preview({
          ttype: 'standard',
          ...GRT,
          quantity: '7',
          account_id: bob.accounts.ZAR,
          quote_id: q.quote_id,
        })
      ).json().data;
      const bought = await api.buy({
        ...GRT,
        quantity: '7',
        account_id: bob.accounts.ZAR,
        quote_id: q.quote_id,
      });
      expect(bought.statusCode, bought.body).toBe(200);
      const id = bought.json().data.order.id;
      const sideOf = (p: { fees: object; fee_items: object[] }) => ({ ...p.fees, items: p.fee_items });
      const toMinor = (text: string) => BigInt(text.replace('.', ''));
      const sumOf = (items: { amount: string }[]) => items.reduce((a, i) => a + toMinor(i.amount), 0n);

      // Held: the buy side only, equal to what the preview promised.
      const held = (await api.receipt(id)).json().data;
      expect(held.fees_by_side).toEqual({ buy: sideOf(buyPreview), sell: null });
      expect(held.fees).toEqual(buyPreview.fees);

      const sq = await api.quote(GRT);
      const sellPreview = (await api.preview({ ttype: 'sell', order_id: id, quote_id: sq.quote_id })).json()
        .data;
      const sold = await api.sell(id, {
        ttype: 'standard',
        price: (Number(sq.price) / 100).toString(),
        quote_id: sq.quote_id,
      });
      expect(sold.statusCode, sold.body).toBe(200);
      const receipt = (await api.receipt(id)).json().data;
      expect(receipt.fees_by_side.buy).toEqual(sideOf(buyPreview));
      expect(receipt.fees_by_side.sell).toEqual(sideOf(sellPreview));
      // The spec's `fees` is one side (the last action's), never the two added: the sale's.
      const { items: _items, ...saleSummary } = receipt.fees_by_side.sell;
      expect(receipt.fees).toEqual(saleSummary);
      for (const side of ['buy', 'sell'] as const) {
        const s = receipt.fees_by_side[side];
        expect(s.items.every((i: { side: string }) => i.side === side)).toBe(true);
        expect(toMinor(s.total)).toBe(sumOf(s.items));
        expect(toMinor(s.total)).toBe(
          toMinor(s.brokerage) + toMinor(s.stt) + toMinor(s.txn) + toMinor(s.gst),
        );
      }
      expect(receipt.fee_items).toEqual([
        ...receipt.fees_by_side.buy.items,
        ...receipt.fees_by_side.sell.items,
      ]);
    });

    it('ROI is exact, held and sold (never rounded to 4 decimals; the web truncates it once)', async () => {
      const api = tradingApi(t, bob);
      const toMinor = (text: string) => BigInt(text.replace('.', ''));
      // Several quantities, so that at least one ratio is not a 4-decimal number.
      for (const quantity of ['3', '7', '11']) {
        const q = await api.quote(GRT);
        const bought = await api.buy({
          ...GRT,
          quantity,
          account_id: bob.accounts.ZAR,
          quote_id: q.quote_id,
        });
        expect(bought.statusCode, bought.body).toBe(200);
        const id = bought.json().data.order.id;
        const held = (await api.receipt(id)).json().data;
        // Unrealised: profit at the last price ÷ what the buy cost.
        expectExactRatio(held.roi, toMinor(held.profit), toMinor(held.trade_value));
        const sq = await api.quote(GRT);
        const sold = await api.sell(id, {
          ttype: 'standard',
          price: (Number(sq.price) / 100).toString(),
          quote_id: sq.quote_id,
        });
        expect(sold.statusCode, sold.body).toBe(200);
        const receipt = (await api.receipt(id)).json().data;
        // Realised: profit ÷ the cost the sale relieved.
        expectExactRatio(receipt.roi, toMinor(receipt.profit), toMinor(receipt.cost_basis));
      }
    });

    it('uses the newest quote when quote_id is left out', async () => {
      const api = tradingApi(t, alice);
      const bought = await buyOne(alice, GRT);
      const q = await api.quote(GRT);
      const res = await api.sell(bought.id, { ttype: 'standard', price: rand(q.price) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.order.sell_quote_id).toBe(q.quote_id);
    });

    it('refuses a wrong price, an expired quote, a second sell and another client, changing nothing', async () => {
      const api = tradingApi(t, alice);
      const bought = await buyOne(alice);
      const q = await api.quote(NPN);
      await expectNothingTraded(t, async () => {
        const wrong = await api.sell(bought.id, { ttype: 'standard', price: q.price, quote_id: q.quote_id });
        expect(wrong.statusCode).toBe(409);
        expect(wrong.json().message).toBe(TradingMessages.quotePriceMismatch);
        const foreign = await tradingApi(t, bob).sell(bought.id, { ttype: 'standard', price: rand(q.price) });
        expect(foreign.statusCode).toBe(404);
        expect(foreign.json().message).toBe(TradingMessages.orderNotFound);
        expect((await tradingApi(t, bob).receipt(bought.id)).statusCode).toBe(404);
        expect((await api.receipt(bought.id, 'fo')).statusCode).toBe(404);
        const bobsQuote = await tradingApi(t, bob).quote(NPN);
        expect(
          (
            await api.sell(bought.id, {
              ttype: 'standard',
              price: rand(bobsQuote.price),
              quote_id: bobsQuote.quote_id,
            })
          ).statusCode,
        ).toBe(404);
      });
      t.clock.advance(QUOTE_VALIDITY_MS + 1);
      await expectNothingTraded(t, async () => {
        const late = await api.sell(bought.id, {
          ttype: 'standard',
          price: rand(q.price),
          quote_id: q.quote_id,
        });
        expect(late.statusCode).toBe(409);
        expect(late.json().message).toBe('Timeout. Please get the latest quotation again.');
      });
      const fresh = await api.quote(NPN);
      expect((await api.sell(bought.id, { ttype: 'standard', price: rand(fresh.price) })).statusCode).toBe(
        200,
      );
      const again = await api.quote(NPN);
      const second = await api.sell(bought.id, { ttype: 'standard', price: rand(again.price) });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(TradingMessages.notHolding);
    });

    it('refuses a suspended stock and a closed market', async () => {
      const api = tradingApi(t, alice);
      const bought = await buyOne(alice, GRT);
      await runOps(t.app.ctx, ['instrument', 'suspend', 'GRT'], staff);
      try {
        const q = await api.quote(GRT);
        const res = await api.sell(bought.id, { ttype: 'standard', price: rand(q.price) });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(TradingMessages.restricted);
      } finally {
        await runOps(t.app.ctx, ['instrument', 'resume', 'GRT'], staff);
      }
      setMarketShift(t.app.ctx, shiftToWeekend());
      try {
        const q = await api.quote(GRT);
        const res = await api.sell(bought.id, { ttype: 'standard', price: rand(q.price) });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toMatch(/^The JSE is closed\. It opens at /);
      } finally {
        setMarketShift(t.app.ctx, jseOpen);
      }
    });

    it('refuses a fixed-term position before its unlock date; an ended term sells', async () => {
      const ctx = t.app.ctx;
      const instrument = await instrumentByRef(ctx, NPN, { fresh: true });
      const now = t.app.ctx.clock.now();
      const lockedUntil = new Date(now.getTime() + 30 * DAY_MS);
      const row = await inTransaction(ctx, (tx, txCtx) =>
        placeOrder(tx, txCtx, {
          clientId: alice.clientId,
          accountId: alice.accounts.ZAR,
          instrument,
          ttype: 'fo',
          quantity: '1',
          price: '500000',
          lockedUntil,
          execute: true,
          at: now,
          actor: 'client:test',
        }),
      );
      const api = tradingApi(t, alice);
      const q = await api.quote(NPN);
      const res = await api.sell(row.id, { ttype: 'fo', price: rand(q.price), quote_id: q.quote_id });
      expect(res.statusCode).toBe(409);
      const date = new Date(lockedUntil.getTime() + 2 * 3_600_000).toISOString().slice(0, 10);
      expect(res.json().message).toBe(TradingMessages.positionLocked(date));
      expect((await api.receipt(row.id, 'fo')).json().data).toMatchObject({
        ttype: 'fo',
        display_type: 'fo',
        locked_until: lockedUntil.toISOString(),
      });
      // Wrong ttype in the body: not that order.
      expect((await api.sell(row.id, { ttype: 'standard', price: rand(q.price) })).statusCode).toBe(404);

      // A term that has ended no longer locks the position.
      const ended = await inTransaction(ctx, (tx, txCtx) =>
        placeOrder(tx, txCtx, {
          clientId: alice.clientId,
          accountId: alice.accounts.ZAR,
          instrument,
          ttype: 'fo',
          quantity: '1',
          price: '500000',
          lockedUntil: new Date(now.getTime() - 1000),
          execute: true,
          at: now,
          actor: 'client:test',
        }),
      );
      const sold = await api.sell(ended.id, { ttype: 'fo', price: rand(q.price), quote_id: q.quote_id });
      expect(sold.statusCode, sold.body).toBe(200);
      await ledgerOk(t);
    });
  });

  describe('awaiting orders (placeOrder execute: false, settleAwaitingOrder)', () => {
    it('holds, then settles part (rest released) or rejects (all released); lists follow', async () => {
      const ctx = t.app.ctx;
      const client = await createTestClient(ctx);
      await fund(ctx, client, 'ZAR', '10000');
      const instrument = await instrumentByRef(ctx, GRT, { fresh: true });
      const place = (quantity: string) =>
        inTransaction(ctx, (tx, txCtx) =>
          placeOrder(tx, txCtx, {
            clientId: client.clientId,
            accountId: client.accounts.ZAR,
            instrument,
            ttype: 'otc',
            quantity,
            price: '1300',
            execute: false,
            at: t.app.ctx.clock.now(),
            actor: 'client:test',
          }),
        );
      const a = await place('100');
      const b = await place('50');
      const held = zaBuyTotal('100', '1300') + zaBuyTotal('50', '1300');
      const api = tradingApi(t, client);
      const account = (await api.get('/api/account/app/v1'))
        .json()
        .data.find((x: { currency: string }) => x.currency === 'ZAR');
      expect(account).toMatchObject({ balance: '10000.00', held: formatMinor(held, 'ZAR') });
      expect((await api.list('awaiting')).json().data.map((o: { id: number }) => o.id)).toEqual([b.id, a.id]);
      expect((await api.list('awaiting', 'otc')).json().data).toHaveLength(2);
      expect((await api.list('awaiting', 'standard')).json().data).toHaveLength(0);
      await ledgerOk(t);

      const settled = await inTransaction(ctx, (tx, txCtx) =>
        settleAwaitingOrder(tx, txCtx, {
          orderId: a.id,
          allocatedQuantity: '40',
          at: t.app.ctx.clock.now(),
          actor: 'ops:test',
        }),
      );
      expect(settled).toMatchObject({ status: 'holding', heldMinor: 0n });
      const rejected = await inTransaction(ctx, (tx, txCtx) =>
        settleAwaitingOrder(tx, txCtx, {
          orderId: b.id,
          allocatedQuantity: '0',
          at: t.app.ctx.clock.now(),
          actor: 'ops:test',
        }),
      );
      expect(rejected).toMatchObject({ status: 'rejected', reason: 'Not allocated' });
      const paid = zaBuyTotal('40', '1300');
      const after = (await api.get('/api/account/app/v1'))
        .json()
        .data.find((x: { currency: string }) => x.currency === 'ZAR');
      expect(after).toMatchObject({ balance: formatMinor(1_000_000n - paid, 'ZAR'), held: '0.00' });
      const receipt = (await api.receipt(a.id)).json().data;
      expect(receipt).toMatchObject({
        status: 'holding',
        quantity: '40',
        requested_quantity: '100',
        trade_value: formatMinor(paid, 'ZAR'),
      });
      expect((await api.list('history')).json().data[0]).toMatchObject({ id: b.id, status: 'rejected' });
      await expect(
        inTransaction(ctx, (tx, txCtx) =>
          settleAwaitingOrder(tx, txCtx, {
            orderId: a.id,
            allocatedQuantity: '1',
            at: t.app.ctx.clock.now(),
            actor: 'ops:test',
          }),
        ),
      ).rejects.toThrow('not awaiting');
      await ledgerOk(t);
    });
  });

  describe('preview (GET /client/app/v1/order/preview)', () => {
    it("prices a buy at the market without a quote, and refuses others' quotes and orders", async () => {
      const api = tradingApi(t, alice);
      const market = (await api.preview({ ttype: 'standard', ...GRT, quantity: '10' })).json().data;
      expect(market).toMatchObject({
        side: 'buy',
        ttype: 'standard',
        quantity: '10',
        quote_id: null,
        expires_at: null,
      });
      expect(market.total).toBe(formatMinor(zaBuyTotal('10', market.price), 'ZAR'));
      const bobs = await tradingApi(t, bob).quote(GRT);
      const foreign = await api.preview({
        ttype: 'standard',
        ...GRT,
        quantity: '1',
        quote_id: bobs.quote_id,
      });
      expect(foreign.statusCode).toBe(404);
      const fractional = await api.preview({ ttype: 'standard', ...GRT, quantity: '0.5' });
      expect(fractional.json().message).toBe(TradingMessages.wholeShares);
      const wrongAccount = await api.preview({
        ttype: 'standard',
        ...GRT,
        quantity: '1',
        account_id: alice.accounts.USD,
      });
      expect(wrongAccount.json().message).toBe(TradingMessages.wrongAccountCurrency('ZAR'));
      const q = await api.quote(GRT);
      const bought = await api.buy({
        ...GRT,
        quantity: '1',
        account_id: alice.accounts.ZAR,
        quote_id: q.quote_id,
      });
      const orderId = bought.json().data.order.id;
      expect((await tradingApi(t, bob).preview({ ttype: 'sell', order_id: orderId })).statusCode).toBe(404);
      const sell = (await api.preview({ ttype: 'sell', order_id: orderId })).json().data;
      // Priced at alice's newest unconsumed GRT quote (or the market when she has none).
      expect(sell).toMatchObject({ side: 'sell', quantity: '1' });
      expect((await api.preview({ ttype: 'fo', offering_id: 999999, quantity: '1' })).statusCode).toBe(404);
    });
  });

  describe('ledger check sees broken orders', () => {
    it('reports a position that differs from its order', async () => {
      const q = await insertQuote(t, {
        clientId: alice.clientId,
        instrumentId: await instrumentId(t, GRT),
        price: '1300',
      });
      const res = await tradingApi(t, alice).buy({
        ...GRT,
        quantity: '2',
        account_id: alice.accounts.ZAR,
        quote_id: q,
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.order.id;
      // Tamper with the order's quantity (the movement table is append-only, the order is not).
      await t.database.query('update orders set quantity = 3 where id = $1', [id]);
      const report = await checkLedger(t.app.ctx);
      expect(report.problems.some((p) => p.startsWith('position differs from its order'))).toBe(true);
      await t.database.query('update orders set quantity = 2 where id = $1', [id]);
      await t.database.query('update orders set buy_fees_minor = buy_fees_minor + 1 where id = $1', [id]);
      const second = await checkLedger(t.app.ctx);
      expect(second.problems.some((p) => p.startsWith('order differs from its entries'))).toBe(true);
      await t.database.query('update orders set buy_fees_minor = buy_fees_minor - 1 where id = $1', [id]);
      await ledgerOk(t);
    });
  });
});
