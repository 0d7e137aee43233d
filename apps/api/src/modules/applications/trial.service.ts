import { ApplicationMessages, ErrorCode, type TrialOffer } from '@imali/contract';
import { COUNTRY_CURRENCY, formatMinor, type Currency } from '@imali/money';
import type { Db } from '../../db/client';
import type { TrialTerms } from '../../db/schema/index';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import {
  accountNotFound,
  conflict,
  inTransaction,
  lockAccounts,
  ownAccountByCurrency,
  withIdempotency,
  type AccountRow,
  type IdempotencyInput,
} from '../ledger/ledger.service';
import { newReference } from '../ledger/reference';
import * as repo from './applications.repository';
import {
  applicationNotFound,
  invalid,
  postApplicationEntry,
  requireFlag,
  viewsOf,
} from './applications-shared';

/**
 * The trial bonus: the offer, accepting it (credited at once), taking it back at expiry or on an
 * operator's forfeit, and the rule that bonus money is not withdrawable.
 */

/** The offer by the client's country (its home currency); amounts in minor units. */
const TRIAL_AMOUNTS: Record<Currency, bigint> = {
  ZAR: 50_000n,
  USD: 3_000n,
  EUR: 3_000n,
  GBP: 2_500n,
  INR: 250_000n,
};
export const TRIAL_VALID_DAYS = 30;
const DAY_MS = 86_400_000;

function trialTermsFor(country: string, now: Date) {
  const currency = (COUNTRY_CURRENCY[country] ?? 'ZAR') as Currency;
  const amountMinor = TRIAL_AMOUNTS[currency];
  const amount = `${formatMinor(amountMinor, currency)} ${currency}`;
  const expiresAt = new Date(now.getTime() + TRIAL_VALID_DAYS * DAY_MS);
  const conditions = [
    `${amount} is credited to your ${currency} account as soon as you accept.`,
    'You can invest it in any product, but it cannot be withdrawn or transferred to another currency: ' +
      'your withdrawable balance is your available balance less the bonus still in your account.',
    'Profit you make by investing it is yours and can be withdrawn like any other money.',
    `The bonus expires ${TRIAL_VALID_DAYS} days after you accept it. At expiry ${amount} is taken back from your cash; ` +
      'if part of it is invested then, the rest is taken back as cash becomes available (for example when you sell), ' +
      'and until then that much of your balance cannot be withdrawn.',
    'Imali may end the bonus early (forfeit it) if these terms are abused; it is then taken back the same way ' +
      'and the reason is shown under Me > Application.',
    'One trial bonus per client.',
  ];
  const version = `trial-1:${currency}:${formatMinor(amountMinor, currency)}:${TRIAL_VALID_DAYS}d`;
  return { currency, amountMinor, expiresAt, conditions, version };
}

export async function trialOffer(ctx: AppContext, clientId: number): Promise<TrialOffer> {
  const client = await requireFlag(ctx, clientId, 'trial');
  const terms = trialTermsFor(client.country, ctx.clock.now());
  return {
    version: terms.version,
    currency: terms.currency,
    amount: formatMinor(terms.amountMinor, terms.currency),
    valid_days: TRIAL_VALID_DAYS,
    expires_at: terms.expiresAt.toISOString(),
    conditions: terms.conditions,
    taken: (await repo.findTrialOf(ctx.db, clientId)) !== undefined,
  };
}

/** Accepting the offer credits the bonus at once: house bonus → the client's cash, one entry. */
export async function acceptTrial(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  version: string,
) {
  const client = await requireFlag(ctx, clientId, 'trial');
  const now = ctx.clock.now();
  const terms = trialTermsFor(client.country, now);
  if (version !== terms.version) throw conflict(ApplicationMessages.trialTermsChanged);
  const account = await ownAccountByCurrency(ctx, clientId, terms.currency);
  if (!account) throw accountNotFound();
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    await lockAccounts(tx, [account.id], clientId);
    const accepted: TrialTerms = {
      version: terms.version,
      validDays: TRIAL_VALID_DAYS,
      conditions: terms.conditions,
    };
    const row = await repo.insertTrialIfNone(tx, {
      reference: newReference('BON'),
      clientId,
      type: 'trial',
      status: 'active',
      accountId: account.id,
      currency: terms.currency,
      amountMinor: terms.amountMinor,
      terms: accepted,
      expiresAt: terms.expiresAt,
      createdAt: now,
    });
    if (!row) throw conflict(ApplicationMessages.trialTaken);
    await postApplicationEntry(tx, txCtx, row, 'bonus_credit', row.amountMinor, `client:${clientId}`, now);
    await audit.record(txCtx, {
      actor: `client:${clientId}`,
      action: 'application.trial.accept',
      subjectType: 'application',
      subjectId: String(row.id),
      before: null,
      after: { status: 'active', amount: formatMinor(row.amountMinor, row.currency), terms: terms.version },
    });
    return (await viewsOf(txCtx, [row]))[0]!;
  });
}

/**
 * Takes back as much of a trial's outstanding bonus as the account has available now (balance −
 * held): all of it normally, the rest later when part is invested. In the caller's transaction,
 * which holds the application's row lock; takes the account's.
 */
