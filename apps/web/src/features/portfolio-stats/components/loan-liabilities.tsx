import type { PortfolioSummary } from '@imali/contract';
import { cn } from '@/lib/cn';
import { dayLabel, money } from '../model/format';

type Liabilities = PortfolioSummary['liabilities'];

/** Whether anything is owed (an amount with a non-zero digit). */
export const owesAnything = (liabilities: Liabilities | undefined): liabilities is Liabilities =>
  liabilities !== undefined && /[1-9]/.test(liabilities.total);

/**
 * 'Net of loans ZAR …' beside a total that includes borrowed money (issue 24; decision 0042):
 * the total less what the loans leave owed. Nothing when nothing is owed.
 */
export function NetOfLoans({
  summary,
  visible,
  className,
  testId,
}: {
  summary: PortfolioSummary;
  visible: boolean;
  className?: string;
  testId: string;
}) {
  if (!owesAnything(summary.liabilities)) return null;
  return (
    <p className={cn('text-sm tabular-nums', className)} data-testid={testId}>
      Net of loans{' '}
      <span className="font-semibold">{money(summary.net_value, summary.currency, visible)}</span>
    </p>
  );
}

/**
 * The client's loans as liabilities: what is owed in all, and per loan the outstanding amount, the
 * next instalment and its due date, and what was borrowed. The money borrowed is in the cash and
 * so in the total; this is what stands against it. Nothing when nothing is owed.
 */
export function LoanLiabilities({
  summary,
  visible,
  className,
  headingLevel = 2,
}: {
  summary: PortfolioSummary;
  visible: boolean;
  className?: string;
  /** The heading's level in the page it sits in (no level skipped). */
  headingLevel?: 2 | 3;
}) {
  const { liabilities } = summary;
  if (!owesAnything(liabilities)) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby="loan-liabilities-heading"
      className={cn('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5', className)}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id="loan-liabilities-heading" className="text-base font-semibold text-slate-900">
          Loans
        </Heading>
        <p className="text-sm text-slate-600">
          Owed{' '}
          <span className="font-semibold text-slate-900 tabular-nums" data-testid="liabilities-total">
            {money(liabilities.total, summary.currency, visible)}
          </span>
        </p>
      </div>
      <p className="mt-1 text-xs text-slate-600">
        The money you borrowed is in your cash and in the total value; this is what you owe against it
        (instalments with their interest). It is not a deposit and not a return.
      </p>
      <ul className="mt-3 space-y-3">
        {liabilities.loans.map((loan) => (
          <li
            key={loan.reference}
            className="rounded-xl bg-slate-50 px-3 py-2"
            data-testid={`loan-${loan.reference}`}
          >
            <p className="text-xs font-medium text-slate-600">
              Loan <span className="font-mono">{loan.reference}</span>
            </p>
            <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-xs text-slate-600">Outstanding</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">
                  {money(loan.outstanding, loan.currency, visible)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Next instalment</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">
                  {loan.next_instalment ? money(loan.next_instalment.amount, loan.currency, visible) : '-'}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Due</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">
                  {loan.next_instalment ? dayLabel(loan.next_instalment.due_on) : '-'}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Borrowed</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">
                  {money(loan.principal, loan.currency, visible)}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
