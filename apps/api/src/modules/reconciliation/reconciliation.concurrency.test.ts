import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, type TestClient } from '../ledger/money-test-kit';
import { paymentsStaff, pendingDeposit, statementOf } from './reconciliation-test-kit';
import { confirmLine, importStatement, type ActingStaff } from './reconciliation.service';

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test). What each guard does, seen by removing it:
// - without the line's lock (reconciliation.repository.ts lockLine, FOR UPDATE) both confirmations
//   read the line open; the deposit's row lock then refuses the second ("This deposit has already
//   been decided.") and the first test fails on that message: the line no longer decides;
// - without that lock and the deposit's lock (deposits.repository.ts lockById), the conditional
//   update of the line (status = 'open') still refuses the second after the first commits;
// - without all three, both succeed: two ledger entries, the deposit credited twice (the first
//   test fails with 2 fulfilled). The unique index on the confirmed lines' deposit id still keeps
//   the second test (two lines, one deposit) at one credit.
describe.skipIf(!process.env.DATABASE_URL)('reconciliation under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let staff: ActingStaff;
  let checker: ActingStaff;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await paymentsStaff(t.app.ctx);
    checker = await paymentsStaff(t.app.ctx);
    client = await createTestClient(t.app.ctx);
  });
  afterAll(() => t?.close());

  const balance = async () => {
    const [row] = await t.database.query<{ balance: string }>(
      'select balance_minor::text as balance from accounts where id = $1',
      [client.accounts.ZAR],
    );
    return BigInt(row!.balance);
  };
  const entriesOf = async (reference: string) =>
    (
      await t.database.query<{ n: string }>(
        'select count(*)::text as n from journal_entries where reference = $1',
        [reference],
      )
    )[0]!.n;

  it('two confirmations of one line at once: one credit, the other refused as already confirmed', async () => {
    for (let round = 0; round < 5; round += 1) {
      const d = await pendingDeposit(t.app.ctx, client, '1234.56');
      const statement = await importStatement(t.app.ctx, staff, {
        csv: statementOf([{ description: 'EFT CREDIT', reference: d.reference, amountMinor: 123456n }]),
      });
      const lineId = statement.lines[0]!.id;
      const before = await balance();
      const results = await Promise.allSettled([
        confirmLine(t.app.ctx, staff, lineId, d.id),
        confirmLine(t.app.ctx, checker, lineId, d.id),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      expect(refused).toEqual([expect.stringContaining('This statement line has already been confirmed.')]);
      expect(await balance()).toBe(before + 123456n);
      expect(await entriesOf(d.reference)).toBe('1');
      const lines = await t.database.query<{ n: string }>(
        `select count(*)::text as n from bank_statement_lines where deposit_id = $1 and status = 'confirmed'`,
        [d.id],
      );
      expect(lines).toEqual([{ n: '1' }]);
    }
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('one deposit confirmed through two lines (two statements) at once: one credit', async () => {
    const d = await pendingDeposit(t.app.ctx, client, '2000.00');
    const lineOf = async (opening: bigint) =>
      (
        await importStatement(t.app.ctx, staff, {
          csv: statementOf(
            [{ description: 'EFT CREDIT', reference: d.reference, amountMinor: 200000n }],
            opening,
          ),
        })
      ).lines[0]!.id;
    const [a, b] = [await lineOf(0n), await lineOf(500n)];
    const before = await balance();
    const results = await Promise.allSettled([
      confirmLine(t.app.ctx, staff, a, d.id),
      confirmLine(t.app.ctx, checker, b, d.id),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await balance()).toBe(before + 200000n);
    expect(await entriesOf(d.reference)).toBe('1');
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });
});
