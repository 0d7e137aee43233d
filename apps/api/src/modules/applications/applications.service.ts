import { ApplicationMessages } from '@imali/contract';
import { formatMinor } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import { staffActorOf, type ApprovalStaff } from '../approvals/approval-action';
import { closePendingOfItem } from '../approvals/approvals.service';
import { setApplicationFlags } from '../client/client-writes.service';
import { conflict, inTransaction, lockAccounts, type IdempotencyInput } from '../ledger/ledger.service';
import * as repo from './applications.repository';
import {
  applicationNotFound,
  invalid,
  PAYOUT_ACTION_OF,
  postApplicationEntry,
  viewsOf,
} from './applications-shared';
import { submitCompensation, type CompensationInput } from './compensation.service';
import { storeRepaymentSchedule, submitLoan, type LoanInput } from './loan.service';
import { acceptTrial } from './trial.service';

/**
 * Applications (issue 14; docs/decisions/0035-applications.md). What other modules may call:
 * `bonusOutstandingOfClient` (the withdrawals module's withdrawable rule), `assertNotBonusMoney`
 * (FX transfers refuse bonus money), `loansOwed` / `loanFlowsSince` (the portfolio's liabilities),
 * `applicationLedgerProblems` (ledger check). Money moves only through postApplicationEntry
 * (applications-shared.ts), inside the transaction that changes the application, with its audit entry; operators decide under the
 * application's row lock, so of concurrent decisions exactly one wins.
 */

// The module's face: the rules of each application type live in trial.service.ts,
// compensation.service.ts and loan.service.ts; other modules and the CLI import from here.
export { applicationNotFound, PAYOUT_ACTION_OF } from './applications-shared';
export {
  BONUS_JOB_ACTOR,
  TRIAL_VALID_DAYS,
  assertNotBonusMoney,
  bonusOutstandingMinor,
  bonusOutstandingOfClient,
  forfeitBonus,
  reclaimDueBonuses,
  trialOffer,
} from './trial.service';
export { loanFlowsSince, loansOwed, previewLoan } from './loan.service';

// ---------- Submit, list ----------

export type SubmitInput =
  | { type: 'trial'; terms_version: string; accept_terms: true }
  | ({ type: 'compensation' } & CompensationInput)
  | ({ type: 'loan' } & LoanInput);

export async function submitApplication(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: SubmitInput,
) {
  switch (input.type) {
    case 'trial':
      return acceptTrial(ctx, clientId, idempotency, input.terms_version);
    case 'compensation':
      return submitCompensation(ctx, clientId, idempotency, input);
    case 'loan':
      return submitLoan(ctx, clientId, idempotency, input);
  }
}

export async function listClientApplications(ctx: AppContext, clientId: number) {
  return viewsOf(ctx, await repo.listForClient(ctx.db, clientId));
}

// ---------- Operators ----------

export async function listForOps(
  ctx: AppContext,
  filter: { status?: repo.ApplicationStatus; type?: repo.ApplicationType },
) {
  return repo.listAll(ctx.db, filter);
}

/**
 * Operator: approve a pending compensation claim (credited from the compensation house account)
 * or loan (disbursed from the loans house account, its repayment schedule stored from today).
 * One transaction under the application's row lock: of concurrent decisions exactly one wins,
 * the others see it decided (409).
 */
export async function approveApplication(
  ctx: AppContext,
  id: number,
  actor: string,
  details: { approvedBy?: string[] } = {},
) {
  return inTransaction(ctx, async (tx, txCtx) => {
    const app = await repo.lockById(tx, id);
    if (!app) throw applicationNotFound();
    if (app.type === 'trial')
      throw conflict('A trial bonus is not approved by an operator (see application forfeit).');
    if (app.status !== 'pending') throw conflict(ApplicationMessages.notPending);
    await lockAccounts(tx, [app.accountId]);
    const now = ctx.clock.now();
    const entry = await postApplicationEntry(
      tx,
      txCtx,
      app,
      app.type === 'loan' ? 'loan_disbursement' : 'compensation_credit',
      app.amountMinor,
      actor,
      now,
    );
    if (app.type === 'loan') await storeRepaymentSchedule(tx, app, now);
    const row = await repo.updateApplication(tx, id, {
      status: 'approved',
      decidedAt: now,
      decidedBy: actor,
    });
    await audit.record(txCtx, {
      actor,
      action: `application.${app.type}.approve`,
      subjectType: 'application',
      subjectId: String(id),
      before: { status: 'pending' },
      after: {
        status: 'approved',
        amount: formatMinor(app.amountMinor, app.currency),
        entryId: entry.id,
        ...(details.approvedBy?.length ? { approvedBy: details.approvedBy } : {}),
      },
    });
    return row;
  });
}

