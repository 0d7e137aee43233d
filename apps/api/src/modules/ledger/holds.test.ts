import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DomainError } from '../../plugins/errors';
import { createCard } from '../bankcards/bankcards.service';
import { requestWithdrawal } from '../withdrawals/withdrawals.service';
import { checkLedger } from './ledger-check.service';
import {
  captureHold,
  clientAccounts,
  houseAccountId,
  inTransaction,
  placeHold,
  releaseHold,
  type HoldRow,
} from './ledger.service';
import { createTestClient, expectNothingChanged, fund, newKey, type TestClient } from './money-test-kit';

/** placeHold / releaseHold / captureHold, and what `ledger check` says about holds. */
describe('holds', () => {
  let t: TestApp;
  let alice: TestClient;

  const zar = async (client: TestClient) => {
    const row = (await clientAccounts(t.app.ctx, client.clientId)).find((a) => a.currency === 'ZAR')!;
    return { balance: row.balanceMinor, held: row.heldMinor };
  };
  const hold = (amountMinor: bigint, referenceId: number, purpose: 'order' | 'subscription' = 'order') =>
    inTransaction(t.app.ctx, (tx) =>
      placeHold(tx, {
        accountId: alice.accounts.ZAR,
        amountMinor,
        purpose,
        referenceType: purpose === 'order' ? 'test_order' : 'subscription',
        referenceId,
        at: t.app.ctx.clock.now(),
      }),
    );
  const holdRow = async (id: number) =>
    (
      await t.database.query<Record<string, string | null>>(
        `select status, captured_minor::text, entry_id::text, settled_at::text from holds where id = $1`,
        [id],
      )
    )[0]!;
  const release = (target: Parameters<typeof releaseHold>[1]) =>
    inTransaction(t.app.ctx, (tx) => releaseHold(tx, target, t.app.ctx.clock.now()));
  /** The database's own message for a refused statement (Drizzle wraps it). */
  const dbMessage = (promise: Promise<unknown>) =>
    promise.then(
      () => 'no error',
      (e: { message: string; cause?: { message?: string } }) => e.cause?.message ?? e.message,
    );
  const problems = async () => (await checkLedger(t.app.ctx)).problems;
  // The holds of this file test the mechanics, not a module: they name a reference type ledger
  // check has no verifier for ('test_order'; real orders are verified against the orders table).
  /** ledger check's problems, less the holds it reports as unverifiable. */
  const otherProblems = async () =>
    (await problems()).filter((p) => !p.startsWith('hold whose reference ledger check cannot verify'));

  beforeAll(async () => {
    t = await createTestApp({ MONEY_MIN_DEPOSIT: 'ZAR=0.01' });
    alice = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, alice, 'ZAR', '1000.00');
  });
  afterAll(() => t.close());

  it('places a hold: held rises by the amount, the balance stays', async () => {
    const placed = await hold(30_000n, 1);
    expect(placed).toMatchObject({
      accountId: alice.accounts.ZAR,
      purpose: 'order',
      referenceType: 'test_order',
      referenceId: 1,
      amountMinor: 30_000n,
      status: 'active',
    });
    expect(await zar(alice)).toEqual({ balance: 100_000n, held: 30_000n });
    await release(placed.id);
  });

  it('refuses a hold above what is available, on a house account, or a second one for a reference', async () => {
    const first = await hold(60_000n, 2);
    await expectNothingChanged(t, async () => {
      const above = await hold(40_001n, 3).catch((e: unknown) => e);
      expect(above).toBeInstanceOf(DomainError);
      expect(above).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
      const house = await inTransaction(t.app.ctx, async (tx, txCtx) =>
        placeHold(tx, {
          accountId: await houseAccountId(txCtx, 'fx', 'ZAR'),
          amountMinor: 1n,
          purpose: 'order',
          referenceType: 'test_order',
          referenceId: 4,
          at: txCtx.clock.now(),
        }),
      ).catch((e: unknown) => e);
      expect(house).toMatchObject({ code: 'NOT_FOUND' });
      expect(await dbMessage(hold(1n, 2))).toMatch(/holds_reference_active_idx/);
    });
    await release({ referenceType: 'test_order', referenceId: 2 });
    expect((await holdRow(first.id)).status).toBe('released');
  });

  it('releases a hold by id or by reference, once', async () => {
    const byId = await hold(10_000n, 5);
    const byReference = await hold(20_000n, 6, 'subscription');
    expect(await zar(alice)).toEqual({ balance: 100_000n, held: 30_000n });
    await release(byId.id);
    await release({ referenceType: 'subscription', referenceId: 6 });
    expect(await zar(alice)).toEqual({ balance: 100_000n, held: 0n });
    expect(await holdRow(byReference.id)).toMatchObject({ status: 'released', captured_minor: null });
    await expectNothingChanged(t, async () => {
      await expect(release(byId.id)).rejects.toThrow(/no active hold/);
    });
    expect(await otherProblems()).toEqual([]);
  });

  it('captures a hold: one entry debits what is posted and the rest is released', async () => {
    const subscription = await hold(50_000n, 7, 'subscription');
    const clearing = await houseAccountId(t.app.ctx, 'securities_clearing', 'ZAR');
    const fee = await houseAccountId(t.app.ctx, 'fee_brokerage', 'ZAR');
    // Allotted 300.00 of 500.00 with a 5.00 fee: 305.00 posted, 195.00 released.
    const captured = await inTransaction(t.app.ctx, (tx) =>
      captureHold(tx, subscription.id, {
        at: t.app.ctx.clock.now(),
        amountMinor: 30_500n,
        entry: {
          kind: 'adjustment',
          description: 'Allotment',
          reference: 'ALT-7',
          clientId: alice.clientId,
          createdBy: 'ops:test',
        },
        counterparts: [
          { accountId: clearing, currency: 'ZAR', amountMinor: 30_000n, kind: 'house' },
          { accountId: fee, currency: 'ZAR', amountMinor: 500n, kind: 'house' },
        ],
      }),
    );
    expect(captured).toMatchObject({ capturedMinor: 30_500n, releasedMinor: 19_500n });
    expect(await zar(alice)).toEqual({ balance: 69_500n, held: 0n });
    expect(await holdRow(subscription.id)).toMatchObject({
      status: 'captured',
      captured_minor: '30500',
      entry_id: String(captured.entry.id),
    });
    const postings = await t.database.query<{ account_id: string; amount_minor: string }>(
      `select account_id::text, amount_minor::text from postings where entry_id = $1 order by line_no`,
      [captured.entry.id],
    );
    expect(postings).toEqual([
      { account_id: String(alice.accounts.ZAR), amount_minor: '-30500' },
      { account_id: String(clearing), amount_minor: '30000' },
      { account_id: String(fee), amount_minor: '500' },
    ]);
    expect(await otherProblems()).toEqual([]);
  });

  it('refuses a capture above the hold, of nothing, or that does not balance, and changes nothing', async () => {
    const order = await hold(10_000n, 8);
    const clearing = await houseAccountId(t.app.ctx, 'securities_clearing', 'ZAR');
    const capture = (amountMinor: bigint, credit = amountMinor) =>
      inTransaction(t.app.ctx, (tx) =>
        captureHold(tx, order.id, {
          at: t.app.ctx.clock.now(),
          amountMinor,
          entry: {
            kind: 'adjustment',
            description: 'Fill',
            reference: 'ORD-8',
            clientId: null,
            createdBy: 'ops:test',
          },
          counterparts: [{ accountId: clearing, currency: 'ZAR', amountMinor: credit, kind: 'house' }],
        }),
      );
    await expectNothingChanged(t, async () => {
      await expect(capture(10_001n)).rejects.toThrow(/outside hold/);
      await expect(capture(0n)).rejects.toThrow(/outside hold/);
      await expect(capture(5_000n, 4_999n)).rejects.toThrow(/does not balance/);
    });
    await release(order.id);
  });

  it('reports holds it cannot verify: a purpose whose reference type it does not know yet', async () => {
    const order: HoldRow = await hold(1_000n, 9);
    const found = await problems();
    // Every order and subscription hold of this file, whatever its state, and nothing else.
    expect(found.filter((p) => !/^hold whose reference ledger check cannot verify: /.test(p))).toEqual([]);
    expect(found).toContainEqual(
      expect.stringMatching(
        /"purpose":"order","reference_type":"test_order","reference_id":"9","status":"active"/,
      ),
    );
    await release(order.id);
  });

  it('reports a withdrawal hold whose withdrawal is no longer pending', async () => {
    const bob = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, bob, 'ZAR', '2000.00');
    const card = await createCard(t.app.ctx, bob.clientId, {
      bankName: 'FNB',
      cardNo: '62812340077',
      holderName: 'Money Tester',
    });
    const { data } = await requestWithdrawal(
      t.app.ctx,
      bob.clientId,
      { clientId: bob.clientId, key: newKey(), requestHash: 'hold' },
      { accountId: bob.accounts.ZAR, amount: '600.00', cardId: card.id },
    );
    const [row] = await t.database.query<{ purpose: string; status: string }>(
      `select purpose, status from holds where reference_type = 'withdrawal' and reference_id = $1`,
      [data.id],
    );
    expect(row).toEqual({ purpose: 'withdrawal', status: 'active' });
    expect(await otherProblems()).toEqual([]);
    // Decided behind the service's back: rejected, but its hold still active.
    await t.database.query(
      `update withdrawals set status = 'rejected', reason = 'test', decided_at = now() where id = $1`,
      [data.id],
    );
    const found = (await otherProblems()).join('\n');
    expect(found).toMatch(
      new RegExp(
        `hold not justified by its reference: .*"reference_id":"${data.id}".*"reference_status":"rejected"`,
      ),
    );
    expect(found).toMatch(new RegExp(`withdrawal and hold disagree: .*"id":"${data.id}"`));
    await t.database.query(
      `update withdrawals set status = 'pending', reason = null, decided_at = null where id = $1`,
      [data.id],
    );
    expect(await otherProblems()).toEqual([]);
  });
});
