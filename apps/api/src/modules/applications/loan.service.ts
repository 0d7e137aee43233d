import { ApplicationMessages, type LoanQuote } from '@imali/contract';
import { formatMinor, parseAmount, MoneyError, type Currency } from '@imali/money';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import * as audit from '../audit/audit.service';
import {
  amountToMinor,
  conflict,
  withIdempotency,
  type AccountRow,
  type IdempotencyInput,
} from '../ledger/ledger.service';
import { newReference } from '../ledger/reference';
import * as repo from './applications.repository';
import { instalmentView, invalid, ownAccount, requireFlag, viewsOf } from './applications-shared';
import { LOAN_LIMITS, bpToPercent, quoteLoan, repaymentSchedule } from './loan-terms';
import { saDate } from '../../lib/sa-time';

/**
 * Loans: the preview (cost of credit, affordability), the application, the repayment schedule an
 * approval stores, and what loans leave owed (the portfolio's liabilities).
 */

export interface LoanInput {
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
  const loans = await repo.openLoansOf(db, clientId, saDate(now));
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

export async function submitLoan(
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

/** An approved loan's repayment schedule from `start`, stored in the approving transaction. */
export async function storeRepaymentSchedule(tx: Db, app: repo.ApplicationRow, start: Date) {
  const schedule = repaymentSchedule(app.amountMinor, app.annualRateBp!, app.termMonths!, start);
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
