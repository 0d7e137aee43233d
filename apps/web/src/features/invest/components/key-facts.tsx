import type { KeyFact } from '@imali/contract';
import { cn } from '@/lib/cn';

/**
 * The offering's key-facts sheet, every line, shown above the order form so it is read before
 * anything is confirmed (what you buy, price, lock-up, selling early, fees, allocation, maximum loss).
 */
export function KeyFacts({ facts }: { facts: readonly KeyFact[] }) {
  return (
    <section
      aria-label="Key facts"
      data-testid="key-facts"
      className="rounded-2xl border border-slate-200 bg-white"
    >
      <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">Key facts</h3>
      <dl className="divide-y divide-slate-100">
        {facts.map((fact) => (
          <div
            key={fact.key}
            data-fact={fact.key}
            className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[10rem_1fr] sm:gap-4"
          >
            <dt className="font-medium text-slate-500">{fact.label}</dt>
            <dd className={cn('text-slate-800', fact.key === 'maximum_loss' && 'font-semibold text-red-700')}>
              {fact.text}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
