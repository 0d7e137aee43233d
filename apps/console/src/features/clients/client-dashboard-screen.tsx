import type { ClientDashboardView } from '@imali/contract';
import { formatCurrency, formatRatio } from '@imali/money';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Loading, PageTitle } from '../../components/ui';
import { messageOf } from '../../lib/api';
import { formatTime } from '../kyc/kyc-api';
import { clientDashboard } from './clients-api';

/**
 * "View as client" (decision 0065): the client's Dashboard figures as the client's own routes
 * answer them (GET /ops/v1/clients/:id/dashboard, clients.view_as), shown read-only, with no
 * action anywhere on the page. Amounts are formatted by the money package's display rules (spec
 * section 4), as the client app formats them. Opening it is recorded in the audit trail.
 */
export function ClientDashboardScreen() {
  const clientId = Number(useParams().clientId);
  const valid = Number.isSafeInteger(clientId) && clientId > 0;
  const view = useQuery({ ...clientDashboard(clientId), enabled: valid });
  if (!valid) return <Alert>There is no such client.</Alert>;
  if (view.isPending) return <Loading label="Loading the client’s dashboard…" />;
  if (view.isError) return <Alert>{messageOf(view.error)}</Alert>;
  return <DashboardView d={view.data} />;
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded border border-slate-300 bg-white p-3">
      <h2 id={`${id}-title`} className="mb-2 font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const th = 'px-2 py-1 text-left text-xs font-semibold text-slate-700';
const td = 'px-2 py-1 align-top';

function DashboardView({ d }: { d: ClientDashboardView }) {
  const p = d.portfolio;
  const money = (value: string) => formatCurrency(value, p.currency);
  const figures: [string, string][] = [
    ['Total value', money(p.total_value)],
    ['Net value (after loans)', money(p.net_value)],
    ['Cash balance', money(p.cash.balance)],
    ['Cash available', money(p.cash.available)],
    ['Held', money(p.cash.held)],
    ['Market value', money(p.market_value)],
    ['Unrealised profit', money(p.unrealised_profit)],
    ['Realised profit', money(p.realised_profit)],
    ['Day change', `${money(p.day_change)} (${formatRatio(p.day_change_ratio)})`],
  ];
  const orders = [...d.orders.holding, ...d.orders.awaiting];
  return (
    <section aria-labelledby="page-title">
      <p className="mb-2 text-sm">
        <Link to={`/clients/${d.client.id}`} className="text-accent-700 underline">
          ← Back to the client 360
        </Link>
      </p>
      <div
        role="note"
        aria-label="Read-only view"
        data-testid="view-as-banner"
        className="mb-4 rounded border-2 border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950"
      >
        <strong>Viewing as {d.client.displayName} — read only.</strong> This is the client’s Dashboard as they
        see it (as of {formatTime(d.viewedAt)}); nothing can be done from here, and this view is recorded in
        the audit trail.
      </div>
      <PageTitle
        hint={`Client ${d.client.id}, figures in ${p.currency}${p.converted ? ' (converted at mid rates)' : ''}.`}
      >
        <span id="page-title">Dashboard of {d.client.displayName}</span>
      </PageTitle>
      <div className="grid grid-cols-2 gap-4">
        <Panel id="portfolio" title="Portfolio">
          <dl className="grid grid-cols-[12rem_1fr] gap-x-2 gap-y-1 text-sm">
            {figures.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-600">{label}</dt>
                <dd className="tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </Panel>
        <Panel id="assets" title="Assets">
          <p className="mb-2 text-sm">
            Total in ZAR{' '}
            <strong className="tabular-nums">{formatCurrency(d.assets.total_value_zar, 'ZAR')}</strong>
          </p>
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={th}>Account</th>
                <th className={`${th} text-right`}>Balance</th>
                <th className={`${th} text-right`}>Withdrawable</th>
              </tr>
            </thead>
            <tbody>
              {d.accounts.map((a) => (
                <tr key={a.id} className="border-t border-slate-200">
                  <td className={td}>{a.currency}</td>
                  <td className={`${td} text-right tabular-nums`}>{formatCurrency(a.balance, a.currency)}</td>
                  <td className={`${td} text-right tabular-nums`}>
                    {formatCurrency(a.withdrawable, a.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>
        <Panel id="week" title="This week’s profit">
          {d.weekProfit.days.length === 0 ? (
            <p className="text-sm text-slate-600">No trading days yet.</p>
          ) : (
            <ul className="space-y-0.5 text-sm">
              {d.weekProfit.days.map((day) => (
                <li key={day.day} className="flex justify-between tabular-nums">
                  <span>{day.day}</span>
                  <span>{formatCurrency(day.profit, d.weekProfit.currency)}</span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel id="orders" title="Orders">
          {orders.length === 0 ? (
            <p className="text-sm text-slate-600">No orders held or waiting.</p>
          ) : (
            <table className="w-full text-sm">
              <thead>
                <tr>
                  <th className={th}>Name</th>
                  <th className={th}>Status</th>
                  <th className={`${th} text-right`}>Quantity</th>
                  <th className={`${th} text-right`}>Value</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.id} className="border-t border-slate-200">
                    <td className={td}>
                      {o.name} <span className="font-mono text-xs">{o.symbol}</span>
                    </td>
                    <td className={td}>{o.status}</td>
                    <td className={`${td} text-right tabular-nums`}>{o.quantity}</td>
                    <td className={`${td} text-right tabular-nums`}>
                      {formatCurrency(o.trade_value, o.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Panel>
      </div>
    </section>
  );
}
