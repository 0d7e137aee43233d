import { feeScheduleTitle, formatCurrency, groupFees, type FeeLineView } from '@imali/money';
import { cn } from '@/lib/cn';

/**
 * One side's fees as one story (decision 0041), the same on a preview and on a receipt: each charge
 * named for what it is, grouped under the spec's summary buckets (brokerage, STT, transaction
 * charges, VAT/GST); a bucket of several charges says how they add up and lists them; then the
 * side's total. Shared by the product drawers' previews and the receipt (features never import
 * each other).
 */
export function FeeLines({
  items,
  currency,
  total,
  totalLabel,
  testIdPrefix,
  emptyText = 'No charges',
  className,
}: {
  items: readonly FeeLineView[];
  currency: string;
  /** The side's total as the API sends it (Σ items). */
  total: string;
  totalLabel: string;
  /** `${prefix}-${bucket}` and `${prefix}-total` test ids. */
  testIdPrefix?: string;
  emptyText?: string;
  className?: string;
}) {
  const money = (v: string) => formatCurrency(v, currency);
  const groups = groupFees(items);
  return (
    <dl className={cn('space-y-1 text-sm', className)}>
      {groups.length === 0 && (
        <div className="flex justify-between gap-3 text-slate-500" data-fee="none">
          <dt>{emptyText}</dt>
          <dd className="tabular-nums">{money('0')}</dd>
        </div>
      )}
      {groups.map((g) => (
        // dt and its dd(s) sit directly in the group's div (a dl holds only dt, dd and such divs);
        // the explanation is a second dd of the same term, across the row.
        <div
          key={g.bucket}
          data-fee={g.bucket}
          data-testid={testIdPrefix ? `${testIdPrefix}-${g.bucket}` : undefined}
          className="grid grid-cols-[1fr_auto] gap-x-3"
        >
          <dt className="text-slate-600">{g.label}</dt>
          <dd className="font-medium text-slate-900 tabular-nums" data-fee-amount="">
            {money(g.amount)}
          </dd>
          {g.explanation && (
            <dd className="col-span-2 mt-0.5 mb-1 rounded-lg bg-slate-50 px-2.5 py-1.5 text-xs text-slate-500">
              <p data-testid="fee-explanation">{g.explanation}</p>
              <ul aria-label={`${g.label}: the charges`} className="mt-0.5 space-y-0.5">
                {g.parts.map((p) => (
                  <li key={p.code} className="flex justify-between gap-3">
                    <span>{p.label}</span>
                    <span className="tabular-nums">{money(p.amount)}</span>
                  </li>
                ))}
              </ul>
            </dd>
          )}
        </div>
      ))}
      <div
        className="flex justify-between gap-3 border-t border-slate-100 pt-1 font-semibold text-slate-900"
        data-fee="total"
        data-testid={testIdPrefix ? `${testIdPrefix}-total` : undefined}
      >
        <dt>{totalLabel}</dt>
        <dd className="tabular-nums">{money(total)}</dd>
      </div>
    </dl>
  );
}

/** 'Fee schedule: JSE share trading fees, November 2026 (ZA-2026-11)'. */
export function FeeScheduleNote({ version, className }: { version: string; className?: string }) {
  return (
    <p className={cn('text-[11px] text-slate-500', className)} data-testid="fee-schedule">
      Fee schedule: {feeScheduleTitle(version)}
    </p>
  );
}
