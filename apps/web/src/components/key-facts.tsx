import type { ReactNode } from 'react';
import type { KeyFact } from '@imali/contract';
import { cn } from '@/lib/cn';

/**
 * An offering's key-facts sheet as label/text rows (what you buy, price, lock-up, selling early,
 * fees, allocation, maximum loss — the last in red), the same in every product drawer. `children`
 * are rows of the product's own put before them (e.g. a fund's costs in rand).
 */
export function KeyFactRows({ facts, children }: { facts: readonly KeyFact[]; children?: ReactNode }) {
  return (
    <dl className="divide-y divide-slate-100">
      {children}
      {facts.map((fact) => (
        <KeyFactRow key={fact.key} id={fact.key} label={fact.label}>
          {fact.text}
        </KeyFactRow>
      ))}
    </dl>
  );
}

export function KeyFactRow({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div data-fact={id} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className={cn('text-slate-800', id === 'maximum_loss' && 'font-semibold text-red-700')}>
        {children}
      </dd>
    </div>
  );
}
