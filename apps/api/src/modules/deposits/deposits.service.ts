import { ErrorCode, MoneyMessages, type Deposit, type StaffDeposit } from '@imali/contract';
import { formatMinor, type Currency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import {
  amountToMinor,
  conflict,
  houseAccountId,
  inTransaction,
  lockAccounts,
  ownAccount,
  postEntry,
  withIdempotency,
  type IdempotencyInput,
} from '../ledger/ledger.service';
import { limitsInForce } from '../limits/limits.service';
import { newReference } from '../ledger/reference';
import { acceptUpload } from '../uploads/uploads.service';
import * as repo from './deposits.repository';

/** Where clients send EFT deposits (quoting the deposit reference). */
export const DEPOSIT_INSTRUCTIONS = {
  bank_name: 'First National Bank',
  account_name: 'Imali Client Trust Account',
  account_number: '62000000001',
  branch_code: '250655',
} as const;

const depositNotFound = () => notFound(MoneyMessages.depositNotFound);
/** The staff user of a `staff:<id>` actor (the staff module's staffActor), for the audit row's staff_id. */
const staffIdOf = (actor: string) => {
  const id = /^staff:(\d+)$/.exec(actor)?.[1];
  return id === undefined ? null : Number(id);
};
export const DEPOSIT_AMOUNT_DIFFERS = 'The amount received is not the amount of this deposit.';

/** A deposit with where to pay it (shown on creation and whenever the client reopens it). */
const withInstructions = (view: Deposit) => ({ ...view, instructions: { ...DEPOSIT_INSTRUCTIONS } });

export function toDepositView(row: repo.DepositRow): Deposit {
  return {
    id: row.id,
    reference: row.reference,
    account_id: row.accountId,
    currency: row.currency,
    amount: formatMinor(row.amountMinor, row.currency),
    method: row.method,
    status: row.status,
    proof_url: row.proofUploadId ? `/api/files/${row.proofUploadId}` : null,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

export async function assertMinimumDeposit(ctx: AppContext, amountMinor: bigint, currency: Currency) {
  const minimum = (await limitsInForce(ctx)).minDeposit.get(currency) ?? 0n;
  if (amountMinor < minimum) {
    throw new DomainError(
      ErrorCode.InvalidInput,
      MoneyMessages.belowMinimumDeposit(formatMinor(minimum, currency), currency),
      400,
    );
  }
}

/** A pending EFT deposit with a reference to quote on the payment; nothing is credited yet. */
export async function createDeposit(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: { accountId: number; amount: string; method: 'EFT' },
) {
  const account = await ownAccount(ctx, clientId, input.accountId);
  const amountMinor = amountToMinor(input.amount, account.currency);
  await assertMinimumDeposit(ctx, amountMinor, account.currency);
  return withIdempotency(ctx, idempotency, async (tx) => {
    const row = await repo.insertDeposit(tx, {
      reference: newReference('DEP'),
      clientId,
      accountId: account.id,
      currency: account.currency,
      amountMinor,
      method: input.method,
      createdAt: ctx.clock.now(),
    });
    return withInstructions(toDepositView(row));
  });
}

/** Attaches the proof of payment (image or PDF, same rules as KYC uploads) to a pending deposit. */
export async function attachProof(ctx: AppContext, clientId: number, depositId: number, bytes: Buffer) {
  const found = await repo.findOwn(ctx.db, clientId, depositId);
  if (!found) throw depositNotFound();
  if (found.status !== 'pending') throw conflict(MoneyMessages.depositNotPending);
  const upload = await acceptUpload(ctx, {
    ownerClientId: clientId,
    purpose: 'deposit_proof',
    bytes,
    allowPdf: true,
  });
  const row = await repo.updateDeposit(ctx.db, depositId, { proofUploadId: upload.id });
  return toDepositView(row);
}

export async function listClientDeposits(ctx: AppContext, clientId: number) {
  return (await repo.listForClient(ctx.db, clientId)).map((row) => withInstructions(toDepositView(row)));
}

export async function listDeposits(ctx: AppContext, status?: repo.DepositStatus) {
  return repo.listAll(ctx.db, status);
}

/**
 * Operator: the money arrived; credit the client. The deposit row is locked first, so of several
 * concurrent decisions exactly one finds it pending.
 */
export async function confirmDeposit(
  ctx: AppContext,
  id: number,
  actor: string,
  /**
   * What the money that arrived says (reconciliation: the bank line's amount and currency),
   * checked under the deposit's lock: a deposit is credited only for exactly what it announced.
   */
  expected?: { amountMinor: bigint; currency: Currency },
) {
  return inTransaction(ctx, async (tx, txCtx) => {
    const deposit = await repo.lockById(tx, id);
    if (!deposit) throw depositNotFound();
    if (deposit.status !== 'pending') throw conflict(MoneyMessages.depositNotPending);
    if (
      expected &&
      (expected.amountMinor !== deposit.amountMinor || expected.currency !== deposit.currency)
    ) {
      throw conflict(DEPOSIT_AMOUNT_DIFFERS);
    }
    await lockAccounts(tx, [deposit.accountId]);
    const now = ctx.clock.now();
    const entry = await postEntry(
      tx,
      now,
      {
        kind: 'deposit',
        description: `EFT deposit ${deposit.reference}`,
        reference: deposit.reference,
        clientId: deposit.clientId,
        createdBy: actor,
      },
      [
        {
          accountId: deposit.accountId,
          currency: deposit.currency,
          amountMinor: deposit.amountMinor,
          kind: 'client',
        },
        {
          accountId: await houseAccountId(txCtx, 'bank_clearing', deposit.currency),
          currency: deposit.currency,
          amountMinor: -deposit.amountMinor,
          kind: 'house',
        },
      ],
    );
    const row = await repo.updateDeposit(tx, id, {
      status: 'confirmed',
      entryId: entry.id,
      decidedAt: now,
      decidedBy: actor,
    });
    await audit.record(txCtx, {
      actor,
      staffId: staffIdOf(actor),
      action: 'deposit.confirm',
      subjectType: 'deposit',
      subjectId: String(id),
      before: { status: deposit.status },
      after: { status: row.status, entry_id: entry.id, amount: formatMinor(row.amountMinor, row.currency) },
    });
    return row;
  });
}

export async function rejectDeposit(ctx: AppContext, id: number, reason: string, actor: string) {
  if (!reason.trim()) throw new DomainError(ErrorCode.InvalidInput, 'A reason is required.', 400);
  return inTransaction(ctx, async (tx, txCtx) => {
    const deposit = await repo.lockById(tx, id);
    if (!deposit) throw depositNotFound();
    if (deposit.status !== 'pending') throw conflict(MoneyMessages.depositNotPending);
    const row = await repo.updateDeposit(tx, id, {
      status: 'rejected',
      reason: reason.trim(),
      decidedAt: ctx.clock.now(),
      decidedBy: actor,
    });
    await audit.record(txCtx, {
      actor,
      staffId: staffIdOf(actor),
      action: 'deposit.reject',
      subjectType: 'deposit',
      subjectId: String(id),
      before: { status: deposit.status },
      after: { status: row.status, reason: row.reason },
    });
    return row;
  });
}

/** A deposit with who the client is, for the staff console. */
export interface DepositWithClient {
  deposit: repo.DepositRow;
  clientName: string | null;
  clientMobile: string;
}

/** Staff: pending deposits, oldest first, with the client and the proof's file id. */
export async function listPendingDepositsWithClient(ctx: AppContext): Promise<DepositWithClient[]> {
  return repo.listPendingWithClient(ctx.db);
}

/** A deposit as the staff console shows it (the proof as its upload id; the age by the app clock). */
export function toStaffDeposit(ctx: AppContext, found: DepositWithClient): StaffDeposit {
  const d = found.deposit;
  return {
    id: d.id,
    reference: d.reference,
    clientId: d.clientId,
    clientName: found.clientName,
    clientMobile: found.clientMobile,
    accountId: d.accountId,
    currency: d.currency,
    amount: formatMinor(d.amountMinor, d.currency),
    status: d.status,
    proofFileId: d.proofUploadId,
    // The staff API's file route (modules/ops), as the KYC review links its ID images.
    proofUrl: d.proofUploadId ? `/ops/v1/files/${d.proofUploadId}` : null,
    createdAt: d.createdAt.toISOString(),
    ageSeconds: Math.max(0, Math.floor((ctx.clock.now().getTime() - d.createdAt.getTime()) / 1000)),
  };
}

/** Staff: the pending deposits, oldest first, each with its proof's file id. */
export async function listPendingDepositsForStaff(ctx: AppContext): Promise<StaffDeposit[]> {
  return (await listPendingDepositsWithClient(ctx)).map((d) => toStaffDeposit(ctx, d));
}

/** Staff: no money arrived, or not as announced; recorded with the staff actor ('staff:<id>'). */
export async function rejectDepositForStaff(ctx: AppContext, id: number, reason: string, actor: string) {
  await rejectDeposit(ctx, id, reason, actor);
  const [found] = await repo.findWithClient(ctx.db, [id]);
  return toStaffDeposit(ctx, found!);
}

/** Deposits by the references clients quote (reconciliation matches bank lines with these). */
export async function findDepositsByReferences(
  ctx: AppContext,
  references: string[],
): Promise<DepositWithClient[]> {
  return repo.findByReferences(ctx.db, [...new Set(references)]);
}

export async function findDepositsWithClient(ctx: AppContext, ids: number[]): Promise<DepositWithClient[]> {
  return repo.findWithClient(ctx.db, [...new Set(ids)]);
}
