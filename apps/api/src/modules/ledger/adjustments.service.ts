import { formatMinor, type Currency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import * as audit from '../audit/audit.service';
import * as repo from './ledger.repository';
import {
  accountNotFound,
  conflict,
  houseAccountId,
  inTransaction,
  insufficientFunds,
  lockAccounts,
  postEntry,
} from './ledger.service';

/**
 * Manual ledger adjustments (issue 23): a correction to a client's cash account, posted as ONE
 * balanced entry against the house's `adjustments` account (0027), through postEntry like every
 * other movement. Only the approval action `ledger.adjust` (ledger.approval.ts) calls it, so a
 * second staff user has always approved it (the database refuses a tier of no checker).
 */
export interface AdjustmentInput {
  accountId: number;
  currency: Currency;
  /** Signed: + credits the client, − debits them. Never 0. */
  amountMinor: bigint;
  reason: string;
  /** What it corrects (a ticket, a deposit's reference): the entry's reference. */
  reference: string;
}

/**
 * The account is a client's cash account in the currency named, not yet adjusted for this
 * reference, and (a debit) its available balance covers it. Read without the lock: asked, and
 * re-checked before an approval executes; postAdjustment checks the cover again under the lock.
 */
export async function checkAdjustment(ctx: AppContext, input: AdjustmentInput) {
  const account = await repo.findAccount(ctx.db, input.accountId);
  if (!account || account.kind !== 'client') throw accountNotFound();
  if (account.currency !== input.currency) throw conflict('The account is not in the currency adjusted.');
  if (await repo.adjustmentPosted(ctx.db, input.accountId, input.reference)) {
    throw conflict(`An adjustment with reference ${input.reference} was already posted on this account.`);
  }
  if (input.amountMinor < 0n && account.balanceMinor - account.heldMinor < -input.amountMinor) {
    throw insufficientFunds();
  }
  return account;
}

export async function postAdjustment(
  ctx: AppContext,
  input: AdjustmentInput,
  actor: string,
  details: { approvedBy?: string[] } = {},
) {
  if (input.amountMinor === 0n) throw conflict('An adjustment of zero moves nothing.');
  return inTransaction(ctx, async (tx, txCtx) => {
    await checkAdjustment(txCtx, input);
    // Under the account's row lock: a debit is refused unless the available balance (balance less
    // held) covers it, so a correction never leaves the client negative or short of a hold.
    const [account] = await lockAccounts(tx, [input.accountId]);
    if (!account) throw accountNotFound();
    if (input.amountMinor < 0n && account.balanceMinor - account.heldMinor < -input.amountMinor) {
      throw insufficientFunds();
    }
    const now = ctx.clock.now();
    const entry = await postEntry(
      tx,
      now,
      {
        kind: 'adjustment',
        description: `Adjustment ${input.reference}: ${input.reason}`,
        reference: input.reference,
        clientId: account.clientId,
        createdBy: actor,
      },
      [
        { accountId: account.id, currency: input.currency, amountMinor: input.amountMinor, kind: 'client' },
        {
          accountId: await houseAccountId(txCtx, 'adjustments', input.currency),
          currency: input.currency,
          amountMinor: -input.amountMinor,
          kind: 'house',
        },
      ],
    );
    const balanceAfterMinor = account.balanceMinor + input.amountMinor;
    await audit.record(txCtx, {
      actor,
      action: 'ledger.adjust',
      subjectType: 'account',
      subjectId: String(account.id),
      before: { balance: formatMinor(account.balanceMinor, input.currency) },
      after: {
        balance: formatMinor(balanceAfterMinor, input.currency),
        amount: formatMinor(input.amountMinor, input.currency),
        reason: input.reason,
        reference: input.reference,
        entryId: entry.id,
        ...(details.approvedBy?.length ? { approvedBy: details.approvedBy } : {}),
      },
    });
    return { entryId: entry.id, accountId: account.id, balanceAfterMinor };
  });
}
