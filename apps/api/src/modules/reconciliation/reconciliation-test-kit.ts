/**
 * Test helpers for reconciliation: a staff user, pending deposits, a statement built from lines.
 */
import type { AppContext } from '../../lib/context';
import { createTestStaff } from '../../test/staff';
import { createDeposit } from '../deposits/deposits.service';
import { newKey, type TestClient } from '../ledger/money-test-kit';
import { buildStatementCsv, type StatementLineInput } from './demo-statement';
import type { ActingStaff } from './reconciliation.service';

/** A payments maker (the staff module's test helper), as the services take them. */
export async function paymentsStaff(ctx: AppContext): Promise<ActingStaff> {
  return (await createTestStaff(ctx, ['payments_maker'])).principal;
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
