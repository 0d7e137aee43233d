import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankStatementLines, bankStatements } from '../../db/schema/index';

export type StatementRow = typeof bankStatements.$inferSelect;
export type LineRow = typeof bankStatementLines.$inferSelect;

export async function insertStatement(db: Db, values: typeof bankStatements.$inferInsert) {
  const [row] = await db.insert(bankStatements).values(values).returning();
  return row!;
}

export async function insertLines(db: Db, values: (typeof bankStatementLines.$inferInsert)[]) {
  // Statements run to thousands of lines: a few hundred rows per statement keeps the parameters of
  // one INSERT far below PostgreSQL's 65,535.
  const rows: LineRow[] = [];
  for (let i = 0; i < values.length; i += 500) {
    rows.push(
      ...(await db
        .insert(bankStatementLines)
        .values(values.slice(i, i + 500))
        .returning()),
    );
  }
  return rows;
}

export async function findStatementBySha(db: Db, fileSha256: string) {
  const [row] = await db
    .select()
    .from(bankStatements)
    .where(eq(bankStatements.fileSha256, fileSha256))
    .limit(1);
  return row;
}

export async function findStatement(db: Db, id: number) {
  const [row] = await db.select().from(bankStatements).where(eq(bankStatements.id, id)).limit(1);
  return row;
}

export async function listStatements(db: Db, limit = 100) {
  return db
    .select()
    .from(bankStatements)
    .orderBy(desc(bankStatements.importedAt), desc(bankStatements.id))
    .limit(limit);
}

/** The first import of each of these bank lines (the originals later copies are flagged against). */
export async function findOriginalLines(db: Db, keys: string[]) {
  const found: { id: number; bankLineKey: string }[] = [];
  for (let i = 0; i < keys.length; i += 1000) {
    found.push(
      ...(await db
        .select({ id: bankStatementLines.id, bankLineKey: bankStatementLines.bankLineKey })
        .from(bankStatementLines)
        .where(
          and(
            inArray(bankStatementLines.bankLineKey, keys.slice(i, i + 1000)),
            isNull(bankStatementLines.duplicateOfLineId),
          ),
        )),
    );
  }
  return found;
}

export async function linesOf(db: Db, statementIds: number[]) {
  if (statementIds.length === 0) return [];
  return db
    .select()
    .from(bankStatementLines)
    .where(inArray(bankStatementLines.statementId, statementIds))
    .orderBy(asc(bankStatementLines.statementId), asc(bankStatementLines.lineNo));
}

export async function findLine(db: Db, id: number) {
  const [row] = await db.select().from(bankStatementLines).where(eq(bankStatementLines.id, id)).limit(1);
  return row;
}

/** The line, locked until the transaction ends: of concurrent confirmations one finds it open. */
export async function lockLine(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.id, id))
    .limit(1)
    .for('update');
  return row;
}

export async function findConfirmedLineOfDeposit(db: Db, depositId: number) {
  const [row] = await db
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.depositId, depositId))
    .limit(1);
  return row;
}

export async function markLineConfirmed(
  db: Db,
  id: number,
  values: { depositId: number; confirmedAt: Date; confirmedBy: string },
) {
  const [row] = await db
    .update(bankStatementLines)
    .set({ ...values, status: 'confirmed' })
    .where(and(eq(bankStatementLines.id, id), eq(bankStatementLines.status, 'open')))
    .returning();
  return row;
}
