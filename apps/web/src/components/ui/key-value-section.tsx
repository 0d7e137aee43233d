import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface KeyValueRow {
  label: ReactNode;
  value: ReactNode;
}

/**
 * A titled block of label/value rows (receipts, KYC details). Its title is an h3 by default (under a
 * dialog's h2); on a page directly under the h1, pass `headingLevel={2}` so no level is skipped.
 */
export function KeyValueSection({
  title,
  rows,
  className,
  headingLevel = 3,
}: {
  title?: ReactNode;
  rows: KeyValueRow[];
  className?: string;
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={cn('rounded-2xl border border-slate-200 bg-white', className)}>
      {title && (
        <Heading className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">
          {title}
        </Heading>
      )}
      <dl className="divide-y divide-slate-100">
        {rows.map((row, i) => (
          <div key={i} className="flex items-start justify-between gap-4 px-4 py-3 text-sm">
            <dt className="shrink-0 text-slate-500">{row.label}</dt>
            <dd className="text-right font-medium break-all text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
