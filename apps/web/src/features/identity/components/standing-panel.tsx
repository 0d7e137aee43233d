import { useStanding } from '../api/standing';

const rand = (n: number) => `ZAR ${n.toLocaleString('en-ZA')}`;

/**
 * What the VIP level and the trust score mean and how they are derived: the server computes both
 * from documented rules (never typed in), and this panel shows every rule and whether it is met.
 */
export function StandingPanel() {
  const { data, isLoading, isError } = useStanding();
  if (isLoading) return <p className="text-sm text-slate-500">Loading your standing…</p>;
  if (isError || !data) return null;
  return (
    <section aria-labelledby="standing-title" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="standing-title" className="text-base font-semibold text-slate-900">
        VIP level and trust score
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Both are worked out by Imali from the rules below ({data.version}); nobody sets them by hand.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <p className="text-sm font-semibold text-slate-900">VIP {data.vip}</p>
          <p className="mt-1 text-sm text-slate-600">
            Your level follows the total you have invested. Levels start at{' '}
            {data.vip_thresholds_rand.slice(1).map(rand).join(', ')}.
            {data.next_vip_at_rand !== null
              ? ` The next level starts at ${rand(data.next_vip_at_rand)} invested.`
              : ' You are at the top level.'}
          </p>
        </div>
        <div>
          <p className="text-sm font-semibold text-slate-900">
            Trust score {data.score} of {data.max_score}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            Points for each step that makes your account safer and more established. Executed orders:{' '}
            {data.order_num}.
          </p>
        </div>
      </div>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">Trust score rules</caption>
        <thead>
          <tr className="text-xs text-slate-500">
            <th scope="col" className="py-1 font-medium">
              Rule
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Points
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Met
            </th>
          </tr>
        </thead>
        <tbody>
          {data.rules.map((rule) => (
            <tr key={rule.code} className="border-t border-slate-100">
              <td className="py-1.5 pr-2 text-slate-700">{rule.label}</td>
              <td className="py-1.5 text-right tabular-nums text-slate-700">{rule.points}</td>
              <td
                className={`py-1.5 text-right font-medium ${rule.met ? 'text-emerald-600' : 'text-slate-400'}`}
              >
                {rule.met ? 'Yes' : 'Not yet'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
