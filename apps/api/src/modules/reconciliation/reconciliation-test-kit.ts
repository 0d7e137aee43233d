/**
 * Test helpers for reconciliation: a staff user row (the staff module's own helpers replace this
 * once its routes are on main), pending deposits, and a statement built from deposits.
 */
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { createDeposit } from '../deposits/deposits.service';
import { newKey, type TestClient } from '../ledger/money-test-kit';
import { buildStatementCsv, type StatementLineInput } from './demo-statement';
import type { ActingStaff } from './reconciliation.service';

/** A payments staff user, inserted by SQL (only the staff_users row a foreign key needs). */
export async function insertTestStaff(database: DatabaseHandle): Promise<ActingStaff> {
  const [row] = await database.query<{ id: string }>(
    `insert into staff_users (email, display_name, password_hash, totp_secret_sealed, roles, created_at)
     values ($1, 'Recon Tester', 'x', 'x', array['payments_maker'], now()) returning id::text`,
    [`recon-${randomBytes(4).toString('hex')}@imali.test`],
  );
  return { id: Number(row!.id) };
}

export async function pendingDeposit(ctx: AppContext, client: TestClient, amount: string) {
  const { data } = await createDeposit(
    ctx,
    client.clientId,
    { clientId: client.clientId, key: newKey(), requestHash: 'recon' },
    { accountId: client.accounts.ZAR, amount, method: 'EFT' },
  );
  return data;
}

let day = 0;
/** A statement file of these lines on a date of its own (so no two test files share a bank line). */
export function statementOf(lines: Omit<StatementLineInput, 'date'>[], opening = 0n) {
  day += 1;
  const date = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  return buildStatementCsv(
    lines.map((l) => ({ ...l, date })),
    opening,
  );
}
