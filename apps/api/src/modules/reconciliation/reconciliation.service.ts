import {
  ErrorCode,
  type BankLineMatchState,
  type BankStatement,
  type BankStatementDetail,
  type BankStatementLine,
  type ConfirmedBankLine,
} from '@imali/contract';
import { formatMinor, type Currency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import {
  confirmDeposit,
  findDepositsByReferences,
  findDepositsWithClient,
  listPendingDepositsForStaff,
  toStaffDeposit,
  type DepositWithClient,
} from '../deposits/deposits.service';
import { conflict, inTransaction } from '../ledger/ledger.service';
import { staffActor, type StaffPrincipal } from '../staff/staff.service';
import * as repo from './reconciliation.repository';
import {
  depositReferenceOf,
  parseStatementCsv,
  StatementFormatError,
  type StatementProblem,
} from './statement-csv';

/** Who acts: the signed-in staff user (only the id is needed; the audit actor is `staff:<id>`). */
export type ActingStaff = Pick<StaffPrincipal, 'id'>;

/** A statement refused as a whole: each bad line with its number. */
export class StatementRejected extends DomainError {
  constructor(readonly problems: StatementProblem[]) {
    super(ErrorCode.InvalidInput, new StatementFormatError(problems).message, 400);
  }
}

const lineNotFound = () => notFound('Statement line not found.');
const statementNotFound = () => notFound('Statement not found.');
const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/**
 * What each line is to the deposits: its match state and the deposit concerned. Proposals are
 * worked out when read, never stored: a deposit decided elsewhere (the CLI, another statement)
 * is shown as decided at once.
 */
async function describeLines(ctx: AppContext, statements: repo.StatementRow[], lines: repo.LineRow[]) {
  const currencyOf = new Map(statements.map((s) => [s.id, s.currency as Currency]));
  const references = new Map<number, string | undefined>();
  for (const line of lines) references.set(line.id, depositReferenceOf(line.reference, line.description));
  const byReference = new Map<string, DepositWithClient>();
  for (const d of await findDepositsByReferences(
    ctx,
    [...references.values()].filter((r): r is string => !!r),
  )) {
    byReference.set(d.deposit.reference, d);
  }
  const byId = new Map<number, DepositWithClient>();
  const confirmedIds = lines.flatMap((l) => (l.depositId ? [l.depositId] : []));
  for (const d of await findDepositsWithClient(ctx, confirmedIds)) byId.set(d.deposit.id, d);

  return lines.map((line): BankStatementLine => {
    const depositReference = references.get(line.id) ?? null;
    let match: BankLineMatchState;
    let deposit: DepositWithClient | undefined;
    if (line.status === 'duplicate') match = 'duplicate';
    else if (line.status === 'confirmed') {
      match = 'confirmed';
      deposit = byId.get(line.depositId!);
    } else if (line.amountMinor < 0n) match = 'debit';
    else {
      deposit = depositReference ? byReference.get(depositReference) : undefined;
      if (!deposit) match = 'no_match';
      else if (deposit.deposit.status !== 'pending') match = 'deposit_decided';
      else if (
        deposit.deposit.amountMinor === line.amountMinor &&
        deposit.deposit.currency === currencyOf.get(line.statementId)
      ) {
        match = 'match';
      } else match = 'amount_mismatch';
    }
    const currency = currencyOf.get(line.statementId)!;
    return {
      id: line.id,
      statementId: line.statementId,
      lineNo: line.lineNo,
      date: line.postedOn,
      description: line.description,
      reference: line.reference,
      amount: formatMinor(line.amountMinor, currency),
      balance: formatMinor(line.balanceMinor, currency),
      status: line.status,
      duplicateOfLineId: line.duplicateOfLineId,
      depositReference,
      match,
      deposit: deposit ? toStaffDeposit(ctx, deposit) : null,
      confirmedAt: line.confirmedAt?.toISOString() ?? null,
      confirmedBy: line.confirmedBy,
    };
  });
}

function toStatementView(statement: repo.StatementRow, lines: BankStatementLine[]): BankStatement {
  const currency = statement.currency as Currency;
  const count = (state: BankLineMatchState) => lines.filter((l) => l.match === state).length;
  return {
    id: statement.id,
    fileName: statement.fileName,
    fileSha256: statement.fileSha256,
    currency,
    lineCount: statement.lineCount,
    creditTotal: formatMinor(statement.creditTotalMinor, currency),
    debitTotal: formatMinor(statement.debitTotalMinor, currency),
    firstDate: statement.firstDate,
    lastDate: statement.lastDate,
    importedAt: statement.importedAt.toISOString(),
    importedBy: statement.importedBy,
    counts: {
      match: count('match'),
      amountMismatch: count('amount_mismatch'),
      noMatch: count('no_match'),
      confirmed: count('confirmed'),
      duplicate: count('duplicate'),
    },
  };
}

export async function listStatements(ctx: AppContext): Promise<BankStatement[]> {
  const statements = await repo.listStatements(ctx.db);
  const lines = await describeLines(
    ctx,
    statements,
    await repo.linesOf(
      ctx.db,
      statements.map((s) => s.id),
    ),
  );
  return statements.map((s) =>
    toStatementView(
      s,
      lines.filter((l) => l.statementId === s.id),
    ),
  );
}

export async function getStatement(ctx: AppContext, id: number): Promise<BankStatementDetail> {
  const statement = await repo.findStatement(ctx.db, id);
  if (!statement) throw statementNotFound();
  const lines = await describeLines(ctx, [statement], await repo.linesOf(ctx.db, [id]));
  const matched = new Set(lines.flatMap((l) => (l.match === 'match' && l.deposit ? [l.deposit.id] : [])));
  const depositsWithoutLine = (await listPendingDepositsForStaff(ctx)).filter((d) => !matched.has(d.id));
  return { ...toStatementView(statement, lines), lines, depositsWithoutLine };
}

/**
 * Imports a statement whole or not at all: any bad line refuses the file (400, every bad line with
 * its number); the same file again is refused (409); a bank line already imported with another
 * statement is kept, flagged `duplicate`, and can never be confirmed.
 */
export async function importStatement(
  ctx: AppContext,
  staff: ActingStaff,
  input: { csv: string | Buffer; fileName?: string },
): Promise<BankStatementDetail> {
  let parsed;
  try {
    parsed = parseStatementCsv(input.csv);
  } catch (error) {
    if (error instanceof StatementFormatError) throw new StatementRejected(error.problems);
    throw error;
  }
  const actor = staffActor(staff);
  let id: number;
  try {
    id = await inTransaction(ctx, async (tx, txCtx) => {
      const earlier = await repo.findStatementBySha(tx, parsed.fileSha256);
      if (earlier) throw alreadyImported(earlier.id);
      const statement = await repo.insertStatement(tx, {
        fileSha256: parsed.fileSha256,
        fileName: input.fileName?.trim() || null,
        currency: parsed.currency,
        lineCount: parsed.lines.length,
        creditTotalMinor: parsed.creditTotalMinor,
        debitTotalMinor: parsed.debitTotalMinor,
        firstDate: parsed.firstDate,
        lastDate: parsed.lastDate,
        importedAt: ctx.clock.now(),
        importedBy: actor,
        importedByStaffId: staff.id,
      });
      const originals = new Map(
        (
          await repo.findOriginalLines(
            tx,
            parsed.lines.map((l) => l.bankLineKey),
          )
        ).map((o) => [o.bankLineKey, o.id]),
      );
      const lines = await repo.insertLines(
        tx,
        parsed.lines.map((line) => {
          const original = originals.get(line.bankLineKey);
          return {
            statementId: statement.id,
            ...line,
            status: original ? ('duplicate' as const) : ('open' as const),
            duplicateOfLineId: original ?? null,
          };
        }),
      );
      await audit.record(txCtx, {
        actor,
        staffId: staff.id,
        action: 'statement.import',
        subjectType: 'bank_statement',
        subjectId: String(statement.id),
        before: null,
        after: {
          file_sha256: statement.fileSha256,
          file_name: statement.fileName,
          lines: lines.length,
          duplicates: lines.filter((l) => l.status === 'duplicate').length,
          credit_total: formatMinor(statement.creditTotalMinor, parsed.currency),
          debit_total: formatMinor(statement.debitTotalMinor, parsed.currency),
        },
      });
      return statement.id;
    });
  } catch (error) {
    // Two imports of the same file, or of statements sharing lines, at the same moment: the
    // unique indexes let one through; the other is told to look again.
    if (isUniqueViolation(error)) {
      throw conflict(
        'Another import of this statement, or of some of its lines, ran at the same time. Reload and try again.',
      );
    }
    throw error;
  }
  return getStatement(ctx, id);
}

const alreadyImported = (id: number) =>
  conflict(`This statement file was already imported (statement ${id}).`);

/**
 * Confirms a bank line as the money of a pending deposit and credits it, exactly once: in one
 * transaction the line is locked FOR UPDATE and must still be open (of concurrent confirmations
 * of one line exactly one gets here); the deposits module's one confirm path locks the deposit,
 * refuses one that is not pending or whose amount is not the line's, and posts the ledger entry;
 * the line is linked to the deposit (a unique index refuses a second line for one deposit); both
 * are audited as the staff user. Anything refused changes nothing.
 */
export async function confirmLine(
  ctx: AppContext,
  staff: ActingStaff,
  lineId: number,
  depositId: number,
): Promise<ConfirmedBankLine> {
  const actor = staffActor(staff);
  const entryId = await inTransaction(ctx, async (tx, txCtx) => {
    const line = await repo.lockLine(tx, lineId);
    if (!line) throw lineNotFound();
    if (line.status === 'confirmed') throw conflict('This statement line has already been confirmed.');
    if (line.status === 'duplicate') {
      throw conflict('This line repeats a line of an earlier statement: confirm that one.');
    }
    if (line.amountMinor < 0n) throw conflict('A debit is not a deposit.');
    const statement = (await repo.findStatement(tx, line.statementId))!;
    const [found] = await findDepositsWithClient(txCtx, [depositId]);
    if (!found) throw notFound('Deposit not found.');
    if (depositReferenceOf(line.reference, line.description) !== found.deposit.reference) {
      throw conflict("This line does not carry that deposit's reference.");
    }
    const other = await repo.findConfirmedLineOfDeposit(tx, depositId);
    if (other) throw conflict(`This deposit was already confirmed with statement line ${other.id}.`);
    const deposit = await confirmDeposit(txCtx, depositId, actor, {
      amountMinor: line.amountMinor,
      currency: statement.currency as Currency,
    });
    const now = ctx.clock.now();
    const updated = await repo.markLineConfirmed(tx, lineId, {
      depositId,
      confirmedAt: now,
      confirmedBy: actor,
    });
    // The line is locked and was open: only a broken invariant gets here.
    if (!updated) throw conflict('This statement line has already been confirmed.');
    await audit.record(txCtx, {
      actor,
      staffId: staff.id,
      action: 'statement_line.confirm',
      subjectType: 'bank_statement_line',
      subjectId: String(lineId),
      before: { status: line.status },
      after: {
        status: updated.status,
        deposit_id: depositId,
        deposit_reference: deposit.reference,
        entry_id: deposit.entryId,
        amount: formatMinor(line.amountMinor, statement.currency as Currency),
      },
    });
    return deposit.entryId!;
  });
  const statement = (await repo.findStatement(ctx.db, (await repo.findLine(ctx.db, lineId))!.statementId))!;
  const [line] = await describeLines(ctx, [statement], [(await repo.findLine(ctx.db, lineId))!]);
  const [deposit] = await findDepositsWithClient(ctx, [depositId]);
  return { line: line!, deposit: toStaffDeposit(ctx, deposit!), entryId };
}
