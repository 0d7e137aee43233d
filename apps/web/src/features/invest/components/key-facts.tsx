import type { KeyFact } from '@imali/contract';
import { KeyFactRows } from '@/components/key-facts';

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
      <KeyFactRows facts={facts} />
    </section>
  );
}
