import {
  ApplicationMessages,
  ErrorCode,
  type Application,
  type LoanQuote,
  type TrialOffer,
} from '@imali/contract';
import { COUNTRY_CURRENCY, formatMinor, parseAmount, MoneyError, type Currency } from '@imali/money';
import type { Db } from '../../db/client';
import type { TrialTerms } from '../../db/schema/index';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import { requireClient } from '../client/client.service';
import {
  accountNotFound,
  amountToMinor,
  conflict,
  houseAccountId,
  inTransaction,
  lockAccounts,
  ownAccountByCurrency,
  postEntry,
  withIdempotency,
  type AccountRow,
  type IdempotencyInput,
} from '../ledger/ledger.service';
import { newReference } from '../ledger/reference';
import { fileUrl, ownUploadIdFromUrl } from '../uploads/uploads.service';
import * as repo from './applications.repository';
import { LOAN_LIMITS, bpToPercent, quoteLoan, repaymentSchedule } from './loan-terms';

/**
 * Applications (issue 14; docs/decisions/0035-applications.md). What other modules may call:
 * `bonusOutstandingOfClient` (the withdrawals module's withdrawable rule), `assertNotBonusMoney`
 * (FX transfers refuse bonus money), `loansOwed` / `loanFlowsSince` (the portfolio's liabilities),
 * `applicationLedgerProblems` (ledger check). Money moves only here, through postEntry, inside the
 * transaction that changes the application, with its audit entry; operators decide under the
 * application's row lock, so of concurrent decisions exactly one wins.
 */

type Flag = 'allowBonus' | 'allowCompensation' | 'allowLoan';
const FLAG_OF = { trial: 'allowBonus', compensation: 'allowCompensation', loan: 'allowLoan' } as const;
const REFUSAL_OF = {
  trial: ApplicationMessages.trialNotAllowed,
  compensation: ApplicationMessages.compensationNotAllowed,
  loan: ApplicationMessages.loanNotAllowed,
} as const;

const forbidden = (message: string) => new DomainError(ErrorCode.Forbidden, message, 403);
const invalid = (message: string) => new DomainError(ErrorCode.InvalidInput, message, 400);
export const applicationNotFound = () => notFound(ApplicationMessages.applicationNotFound);

/** A panel hidden by its flag answers 403 on every endpoint of it (read at request time). */
async function requireFlag(ctx: AppContext, clientId: number, type: keyof typeof FLAG_OF) {
  const client = await requireClient(ctx, clientId);
  if (!client[FLAG_OF[type] as Flag]) throw forbidden(REFUSAL_OF[type]);
  return client;
}

