import type { LoanInstalment } from '@imali/contract';
import { money } from '../model/forms';

/** A repayment schedule as a table (caption for screen readers; scrolls sideways on a phone). */
export function LoanSchedule({ rows, currency }: { rows: readonly LoanInstalment[]; currency: string }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full min-w-[28rem] text-right text-xs">
        <caption className="sr-only">Repayment schedule</caption>
        <thead className="bg-slate-50 text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              #
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Due
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Instalment
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Interest
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Principal
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Balance after
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-800">
          {rows.map((r) => (
            <tr key={r.seq}>
              <td className="px-3 py-1.5 text-left">{r.seq}</td>
              <td className="px-3 py-1.5 text-left whitespace-nowrap">{r.due_on}</td>
              <td className="px-3 py-1.5">{money(r.instalment, currency)}</td>
              <td className="px-3 py-1.5">{money(r.interest, currency)}</td>
              <td className="px-3 py-1.5">{money(r.principal, currency)}</td>
              <td className="px-3 py-1.5">{money(r.balance_after, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
