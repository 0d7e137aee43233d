import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MoneyMessages } from '@imali/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestStaff } from '../../test/staff';
import { DomainError } from '../../plugins/errors';
import { ApprovalMessages, approve, requestApproval } from '../approvals/approvals.service';
import type { StaffPrincipal } from '../staff/staff.service';
import { checkLedger } from './ledger-check.service';
import { clientApi, createTestClient, fund, type TestClient } from './money-test-kit';

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Manual ledger adjustments (ledger.adjust): always a second pair of eyes, one balanced entry. */
describe('ledger.adjust', () => {
  let t: TestApp;
  let maker: StaffPrincipal;
  let checker: StaffPrincipal;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    maker = (await createTestStaff(t.app.ctx, ['payments_maker'])).principal;
    checker = (await createTestStaff(t.app.ctx, ['payments_checker'])).principal;
    client = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, client, 'ZAR', '1000');
  });
  afterAll(() => t.close());

  const payload = (amountMinor: string, reference: string) => ({
    accountId: client.accounts.ZAR,
    currency: 'ZAR',
    amountMinor,
    reason: 'Bank fee refunded by hand',
    reference,
  });
  const balances = async () => {
    const [row] = await t.database.query<{ balance: string; held: string; house: string }>(
      `select a.balance_minor::text as balance, a.held_minor::text as held,
              (select coalesce(sum(p.amount_minor), 0) from postings p join accounts h on h.id = p.account_id
                where h.kind = 'house' and h.purpose = 'adjustments' and h.currency = 'ZAR')::text as house
         from accounts a where a.id = $1`,
      [client.accounts.ZAR],
    );
    return row!;
  };
  const pending = async (p: object) => {
    const outcome = await requestApproval(t.app.ctx, maker, 'ledger.adjust', p);
    if (outcome.status !== 'pending') throw new Error('expected a pending request');
    return outcome.request;
  };

  it('even R1 needs a checker: pending; the maker cannot approve; a checker posts one balanced entry, once', async () => {
    const before = await balances();
    const request = await pending(payload('100', 'TICKET-1'));
    expect(request).toMatchObject({ action: 'ledger.adjust', checkersRequired: 1, amount: '1.00' });
    expect(await balances()).toEqual(before);
    expect(await refusal(approve(t.app.ctx, maker, request.id))).toMatchObject({
      status: 403,
      message: ApprovalMessages.ownRequest,
    });
    await approve(t.app.ctx, checker, request.id);
    const after = await balances();
    expect(BigInt(after.balance) - BigInt(before.balance)).toBe(100n);
    expect(BigInt(after.house) - BigInt(before.house)).toBe(-100n);
    const entries = await t.database.query<{ kind: string; created_by: string }>(
      `select kind, created_by from journal_entries where reference = 'TICKET-1'`,
    );
    expect(entries).toEqual([{ kind: 'adjustment', created_by: `staff:${maker.id}` }]);
    // The same reference on the same account is not adjusted twice.
    expect(
      await refusal(requestApproval(t.app.ctx, maker, 'ledger.adjust', payload('100', 'TICKET-1'))),
    ).toMatchObject({
      status: 409,
    });
    const statement = (await clientApi(t, client).get('/api/account/app/v1')).json().data;
    expect(statement.find((a: { currency: string }) => a.currency === 'ZAR').balance).toBe('1001.00');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('a debit the available balance does not cover is refused when asked, and when approved after the money left', async () => {
    const before = await balances();
    const available = BigInt(before.balance) - BigInt(before.held);
    expect(
      await refusal(
        requestApproval(t.app.ctx, maker, 'ledger.adjust', payload(`-${available + 1n}`, 'TICKET-2')),
      ),
    ).toEqual({ status: 409, message: MoneyMessages.insufficientFunds });

    const request = await pending(payload(`-${available}`, 'TICKET-3'));
    // Meanwhile the client's available balance drops: another adjustment takes R1 away.
    const other = await pending(payload('-100', 'TICKET-4'));
    await approve(t.app.ctx, checker, other.id);
    const refused = await refusal(approve(t.app.ctx, checker, request.id));
    expect(refused).toEqual({
      status: 409,
      message: ApprovalMessages.itemChanged(MoneyMessages.insufficientFunds),
    });
    const after = await balances();
    expect(BigInt(after.balance)).toBe(BigInt(before.balance) - 100n);
    expect(await t.database.query(`select 1 from journal_entries where reference = 'TICKET-3'`)).toEqual([]);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('a debit of exactly the available balance leaves zero; zero and another currency are refused', async () => {
    const before = await balances();
    const request = await pending(payload(`-${BigInt(before.balance) - BigInt(before.held)}`, 'TICKET-5'));
    await approve(t.app.ctx, checker, request.id);
    expect((await balances()).balance).toBe(before.held);
    expect(
      await refusal(requestApproval(t.app.ctx, maker, 'ledger.adjust', payload('0', 'TICKET-6'))),
    ).toMatchObject({
      status: 400,
    });
    expect(
      await refusal(
        requestApproval(t.app.ctx, maker, 'ledger.adjust', {
          ...payload('100', 'TICKET-7'),
          currency: 'USD',
        }),
      ),
    ).toMatchObject({ status: 409 });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