// ---------- Trial bonus ----------

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
async function acceptTrial(
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

const ENTRY_TEXT: Record<repo.ApplicationRow['type'], string> = {
  trial: 'Trial bonus',
  compensation: 'Compensation',
  loan: 'Loan disbursement',
};
const HOUSE_OF = { trial: 'bonus', compensation: 'compensation', loan: 'loans' } as const;

/**
 * The one way an application moves money: an entry between the client's cash account (locked by
 * the caller) and the house account of its type, and a row in application_entries naming it.
 * kind bonus_reclaim debits the client; every other kind credits it.
 */
async function postApplicationEntry(
  tx: Db,
  ctx: AppContext,
  app: repo.ApplicationRow,
  kind: 'bonus_credit' | 'bonus_reclaim' | 'compensation_credit' | 'loan_disbursement',
  amountMinor: bigint,
  actor: string,
  at: Date,
) {
  const toClient = kind === 'bonus_reclaim' ? -amountMinor : amountMinor;
  const entry = await postEntry(
    tx,
    at,
    {
      kind: 'adjustment',
      description:
        kind === 'bonus_reclaim'
          ? `Trial bonus ${app.reference} taken back`
          : `${ENTRY_TEXT[app.type]} ${app.reference}`,
      reference: app.reference,
      clientId: app.clientId,
      createdBy: actor,
    },
    [
      { accountId: app.accountId, currency: app.currency, amountMinor: toClient, kind: 'client' },
      {
        accountId: await houseAccountId(ctx, HOUSE_OF[app.type], app.currency),
        currency: app.currency,
        amountMinor: -toClient,
        kind: 'house',
      },
    ],
  );
  await repo.insertApplicationEntry(tx, {
    entryId: entry.id,
    applicationId: app.id,
    kind,
    amountMinor,
    createdAt: at,
  });
  return entry;
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

// ---------- What loans leave owed (issue 24 point 7; decision 0042) ----------

/**
 * The client's loans paid out and still owed (of one account, or all): principal, outstanding
 * (Σ instalments not yet repaid; no repayment is collected yet, decision 0035) and the next
 * instalment due on or after today (South African date). The portfolio shows them as liabilities.
 */
export const loansOwed = (ctx: AppContext, clientId: number, accountId: number | undefined, today: string) =>
  repo.loansOwed(ctx, clientId, accountId, today);

/** Loan money that moved on the accounts since `since` (the portfolio keeps it out of Net deposits). */
export const loanFlowsSince = (ctx: AppContext, accountIds: number[], since: Date) =>
  repo.loanFlowsSince(ctx.db, accountIds, since);

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

// ---------- Compensation ----------

/** Evidence follows the KYC upload rules: images the client sent through /client/app/v1/image. */
const EVIDENCE_PURPOSES = ['image'] as const;

async function ownAccount(tx: Db, clientId: number, accountId: number) {
  const [account] = await lockAccounts(tx, [accountId], clientId);
  if (!account) throw accountNotFound();
  return account;
}

interface CompensationInput {
  account_id: number;
  amount: string;
  reason: string;
  related_reference: string;
  evidence_urls: string[];
}

async function submitCompensation(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: CompensationInput,
) {
  await requireFlag(ctx, clientId, 'compensation');
  const uploadIds: string[] = [];
  for (const url of input.evidence_urls) {
    const uploadId = await ownUploadIdFromUrl(ctx, clientId, url, EVIDENCE_PURPOSES);
    if (!uploadId) throw invalid(ApplicationMessages.evidenceInvalid);
    uploadIds.push(uploadId);
  }
  const related = input.related_reference.trim();
  if (!(await repo.referenceBelongsTo(ctx.db, clientId, related))) {
    throw invalid('No order or transaction of yours has this reference.');
  }
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    const account = await ownAccount(tx, clientId, input.account_id);
    const amountMinor = amountToMinor(input.amount, account.currency);
    const row = await repo.insertApplication(tx, {
      reference: newReference('CMP'),
      clientId,
      type: 'compensation',
      status: 'pending',
      accountId: account.id,
      currency: account.currency,
      amountMinor,
      reason: input.reason.trim(),
      relatedReference: related,
      createdAt: ctx.clock.now(),
    });
    await repo.insertEvidence(tx, row.id, [...new Set(uploadIds)]);
    await audit.record(txCtx, {
      actor: `client:${clientId}`,
      action: 'application.compensation.submit',
      subjectType: 'application',
      subjectId: String(row.id),
      before: null,
      after: { status: 'pending', amount: formatMinor(amountMinor, account.currency), related },
    });
    return (await viewsOf(txCtx, [row]))[0]!;
  });
}

// ---------- Loan ----------

interface LoanInput {
  account_id: number;
  amount: string;
  term_months: number;
  purpose: string;
  monthly_income: string;
  monthly_expenses: string;
}

function monthlyFigure(text: string, currency: Currency, label: string) {
  try {
    return parseAmount(text, currency, { allowZero: true });
  } catch (error) {
    if (error instanceof MoneyError) throw invalid(`${label}: ${error.message}`);
    throw error;
  }
}

/**
 * What the client's other loans take from their income each month (pending ones, and approved ones
 * still running), in the currency of the new loan. Affordability compares every instalment with one
 * stated income, so loans in another currency are refused (409) rather than silently left out.
 * A client who already has LOAN_MAX_PENDING applications waiting is refused (409) too. Race-free
 * only under the client's row lock (submitLoan takes it); the preview reads without it.
 */
async function otherLoansInstalmentsMinor(
  ctx: AppContext,
  db: Db,
  clientId: number,
  currency: Currency,
  now: Date,
) {
  const loans = await repo.openLoansOf(db, clientId, now.toISOString().slice(0, 10));
  const max = ctx.config.LOAN_MAX_PENDING;
  if (loans.filter((l) => l.status === 'pending').length >= max) {
    throw conflict(ApplicationMessages.loanPendingLimit(max));
  }
  const other = loans.find((l) => l.currency !== currency);
  if (other) throw conflict(ApplicationMessages.loanOtherCurrency(other.currency));
  return loans.reduce((sum, l) => sum + (l.instalmentMinor ?? 0n), 0n);
}

