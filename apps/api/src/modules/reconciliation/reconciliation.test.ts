import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { staffActor } from '../staff/staff.service';
import {
  attachProof,
  listPendingDepositsForStaff as listPendingDeposits,
  rejectDepositForStaff,
} from '../deposits/deposits.service';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, moneySnapshot, type TestClient } from '../ledger/money-test-kit';
import { demoStatementCsv } from './demo-statement';
import { paymentsStaff, pendingDeposit, statementOf } from './reconciliation-test-kit';
import {
  confirmLine,
  getStatement,
  importStatement,
  listStatements,
  StatementRejected,
  type ActingStaff,
} from './reconciliation.service';

describe('reconciliation (service)', () => {
  let t: TestApp;
  let staff: ActingStaff;
  let alice: TestClient;
  let bob: TestClient;

  const balanceOf = async (accountId: number) => {
    const [row] = await t.database.query<{ balance: string }>(
      'select balance_minor::text as balance from accounts where id = $1',
      [accountId],
    );
    return BigInt(row!.balance);
  };
  /** Money, deposits, statement lines and the audit log: a refusal must leave all as they were. */
  const snapshot = async () => {
    const [recon] = await t.database.query<Record<string, string>>(`
      select (select count(*) from bank_statements)::text as statements,
             (select string_agg(id || ':' || status || ':' || coalesce(deposit_id::text, ''), ',' order by id)
                from bank_statement_lines) as lines,
             (select count(*) from audit_log)::text as audit`);
    return { ...(await moneySnapshot(t)), ...recon };
  };
  const expectNothingChanged = async (action: () => Promise<unknown>) => {
    const before = await snapshot();
    await action();
    expect(await snapshot()).toEqual(before);
  };

  beforeAll(async () => {
    t = await createTestApp();
    staff = await paymentsStaff(t.app.ctx);
    alice = await createTestClient(t.app.ctx);
    bob = await createTestClient(t.app.ctx);
  });
  afterAll(() => t.close());

  it('lists pending deposits oldest first with the client, the amount, the reference, the proof and the age', async () => {
    const d = await pendingDeposit(t.app.ctx, alice, '1200.00');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const withProof = await attachProof(t.app.ctx, alice.clientId, d.id, png);
    t.clock.advance(90_000);
    const listed = (await listPendingDeposits(t.app.ctx)).find((x) => x.id === d.id)!;
    expect(listed).toMatchObject({
      reference: d.reference,
      clientId: alice.clientId,
      clientName: 'Money Tester',
      amount: '1200.00',
      currency: 'ZAR',
      status: 'pending',
      proofFileId: withProof.proof_url!.split('/').pop(),
      proofUrl: `/ops/v1/files/${withProof.proof_url!.split('/').pop()}`,
    });
    expect(listed.ageSeconds).toBeGreaterThanOrEqual(90);
  });

  it('imports a statement and proposes exact matches only: a reference with another amount is a mismatch, unknown references and debits stay visible', async () => {
    const exact = await pendingDeposit(t.app.ctx, alice, '1500.00');
    const wrongAmount = await pendingDeposit(t.app.ctx, bob, '2000.00');
    const noLine = await pendingDeposit(t.app.ctx, bob, '3000.00');
    const csv = statementOf([
      { description: 'EFT CREDIT ALICE', reference: exact.reference.replace('-', ''), amountMinor: 150000n },
      { description: 'EFT CREDIT BOB', reference: wrongAmount.reference, amountMinor: 199900n },
      { description: 'EFT CREDIT STRANGER', reference: 'INV 2291', amountMinor: 250000n },
      { description: 'MONTHLY ACCOUNT FEE', reference: '', amountMinor: -6500n },
    ]);
    const statement = await importStatement(t.app.ctx, staff, { csv, fileName: 'nov.csv' });
    expect(statement).toMatchObject({
      fileName: 'nov.csv',
      currency: 'ZAR',
      lineCount: 4,
      creditTotal: '5999.00',
      debitTotal: '-65.00',
      importedBy: `staff:${staff.id}`,
      counts: { match: 1, amountMismatch: 1, noMatch: 1, confirmed: 0, duplicate: 0 },
    });
    expect(
      statement.lines.map((l) => [l.lineNo, l.match, l.deposit?.id ?? null, l.depositReference]),
    ).toEqual([
      [2, 'match', exact.id, exact.reference],
      [3, 'amount_mismatch', wrongAmount.id, wrongAmount.reference],
      [4, 'no_match', null, null],
      [5, 'debit', null, null],
    ]);
    const waiting = statement.depositsWithoutLine.map((d) => d.id);
    expect(waiting).toContain(noLine.id);
    expect(waiting).toContain(wrongAmount.id);
    expect(waiting).not.toContain(exact.id);
    expect(await getStatement(t.app.ctx, statement.id)).toEqual(statement);
    expect((await listStatements(t.app.ctx)).find((s) => s.id === statement.id)?.counts.match).toBe(1);
    const audit = await t.database.query<{ actor: string; action: string }>(
      `select actor, action from audit_log where subject_type = 'bank_statement' and subject_id = $1`,
      [String(statement.id)],
    );
    expect(audit).toEqual([{ actor: `staff:${staff.id}`, action: 'statement.import' }]);
  });

  it('refuses a file with a bad line (each named) and the same file twice, importing nothing', async () => {
    const bad = `date,description,reference,amount,balance\n2026-03-01,A,B,10.00,10.00\n2026-03-01,C,D,5,15.00\n`;
    await expectNothingChanged(async () => {
      const error = await importStatement(t.app.ctx, staff, { csv: bad }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StatementRejected);
      expect((error as StatementRejected).problems).toEqual([
        { line: 3, message: 'Amount "5" must be like 1500.00 or -250.00.' },
      ]);
      expect((error as StatementRejected).statusCode).toBe(400);
    });
    const csv = statementOf([{ description: 'ONCE', reference: 'X1', amountMinor: 1000n }]);
    const first = await importStatement(t.app.ctx, staff, { csv });
    await expectNothingChanged(async () => {
      await expect(importStatement(t.app.ctx, staff, { csv })).rejects.toThrow(
        `This statement file was already imported (statement ${first.id}).`,
      );
    });
  });

  it('flags a bank line already imported with another statement instead of importing it twice; the copy cannot be confirmed', async () => {
    const d = await pendingDeposit(t.app.ctx, alice, '1750.00');
    const date = '2026-06-01';
    const header = 'date,description,reference,amount,balance';
    const first = await importStatement(t.app.ctx, staff, {
      csv: `${header}\n${date},EFT CREDIT,${d.reference},1750.00,1750.00\n`,
    });
    // The next export overlaps: the same bank line, then a new one.
    const second = await importStatement(t.app.ctx, staff, {
      csv: `${header}\n${date},EFT CREDIT,${d.reference},1750.00,1750.00\n${date},FEE,,-10.00,1740.00\n`,
    });
    const [copy, fee] = second.lines;
    expect(copy).toMatchObject({
      status: 'duplicate',
      match: 'duplicate',
      duplicateOfLineId: first.lines[0]!.id,
    });
    expect(fee).toMatchObject({ status: 'open', match: 'debit' });
    expect(second.counts.duplicate).toBe(1);
    await expectNothingChanged(async () => {
      await expect(confirmLine(t.app.ctx, staff, copy!.id, d.id)).rejects.toThrow('earlier statement');
      await expect(confirmLine(t.app.ctx, staff, fee!.id, d.id)).rejects.toThrow('A debit is not a deposit.');
    });
    expect((await confirmLine(t.app.ctx, staff, first.lines[0]!.id, d.id)).line.match).toBe('confirmed');
  });

  it('confirming credits the client once through the ledger; the same line again, or the deposit through another line, is refused with nothing changed', async () => {
    const d = await pendingDeposit(t.app.ctx, alice, '4321.09');
    const statement = await importStatement(t.app.ctx, staff, {
      csv: statementOf([{ description: 'EFT CREDIT', reference: d.reference, amountMinor: 432109n }]),
    });
    const line = statement.lines[0]!;
    expect(line.match).toBe('match');
    const before = await balanceOf(alice.accounts.ZAR);
    const confirmed = await confirmLine(t.app.ctx, staff, line.id, d.id);
    expect(confirmed.line).toMatchObject({
      status: 'confirmed',
      match: 'confirmed',
      confirmedBy: `staff:${staff.id}`,
      deposit: { id: d.id, status: 'confirmed' },
    });
    expect(confirmed.deposit.status).toBe('confirmed');
    expect(await balanceOf(alice.accounts.ZAR)).toBe(before + 432109n);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
    const entries = await t.database.query<{ n: string }>(
      `select count(*)::text as n from journal_entries where reference = $1`,
      [d.reference],
    );
    expect(entries).toEqual([{ n: '1' }]);
    const audit = await t.database.query<{
      actor: string;
      staff_id: number;
      action: string;
      subject_type: string;
    }>(
      `select actor, staff_id::int as staff_id, action, subject_type from audit_log
        where (subject_type = 'deposit' and subject_id = $1) or (subject_type = 'bank_statement_line' and subject_id = $2)
        order by seq`,
      [String(d.id), String(line.id)],
    );
    expect(audit).toEqual([
      { actor: `staff:${staff.id}`, staff_id: staff.id, action: 'deposit.confirm', subject_type: 'deposit' },
      {
        actor: `staff:${staff.id}`,
        staff_id: staff.id,
        action: 'statement_line.confirm',
        subject_type: 'bank_statement_line',
      },
    ]);

    // The same money on a later statement (another running balance: not the same bank line).
    const again = await importStatement(t.app.ctx, staff, {
      csv: statementOf([{ description: 'EFT CREDIT', reference: d.reference, amountMinor: 432109n }], 100n),
    });
    expect(again.lines[0]!.match).toBe('deposit_decided');
    await expectNothingChanged(async () => {
      await expect(confirmLine(t.app.ctx, staff, line.id, d.id)).rejects.toThrow('already been confirmed');
      await expect(confirmLine(t.app.ctx, staff, again.lines[0]!.id, d.id)).rejects.toThrow(
        `This deposit was already confirmed with statement line ${line.id}.`,
      );
    });
    expect(await balanceOf(alice.accounts.ZAR)).toBe(before + 432109n);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('refuses a mismatched amount, another deposit, a rejected deposit and an unknown line, changing nothing', async () => {
    const d = await pendingDeposit(t.app.ctx, bob, '2500.00');
    const other = await pendingDeposit(t.app.ctx, bob, '2500.00');
    const statement = await importStatement(t.app.ctx, staff, {
      csv: statementOf([
        { description: 'SHORT PAID', reference: d.reference, amountMinor: 249999n },
        { description: 'EFT CREDIT', reference: other.reference, amountMinor: 250000n },
      ]),
    });
    const [short, right] = statement.lines;
    await expectNothingChanged(async () => {
      await expect(confirmLine(t.app.ctx, staff, short!.id, d.id)).rejects.toThrow(
        'The amount received is not the amount of this deposit.',
      );
      await expect(confirmLine(t.app.ctx, staff, right!.id, d.id)).rejects.toThrow(
        "This line does not carry that deposit's reference.",
      );
      await expect(confirmLine(t.app.ctx, staff, 999_999, d.id)).rejects.toThrow('Statement line not found.');
      await expect(confirmLine(t.app.ctx, staff, right!.id, 999_999)).rejects.toThrow('Deposit not found.');
    });
    const rejected = await rejectDepositForStaff(
      t.app.ctx,
      other.id,
      'Paid from a third party',
      staffActor(staff),
    );
    expect(rejected.status).toBe('rejected');
    expect((await getStatement(t.app.ctx, statement.id)).lines[1]!.match).toBe('deposit_decided');
    await expectNothingChanged(async () => {
      await expect(confirmLine(t.app.ctx, staff, right!.id, other.id)).rejects.toThrow(
        'already been decided',
      );
    });
    const audit = await t.database.query<{ actor: string; action: string }>(
      `select actor, action from audit_log where subject_type = 'deposit' and subject_id = $1`,
      [String(other.id)],
    );
    expect(audit).toEqual([{ actor: `staff:${staff.id}`, action: 'deposit.reject' }]);
  });

  it('builds the demo statement from the pending deposits: each is matched, plus an unknown payer and a bank fee', async () => {
    const a = await pendingDeposit(t.app.ctx, alice, '1000.00');
    const b = await pendingDeposit(t.app.ctx, bob, '2222.22');
    const c = await pendingDeposit(t.app.ctx, alice, '3333.33');
    const pending = (await listPendingDeposits(t.app.ctx)).filter((p) => p.currency === 'ZAR');
    const statement = await importStatement(t.app.ctx, staff, {
      csv: await demoStatementCsv(t.app.ctx, '2026-12-01'),
      fileName: 'demo-bank-statement.csv',
    });
    expect(statement.counts).toMatchObject({ match: pending.length, noMatch: 1, amountMismatch: 0 });
    expect(statement.depositsWithoutLine).toEqual([]);
    const matched = statement.lines.filter((l) => l.match === 'match').map((l) => l.deposit!.id);
    expect(matched).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect(statement.lines.at(-1)).toMatchObject({ match: 'debit', amount: '-65.00' });
  });
});
