import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SummaryRow {
  label: ReactNode;
  value: ReactNode;
  /** The row that sums the others (a total, what is held). */
  strong?: boolean;
  /** On the row (label and value). */
  testId?: string;
  /** On the value alone. */
  valueTestId?: string;
}

/**
 * Label/value rows of a summary (a dl): boxed, a bordered card with a line between rows (a placed
 * screen, a confirmation), or plain lines inside something that already frames them.
 */
export function SummaryRows({
  rows,
  boxed = true,
  className,
  testId,
}: {
  rows: readonly SummaryRow[];
  boxed?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <dl
      data-testid={testId}
      className={cn(
        'text-sm',
        boxed ? 'divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white' : 'space-y-1.5',
        className,
      )}
    >
      {rows.map((row, i) => (
        <div
          key={i}
          data-testid={row.testId}
          className={cn(
            'flex items-baseline justify-between gap-4',
            boxed && 'px-4 py-3',
            row.strong && 'font-semibold text-slate-900',
          )}
        >
          <dt className={row.strong ? undefined : 'text-slate-500'}>{row.label}</dt>
          <dd data-testid={row.valueTestId} className="text-right text-slate-900 tabular-nums">
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
