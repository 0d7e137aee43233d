import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import type { Account, Application } from '@imali/contract';
import { PlacedScreen } from '@/components/ui/placed-screen';
import { cn } from '@/lib/cn';
import { STATUS_CLASSES, STATUS_LABELS, TYPE_LABELS, money } from '../model/forms';

export function StatusBadge({ status }: { status: Application['status'] }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        STATUS_CLASSES[status],
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

/** A labelled native select of the client's cash accounts (keyboard and screen-reader friendly). */
export function AccountSelect({
  accounts,
  value,
  onChange,
  label,
  error,
}: {
  accounts: readonly Account[];
  value: string;
  onChange: (id: string) => void;
  label: string;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
      >
        <option value="">Choose an account</option>
        {accounts.map((a) => (
          <option key={a.id} value={String(a.id)}>
            {a.currency} account (balance {money(a.balance, a.currency)})
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 px-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled multi-line field with its validation message. */
export function TextArea({
  label,
  error,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full rounded-xl border border-slate-300 bg-white p-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
        {...props}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 px-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** What a drawer shows once the application is in. */
export function Submitted({
  application,
  title,
  text,
  onApplications,
  onClose,
}: {
  application: Application;
  title: string;
  text: ReactNode;
  onApplications: () => void;
  onClose: () => void;
}) {
  return (
    <PlacedScreen
      testId="application-done"
      title={title}
      message={text}
      rows={[
        { label: 'Reference', value: <span className="font-mono">{application.reference}</span> },
        { label: 'Type', value: TYPE_LABELS[application.type] },
        { label: 'Amount', value: money(application.amount, application.currency) },
        { label: 'Status', value: <StatusBadge status={application.status} /> },
      ]}
      actions={[
        { label: 'View applications', onClick: onApplications },
        { label: 'Done', onClick: onClose, primary: true },
      ]}
    />
  );
}