/** The loan's quote, refusing what is outside the limits (400, nothing written). */
function loanQuoteOf(
  account: Pick<AccountRow, 'currency'>,
  input: LoanInput,
  start: Date,
  otherInstalmentsMinor: bigint,
) {
  const currency = account.currency;
  const principalMinor = amountToMinor(input.amount, currency);
  const limits = LOAN_LIMITS[currency];
  if (principalMinor < limits.minMinor || principalMinor > limits.maxMinor) {
    throw invalid(
      `A loan is between ${formatMinor(limits.minMinor, currency)} and ${formatMinor(limits.maxMinor, currency)} ${currency}.`,
    );
  }
  const quote = quoteLoan({
    currency,
    principalMinor,
    months: input.term_months,
    monthlyIncomeMinor: monthlyFigure(input.monthly_income, currency, 'Monthly income'),
    monthlyExpensesMinor: monthlyFigure(input.monthly_expenses, currency, 'Monthly expenses'),
    otherInstalmentsMinor,
    start,
  });
  return { principalMinor, quote };
}

function loanQuoteView(
  currency: Currency,
  principalMinor: bigint,
  months: number,
  income: bigint,
  expenses: bigint,
  q: ReturnType<typeof quoteLoan>,
): LoanQuote {
  const m = (minor: bigint) => formatMinor(minor, currency);
  return {
    currency,
    amount: m(principalMinor),
    term_months: months,
    annual_rate: bpToPercent(q.rateBp),
    instalment: m(q.instalmentMinor),
    total_repayable: m(q.totalRepayableMinor),
    total_cost_of_credit: m(q.totalCostMinor),
    affordability: {
      monthly_income: m(income),
      monthly_expenses: m(expenses),
      disposable_income: m(q.disposableMinor),
      other_loans_instalments: m(q.otherInstalmentsMinor),
      max_share: '50',
      instalment_share: q.shareText,
      affordable: q.affordable,
      summary: q.summary,
    },
    schedule: q.schedule.map(instalmentView(currency)),
  };
}

const instalmentView =
  (currency: Currency) =>
  (r: {
    seq: number;
    dueOn: string;
    instalmentMinor: bigint;
    principalMinor: bigint;
    interestMinor: bigint;
    balanceAfterMinor: bigint;
  }) => ({
    seq: r.seq,
    due_on: r.dueOn,
    instalment: formatMinor(r.instalmentMinor, currency),
    principal: formatMinor(r.principalMinor, currency),
    interest: formatMinor(r.interestMinor, currency),
    balance_after: formatMinor(r.balanceAfterMinor, currency),
  });

/** The cost of credit and affordability before submitting; nothing is written. */
export async function previewLoan(ctx: AppContext, clientId: number, input: LoanInput): Promise<LoanQuote> {
  await requireFlag(ctx, clientId, 'loan');
  const account = await ctx.db.transaction(async (tx) =>
    ownAccount(tx as unknown as Db, clientId, input.account_id),
  );
  const now = ctx.clock.now();
  // The same refusals as submitting (a pending application already there, another currency):
  // a preview of a loan that cannot be submitted would only mislead.
  const others = await otherLoansInstalmentsMinor(ctx, ctx.db, clientId, account.currency, now);
  const { principalMinor, quote } = loanQuoteOf(account, input, now, others);
  return loanQuoteView(
    account.currency,
    principalMinor,
    input.term_months,
    monthlyFigure(input.monthly_income, account.currency, 'Monthly income'),
    monthlyFigure(input.monthly_expenses, account.currency, 'Monthly expenses'),
    quote,
  );
}

async function submitLoan(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: LoanInput,
) {
  await requireFlag(ctx, clientId, 'loan');
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    // The client's row lock first (before the account's, as everywhere): concurrent applications
    // of one client queue here, so each sees the ones before it (pending limit, affordability).
    await repo.lockClientForLoan(tx, clientId);
    const account = await ownAccount(tx, clientId, input.account_id);
    const now = ctx.clock.now();
    const others = await otherLoansInstalmentsMinor(ctx, tx, clientId, account.currency, now);
    const { principalMinor, quote } = loanQuoteOf(account, input, now, others);
    // Responsible lending: a loan whose instalment the client's own figures cannot carry is refused.
    if (!quote.affordable) throw invalid(ApplicationMessages.loanUnaffordable);
    const row = await repo.insertApplication(tx, {
      reference: newReference('LON'),
      clientId,
      type: 'loan',
      status: 'pending',
      accountId: account.id,
      currency: account.currency,
      amountMinor: principalMinor,
      reason: input.purpose.trim(),
      termMonths: input.term_months,
      annualRateBp: quote.rateBp,
      instalmentMinor: quote.instalmentMinor,
      totalRepayableMinor: quote.totalRepayableMinor,
      monthlyIncomeMinor: monthlyFigure(input.monthly_income, account.currency, 'Monthly income'),
      monthlyExpensesMinor: monthlyFigure(input.monthly_expenses, account.currency, 'Monthly expenses'),
      createdAt: now,
    });
    await audit.record(txCtx, {
      actor: `client:${clientId}`,
      action: 'application.loan.submit',
      subjectType: 'application',
      subjectId: String(row.id),
      before: null,
      after: {
        status: 'pending',
        amount: formatMinor(principalMinor, account.currency),
        termMonths: input.term_months,
        annualRate: bpToPercent(quote.rateBp),
        instalment: formatMinor(quote.instalmentMinor, account.currency),
      },
    });
    return (await viewsOf(txCtx, [row]))[0]!;
  });
}

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