async function reclaimBonus(tx: Db, ctx: AppContext, app: repo.ApplicationRow, actor: string, at: Date) {
  const outstanding = app.amountMinor - app.reclaimedMinor;
  if (outstanding <= 0n) return { app, reclaimedMinor: 0n };
  const [account] = await lockAccounts(tx, [app.accountId]);
  if (!account) throw new Error(`account ${app.accountId} of application ${app.id} missing`);
  const available = account.balanceMinor - account.heldMinor;
  const take = available < outstanding ? available : outstanding;
  if (take <= 0n) return { app, reclaimedMinor: 0n };
  await postApplicationEntry(tx, ctx, app, 'bonus_reclaim', take, actor, at);
  const updated = await repo.updateApplication(tx, app.id, { reclaimedMinor: app.reclaimedMinor + take });
  return { app: updated, reclaimedMinor: take };
}

/** Operator: end a trial bonus early, with a reason the client sees; the bonus is taken back. */
export async function forfeitBonus(ctx: AppContext, id: number, reason: string, actor: string) {
  const why = reason.trim();
  if (!why) throw invalid('A forfeit needs a reason (--reason TEXT).');
  return inTransaction(ctx, async (tx, txCtx) => {
    const app = await repo.lockById(tx, id);
    if (!app) throw applicationNotFound();
    if (app.type !== 'trial') throw conflict('Only a trial bonus can be forfeited.');
    if (app.status !== 'active') throw conflict(`This trial bonus is already ${app.status}.`);
    const now = ctx.clock.now();
    const ended = await repo.updateApplication(tx, id, {
      status: 'forfeited',
      decisionReason: why,
      decidedAt: now,
      decidedBy: actor,
    });
    const { app: after, reclaimedMinor } = await reclaimBonus(tx, txCtx, ended, actor, now);
    await audit.record(txCtx, {
      actor,
      action: 'application.trial.forfeit',
      subjectType: 'application',
      subjectId: String(id),
      before: { status: app.status, reclaimed: formatMinor(app.reclaimedMinor, app.currency) },
      after: { status: 'forfeited', reason: why, reclaimed: formatMinor(after.reclaimedMinor, app.currency) },
    });
    return { application: after, reclaimedMinor };
  });
}

export const BONUS_JOB_ACTOR = 'job:applications.bonus-expiry';

/**
 * The expiry job's work (src/jobs, under its advisory lock): trials past their expiry become
 * expired and their bonus is taken back; expired or forfeited trials not fully taken back get
 * what the account has available now. Each trial under its row lock, so the job and an operator's
 * forfeit cannot both take the same bonus back; a rerun finds nothing more to do.
 */
export async function reclaimDueBonuses(ctx: AppContext, batch = 500) {
  const now = ctx.clock.now();
  const ids = await repo.trialsDue(ctx.db, now, batch);
  let expired = 0;
  let reclaims = 0;
  for (const id of ids) {
    await inTransaction(ctx, async (tx, txCtx) => {
      let app = await repo.lockById(tx, id);
      if (!app || app.type !== 'trial' || app.reclaimedMinor >= app.amountMinor) return;
      if (app.status === 'active') {
        if (!app.expiresAt || app.expiresAt > now) return;
        app = await repo.updateApplication(tx, id, {
          status: 'expired',
          decidedAt: now,
          decidedBy: BONUS_JOB_ACTOR,
        });
        expired += 1;
      }
      const before = app.reclaimedMinor;
      const result = await reclaimBonus(tx, txCtx, app, BONUS_JOB_ACTOR, now);
      if (result.reclaimedMinor > 0n) reclaims += 1;
      if (result.reclaimedMinor > 0n || before === 0n) {
        await audit.record(txCtx, {
          actor: BONUS_JOB_ACTOR,
          action: 'application.trial.reclaim',
          subjectType: 'application',
          subjectId: String(id),
          before: { reclaimed: formatMinor(before, app.currency) },
          after: {
            status: result.app.status,
            reclaimed: formatMinor(result.app.reclaimedMinor, app.currency),
          },
        });
      }
    });
  }
  return { expired, reclaims, looked: ids.length };
}

/** Trial bonus still in the account and so not withdrawable. */
export const bonusOutstandingMinor = (db: Db, accountId: number) => repo.bonusOutstandingMinor(db, accountId);

/** The trial bonus still in each of the client's accounts (the withdrawals module's `withdrawableOf`). */
export const bonusOutstandingOfClient = (ctx: AppContext, clientId: number) =>
  repo.bonusOutstandingOfClient(ctx, clientId);

/**
 * For withdrawals and FX transfers, in their transaction after locking the account: refuses
 * (409) an amount that would take trial bonus money out. Funds are taken to be the client's own
 * first only up to what is not bonus: withdrawable = balance − held − bonus outstanding.
 */
export async function assertNotBonusMoney(tx: Db, account: AccountRow, amountMinor: bigint) {
  if (account.kind !== 'client') return;
  const bonus = await repo.bonusOutstandingMinor(tx, account.id);
  if (bonus === 0n) return;
  if (account.balanceMinor - account.heldMinor - bonus < amountMinor) {
    throw new DomainError(ErrorCode.InsufficientFunds, ApplicationMessages.bonusNotWithdrawable, 409);
  }
}
