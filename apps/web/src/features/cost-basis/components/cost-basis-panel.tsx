import { useId, useState } from 'react';
import type { CostBasisMethod } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useChooseCostBasis, useCostBasis } from '../api/cost-basis';

const plural = (n: number) => `${n} open position${n === 1 ? '' : 's'}`;

/**
 * Me > Profile: how a sale's cost (and so its profit) is worked out, average cost or FIFO. The
 * choice applies to positions opened after it; a position keeps its method until it is sold out.
 */
export function CostBasisPanel() {
  const { data, isLoading, isError } = useCostBasis();
  const choose = useChooseCostBasis();
  // null: nothing picked yet, so the saved method shows as selected.
  const [picked, setPicked] = useState<CostBasisMethod | null>(null);
  const name = useId();
  if (isLoading) return <p className="text-sm text-slate-500">Loading your cost basis…</p>;
  if (isError || !data) return null;
  const selected = picked ?? data.method;
  const changed = selected !== data.method;
  const save = () => {
    if (!changed) return;
    choose.mutate(selected, {
      onSuccess: () => {
        setPicked(null);
        toast.success('Cost basis saved.');
      },
      onError: (error) => toast.error(error.message),
    });
  };
  const open = data.open_positions;
  return (
    <section aria-labelledby="cost-basis-title" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="cost-basis-title" className="text-base font-semibold text-slate-900">
        Cost basis
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        How the cost of shares or units you sell is worked out, and so the profit on each receipt and in your
        portfolio.
      </p>
      <fieldset className="mt-4 space-y-2">
        <legend className="sr-only">Cost-basis method</legend>
        {data.methods.map((m) => (
          <label
            key={m.value}
            className="flex cursor-pointer gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={m.value}
              checked={selected === m.value}
              onChange={() => setPicked(m.value)}
              className="mt-1 accent-brand-600"
            />
            <span>
              <span className="block text-sm font-semibold text-slate-900">
                {m.label}
                {m.value === data.method && (
                  <span className="ml-2 text-xs font-medium text-slate-500">(current)</span>
                )}
              </span>
              <span className="block text-sm text-slate-600">{m.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="mt-3 text-xs text-slate-500" data-testid="cost-basis-note">
        A change applies to positions you open from now on. A position you hold keeps the method it was opened
        with until you have sold all of it
        {open.average + open.fifo > 0
          ? ` (now: ${plural(open.average)} on average cost, ${plural(open.fifo)} on FIFO).`
          : '.'}
      </p>
      <Button className="mt-3" disabled={!changed || choose.isPending} onClick={save}>
        {choose.isPending ? 'Saving…' : 'Save'}
      </Button>
    </section>
  );
}