async function viewsOf(ctx: AppContext, rows: repo.ApplicationRow[]): Promise<Application[]> {
  const ids = rows.map((r) => r.id);
  const evidence = await repo.evidenceOf(ctx.db, ids);
  const instalments = await repo.instalmentsOf(ctx.db, ids);
  return rows.map((row) => toApplicationView(row, evidence, instalments));
}

function toApplicationView(
  row: repo.ApplicationRow,
  evidence: { applicationId: number; uploadId: string }[],
  instalments: repo.InstalmentRow[],
): Application {
  const m = (minor: bigint) => formatMinor(minor, row.currency);
  return {
    id: row.id,
    reference: row.reference,
    type: row.type,
    status: row.status,
    account_id: row.accountId,
    currency: row.currency,
    amount: m(row.amountMinor),
    reason: row.reason,
    related_reference: row.relatedReference,
    evidence_urls: evidence.filter((e) => e.applicationId === row.id).map((e) => fileUrl(e.uploadId)),
    decision_reason: row.decisionReason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    trial:
      row.type === 'trial'
        ? {
            expires_at: row.expiresAt!.toISOString(),
            conditions: row.terms?.conditions ?? [],
            reclaimed: m(row.reclaimedMinor),
            not_withdrawable: m(row.amountMinor - row.reclaimedMinor),
          }
        : null,
    loan:
      row.type === 'loan'
        ? {
            term_months: row.termMonths!,
            annual_rate: bpToPercent(row.annualRateBp!),
            instalment: m(row.instalmentMinor!),
            total_repayable: m(row.totalRepayableMinor!),
            total_cost_of_credit: m(row.totalRepayableMinor! - row.amountMinor),
            schedule: instalments
              .filter((i) => i.applicationId === row.id)
              .map((i) => instalmentView(row.currency)(i)),
          }
        : null,
  };
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
export async function approveApplication(ctx: AppContext, id: number, actor: string) {
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
    if (app.type === 'loan') {
      const schedule = repaymentSchedule(app.amountMinor, app.annualRateBp!, app.termMonths!, now);
      await repo.insertInstalments(
        tx,
        schedule.map((r) => ({
          applicationId: app.id,
          seq: r.seq,
          dueOn: r.dueOn,
          instalmentMinor: r.instalmentMinor,
          principalMinor: r.principalMinor,
          interestMinor: r.interestMinor,
          balanceAfterMinor: r.balanceAfterMinor,
        })),
      );
    }
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
      after: { status: 'approved', amount: formatMinor(app.amountMinor, app.currency), entryId: entry.id },
    });
    return row;
  });
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

export interface FlagChanges {
  allowBonus?: boolean;
  allowCompensation?: boolean;
  allowLoan?: boolean;
}

/** Operator: set a client's panel flags (client_info shows them), audited with before and after. */
export async function setClientFlags(ctx: AppContext, mobile: string, changes: FlagChanges, actor: string) {
  return inTransaction(ctx, async (tx, txCtx) => {
    const client = await repo.lockClientByMobile(tx, mobile.trim());
    if (!client) throw notFound(`No client with mobile ${mobile}.`);
    const before = {
      allowBonus: client.allowBonus,
      allowCompensation: client.allowCompensation,
      allowLoan: client.allowLoan,
    };
    const after = Object.keys(changes).length ? await repo.setClientFlags(tx, client.id, changes) : before;
    if (Object.keys(changes).length) {
      await audit.record(txCtx, {
        actor,
        action: 'client.flags',
        subjectType: 'client',
        subjectId: String(client.id),
        before,
        after,
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
