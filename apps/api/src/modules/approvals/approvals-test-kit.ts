/**
 * Test helpers for approvals: staff users inserted by plain SQL (the staff module's own helpers,
 * createTestStaff and the ops app, are for route tests), and a client with a pending withdrawal.
 */
import { randomBytes } from 'node:crypto';
import { permissionsOf, type StaffRole } from '@imali/contract';
import type { TestApp } from '../../test/test-app';
import { clientApi, createTestClient, fund, type TestClient } from '../ledger/money-test-kit';
import type { ApprovalStaff } from './approval-action';

/** A test app whose daily withdrawal cap lets withdrawals reach every tier (R1,000,000 and over). */
export const APPROVALS_TEST_CONFIG = { MONEY_DAILY_WITHDRAWAL_CAP: 'ZAR=100000000,USD=5000' };

/** A staff row with `roles` and the principal approvals needs (id and permissions). */
export async function insertStaff(t: TestApp, roles: StaffRole[], label = 'staff'): Promise<ApprovalStaff> {
  const email = `${label}-${randomBytes(4).toString('hex')}@staff.test`;
  const [row] = await t.database.query<{ id: string }>(
    `insert into staff_users (email, display_name, password_hash, totp_secret_sealed, roles, created_at)
     values ($1, $2, 'not-a-hash', 'not-sealed', $3::text[], now()) returning id::text as id`,
    [email, label, roles],
  );
  return { id: Number(row!.id), permissions: permissionsOf(roles) };
}

export interface PendingWithdrawal {
  client: TestClient;
  withdrawalId: number;
}

/** A funded client with a card and a pending withdrawal of `amount` ZAR. */
export async function pendingWithdrawal(t: TestApp, amount: string): Promise<PendingWithdrawal> {
  const client = await createTestClient(t.app.ctx);
  await fund(t.app.ctx, client, 'ZAR', amount);
  const api = clientApi(t, client);
  const cardNo = `6281${randomBytes(4).readUInt32BE(0).toString().padStart(10, '0')}`;
  const card = await api.post(
    '/api/bankcard/app/v1',
    { bank_name: 'FNB', card_no: cardNo, holder_name: 'Money Tester' },
    null,
  );
  if (card.statusCode !== 200) throw new Error(`card: ${card.body}`);
  const res = await api.withdraw({ amount, account_id: client.accounts.ZAR, receiver: card.json().data.id });
  if (res.statusCode !== 200) throw new Error(`withdrawal: ${res.body}`);
  return { client, withdrawalId: res.json().data.id as number };
}

/** The withdrawal's status and the client's ZAR balance and hold, straight from the tables. */
export async function withdrawalState(t: TestApp, w: PendingWithdrawal) {
  const [row] = await t.database.query<{
    status: string;
    payment_reference: string | null;
    balance: string;
    held: string;
  }>(
    `select w.status, w.payment_reference, a.balance_minor::text as balance, a.held_minor::text as held
       from withdrawals w join accounts a on a.id = w.account_id where w.id = $1`,
    [w.withdrawalId],
  );
  return row!;
}