/** One application as it is (404 when there is none). */
export async function findApplication(ctx: AppContext, id: number) {
  const row = await repo.findById(ctx.db, id);
  if (!row) throw applicationNotFound();
  return row;
}

/** Operator: reject a pending compensation claim or loan with a reason the client sees. */
export async function rejectApplication(ctx: AppContext, id: number, reason: string, actor: string) {
  const why = reason.trim();
  if (!why) throw invalid('A rejection needs a reason (--reason TEXT).');
  return inTransaction(ctx, async (tx, txCtx) => {
    const app = await repo.lockById(tx, id);
    if (!app) throw applicationNotFound();
    if (app.type === 'trial')
      throw conflict('A trial bonus is not rejected; forfeit it (application forfeit).');
    if (app.status !== 'pending') throw conflict(ApplicationMessages.notPending);
    const row = await repo.updateApplication(tx, id, {
      status: 'rejected',
      decisionReason: why,
      decidedAt: ctx.clock.now(),
      decidedBy: actor,
    });
    await audit.record(txCtx, {
      actor,
      action: `application.${app.type}.reject`,
      subjectType: 'application',
      subjectId: String(id),
      before: { status: 'pending' },
      after: { status: 'rejected', reason: why },
    });
    return row;
  });
}

/**
 * A staff user rejects (the console, the CLI): a pending approval request to pay it out is
 * cancelled in the same transaction, locked before the application (the order an approval locks
 * them in), so a checker cannot approve a rejected application afterwards.
 */
export async function rejectApplicationAsStaff(
  ctx: AppContext,
  id: number,
  reason: string,
  staff: ApprovalStaff,
) {
  if (!reason.trim()) throw invalid('A rejection needs a reason (--reason TEXT).');
  return inTransaction(ctx, async (_tx, txCtx) => {
    const app = await findApplication(txCtx, id);
    if (app.type !== 'trial') {
      await closePendingOfItem(
        txCtx,
        staff,
        PAYOUT_ACTION_OF[app.type],
        `application:${id}`,
        'application rejected',
      );
    }
    return rejectApplication(txCtx, id, reason, staffActorOf(staff));
  });
}

export interface FlagChanges {
  allowBonus?: boolean;
  allowCompensation?: boolean;
  allowLoan?: boolean;
}

/**
 * Operator: set a client's panel flags (client_info shows them), audited with before and after.
 * The CLI names the client by mobile; the console by id, as a staff user with a reason (both in
 * the audit entry, which is the client's history of these switches).
 */
export async function setClientFlags(
  ctx: AppContext,
  who: { mobile: string } | { clientId: number },
  changes: FlagChanges,
  actor: string,
  by: { staffId?: number; reason?: string } = {},
) {
  return inTransaction(ctx, async (tx, txCtx) => {
    const client = await repo.lockClientFlags(tx, 'mobile' in who ? { mobile: who.mobile.trim() } : who);
    if (!client) throw notFound('mobile' in who ? `No client with mobile ${who.mobile}.` : 'No such client.');
    const before = {
      allowBonus: client.allowBonus,
      allowCompensation: client.allowCompensation,
      allowLoan: client.allowLoan,
    };
    const changing = (Object.keys(changes) as (keyof FlagChanges)[]).filter((k) => before[k] !== changes[k]);
    // The console's switch asks for one change: asking for what already is would leave an audit
    // entry of nothing; refused (under the row's lock), so the trail holds only real changes.
    if (by.reason !== undefined && changing.length === 0) {
      throw conflict('That switch is already set so; nothing changed.');
    }
    const after = Object.keys(changes).length ? await setApplicationFlags(tx, client.id, changes) : before;
    if (Object.keys(changes).length) {
      await audit.record(txCtx, {
        actor,
        ...(by.staffId !== undefined ? { staffId: by.staffId } : {}),
        action: 'client.flags',
        subjectType: 'client',
        subjectId: String(client.id),
        before,
        after: by.reason === undefined ? after : { ...after, reason: by.reason },
      });
    }
    return { clientId: client.id, mobile: client.mobile, before, after };
  });
}

// ---------- ledger check ----------

/** Problems for `ledger check`: house balances against applications, entries against each one. */
export async function applicationLedgerProblems(ctx: AppContext) {
  return {
    house: await repo.houseBalancesOffApplications(ctx.db),
    entries: await repo.applicationsOffTheirEntries(ctx.db),
  };
}
