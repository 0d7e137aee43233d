import { divideRounded, formatDecimal, formatMinor, type Currency } from '@imali/money';

/**
 * The cost of a loan, in exact integer arithmetic (no floats touch money). A loan is an annuity:
 * a fixed nominal annual rate charged monthly (r = rate ÷ 12) on the balance, repaid in equal
 * monthly instalments
 *
 *   instalment = P · r · (1 + r)^n ÷ ((1 + r)^n − 1)
 *
 * computed as one exact fraction (r = bp ÷ 120 000, so (1 + r)^n = (120 000 + bp)^n ÷ 120 000^n)
 * and rounded half up to the cent once. Each month's interest is the balance × r rounded half up;
 * the last instalment repays whatever balance is left, so the schedule sums to the principal
 * exactly and total repayable = Σ instalments.
 */

/** 18.00 % a year, fixed, disclosed before submitting. No fees: the interest is the whole cost. */
export const LOAN_ANNUAL_RATE_BP = 1800;
/** An instalment may take at most this share (percent) of the income left after expenses. */
export const LOAN_MAX_SHARE_PCT = 50n;

/** Principal limits per currency, in minor units. */
export const LOAN_LIMITS: Record<Currency, { minMinor: bigint; maxMinor: bigint }> = {
  ZAR: { minMinor: 100_000n, maxMinor: 5_000_000n },
  USD: { minMinor: 10_000n, maxMinor: 300_000n },
  EUR: { minMinor: 10_000n, maxMinor: 300_000n },
  GBP: { minMinor: 10_000n, maxMinor: 250_000n },
  INR: { minMinor: 500_000n, maxMinor: 25_000_000n },
};

const MONTHS_BP = 120_000n; // 12 months × 10 000 basis points

export function annuityInstalmentMinor(principalMinor: bigint, rateBp: number, months: number): bigint {
  if (principalMinor <= 0n || months < 1) throw new Error('a loan has a positive principal and term');
  const n = BigInt(months);
  if (rateBp === 0) return divideRounded(principalMinor, n, 'HALF_UP');
  const bp = BigInt(rateBp);
  const grown = (MONTHS_BP + bp) ** n;
  const base = MONTHS_BP ** n;
  return divideRounded(principalMinor * bp * grown, MONTHS_BP * (grown - base), 'HALF_UP');
}

export interface ScheduleRow {
  seq: number;
  dueOn: string;
  instalmentMinor: bigint;
  principalMinor: bigint;
  interestMinor: bigint;
  balanceAfterMinor: bigint;
}

/** 'YYYY-MM-DD' of `start` plus `months` calendar months (UTC), the day clamped to the month's end. */
export function addMonths(start: Date, months: number): string {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(Date.UTC(y, m, Math.min(start.getUTCDate(), lastDay)));
  return d.toISOString().slice(0, 10);
}

export function repaymentSchedule(
  principalMinor: bigint,
  rateBp: number,
  months: number,
  start: Date,
): ScheduleRow[] {
  const instalment = annuityInstalmentMinor(principalMinor, rateBp, months);
  const rows: ScheduleRow[] = [];
  let balance = principalMinor;
  for (let seq = 1; seq <= months; seq += 1) {
    const interest = divideRounded(balance * BigInt(rateBp), MONTHS_BP, 'HALF_UP');
    let principal = seq === months ? balance : instalment - interest;
    if (principal > balance) principal = balance;
    if (principal < 0n) principal = 0n;
    balance -= principal;
    rows.push({
      seq,
      dueOn: addMonths(start, seq),
      instalmentMinor: principal + interest,
      principalMinor: principal,
      interestMinor: interest,
      balanceAfterMinor: balance,
    });
  }
  return rows;
}

export interface LoanQuoteInput {
  currency: Currency;
  principalMinor: bigint;
  months: number;
  monthlyIncomeMinor: bigint;
  monthlyExpensesMinor: bigint;
  /** The monthly instalments of the client's other loans: they take from the same income. */
  otherInstalmentsMinor?: bigint;
  rateBp?: number;
  start: Date;
}

/** Basis points as a percent with 2 decimals: 1800 → '18.00'. */
export const bpToPercent = (bp: number | bigint) => formatDecimal({ coefficient: BigInt(bp), scale: 2 });

export function quoteLoan(input: LoanQuoteInput) {
  const rateBp = input.rateBp ?? LOAN_ANNUAL_RATE_BP;
  const schedule = repaymentSchedule(input.principalMinor, rateBp, input.months, input.start);
  const instalmentMinor = schedule[0]!.instalmentMinor;
  const totalRepayableMinor = schedule.reduce((sum, r) => sum + r.instalmentMinor, 0n);
  const disposableMinor = input.monthlyIncomeMinor - input.monthlyExpensesMinor;
  const otherMinor = input.otherInstalmentsMinor ?? 0n;
  // The largest instalment (the first, or a last one rounded up) is the one that must fit, on top
  // of what the client's other loans already take from the same income each month.
  const largestMinor = schedule.reduce((max, r) => (r.instalmentMinor > max ? r.instalmentMinor : max), 0n);
  const monthlyMinor = largestMinor + otherMinor;
  const affordable = disposableMinor > 0n && monthlyMinor * 100n <= disposableMinor * LOAN_MAX_SHARE_PCT;
  const shareBp =
    disposableMinor > 0n ? divideRounded(monthlyMinor * 10_000n, disposableMinor, 'HALF_UP') : undefined;
  const money = (minor: bigint) => `${formatMinor(minor, input.currency)} ${input.currency}`;
  const what =
    otherMinor > 0n
      ? `The instalment of ${money(largestMinor)} with your other loans' ${money(otherMinor)} (${money(monthlyMinor)} a month)`
      : `The instalment of ${money(largestMinor)}`;
  const summary =
    disposableMinor <= 0n
      ? `Your expenses (${money(input.monthlyExpensesMinor)}) leave no income for an instalment of ${money(largestMinor)}: not affordable.`
      : `${what} is ${bpToPercent(shareBp!)}% of your income after expenses ` +
        `(${money(disposableMinor)}); at most ${LOAN_MAX_SHARE_PCT}% is allowed: ${affordable ? 'affordable' : 'not affordable'}.`;
  return {
    rateBp,
    instalmentMinor,
    totalRepayableMinor,
    totalCostMinor: totalRepayableMinor - input.principalMinor,
    disposableMinor,
    otherInstalmentsMinor: otherMinor,
    shareText: shareBp === undefined ? '--' : bpToPercent(shareBp),
    affordable,
    summary,
    schedule,
  };
}
