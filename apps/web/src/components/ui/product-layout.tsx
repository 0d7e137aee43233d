import type { ReactNode } from 'react';
import { LockIcon } from './icons';

/**
 * A product drawer's two columns: what the product is (its header, price, terms and key facts,
 * read first) and, beside it on a wide screen (sticky) or below it on a phone, the order form.
 * `data` attributes go on the grid (e.g. `{ 'data-dtype': 'fo' }`).
 */
export function ProductLayout({
  testId,
  data,
  children,
}: {
  testId: string;
  data?: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  return (
    <div
      className="mx-auto grid max-w-5xl gap-5 pb-6 lg:grid-cols-[1fr_23rem]"
      data-testid={testId}
      {...data}
    >
      {children}
    </div>
  );
}

/** The order form's column of a `ProductLayout`. */
export function FormColumn({ children }: { children: ReactNode }) {
  return <div className="min-w-0 lg:sticky lg:top-0 lg:self-start">{children}</div>;
}

/** The line under a form whose sending asks for the PIN. */
export function PinHint() {
  return (
    <p className="flex items-center gap-2 text-xs text-slate-500">
      <LockIcon size={14} /> You will confirm with your 6-digit PIN.
    </p>
  );
}
