import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface KeyValueRow {
  label: ReactNode;
  value: ReactNode;
}

/** A titled block of label/value rows (receipts, KYC details). */
export function KeyValueSection({
  title,
  rows,
  className,
}: {
  title?: ReactNode;
  rows: KeyValueRow[];
  className?: string;
}) {
  return (
    <section className={cn('rounded-2xl border border-slate-200 bg-white', className)}>
      {title && (
        <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">{title}</h3>
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
