import type { ComponentProps, ReactNode } from 'react';

/** Small building blocks of the console's screens (no business logic). */

export function cx(...classes: (string | false | null | undefined)[]) {
  return classes.filter(Boolean).join(' ');
}

type Tone = 'primary' | 'secondary' | 'danger';
const TONES: Record<Tone, string> = {
  primary: 'bg-accent-700 text-white hover:bg-accent-800 disabled:bg-slate-400',
  secondary: 'border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-500',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
};

/** A button of the console's tones; its ref passes through (React 19), e.g. to focus an answer. */
export function Button({
  tone = 'primary',
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { tone?: Tone }) {
  return (
    <button
      type={type}
      className={cx(
        'rounded px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}

/** An error the user must see, read out by screen readers when it appears. */
export function Alert({
  children,
  tone = 'error',
}: {
  children: ReactNode;
  tone?: 'error' | 'info' | 'success';
}) {
  const colours = {
    error: 'border-red-700 bg-red-50 text-red-900',
    info: 'border-accent-600 bg-accent-50 text-slate-900',
    success: 'border-green-700 bg-green-50 text-green-900',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('rounded border-l-4 px-3 py-2 text-sm', colours)}
    >
      {children}
    </div>
  );
}

export function PageTitle({ children, hint }: { children: ReactNode; hint?: ReactNode }) {
  return (
    <div className="mb-4">
      <h1 className="text-xl font-bold text-slate-900">{children}</h1>
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
    </div>
  );
}

export const inputClass =
  'block w-full rounded border border-slate-500 bg-white px-2 py-1.5 text-sm text-slate-900 aria-[invalid=true]:border-red-700';
export const labelClass = 'block text-sm font-medium text-slate-800';

export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-800">
      {message}
    </p>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="p-4 text-sm text-slate-700">
      {label}
    </p>
  );
}

/**
 * A labelled input with its hint and its error under it, tied together for screen readers
 * (aria-invalid; aria-describedby → `<id>-hint` and `<id>-error`, so the format a field wants is
 * still read out beside what was wrong). The rest of the props go to the input (react-hook-form's
 * `register(...)` included: React 19 passes its ref through).
 */
export function TextField({
  id,
  label,
  error,
  hint,
  className,
  ...input
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** Said under the input: the format or unit it wants. */
  hint?: ReactNode;
} & ComponentProps<'input'>) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        className={cx(inputClass, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
        }
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
