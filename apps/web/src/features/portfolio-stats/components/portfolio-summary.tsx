import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  PORTFOLIO_PERIODS,
  PORTFOLIO_PRODUCTS,
  type PortfolioPeriod,
  type PortfolioSummary as Summary,
  type ValueSeries,
} from '@imali/contract';
import { AfterFirstPaint } from '@/components/ui/after-first-paint';
import { KeyValueSection } from '@/components/ui/key-value-section';
import { EyeIcon, EyeOffIcon } from '@/components/ui/icons';
import { Skeleton, DetailCardSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useAccounts } from '@/lib/accounts';
import { cn } from '@/lib/cn';
import { useAssetSummary, usePortfolioSummary, useValueSeries, type AccountChoice } from '../api/stats';
import {
  PERIOD_LABELS,
  PRODUCT_LABELS,
  dayLabel,
  magnitude,
  money,
  ratio,
  signedMoney,
  signedRatio,
  toneClass,
} from '../model/format';
import { FETCH_PORTFOLIO_FAILED } from '../model/loading';
import { DEFAULT_PERIOD, summaryChoice } from '../model/summary-choice';
import { AllocationDonut } from './allocation-donut';
import { LoanLiabilities, NetOfLoans } from './loan-liabilities';
import { ProductBreakdown } from './product-breakdown';
import { ValueChart } from './value-chart';

export const RETURNS_EXPLAINED =
  'Time-weighted return (TWR) measures the investments alone, ignoring when money came in or out; money-weighted return (MWR) is what your own money earned, that timing included.';
/** How the MWR is computed (decision 0054): said beside the figures, so "a year" is never a guess. */
export const MWR_EXPLAINED =
  'MWR is the internal rate of return (IRR) of your deposits and withdrawals: over the period for periods up to a year, a year (annualised) for longer ones.';

/** The money-weighted figure's label: the period's IRR, or its annual rate above a year. */
export const mwrLabel = (r: { mwr_basis: 'period' | 'annualised' }, period: PortfolioPeriod) =>
  r.mwr_basis === 'annualised' ? `Money-weighted, IRR a year (${period})` : `Money-weighted, IRR (${period})`;

const accountLabel = (a: { currency: string }) => `${a.currency} account`;

/**
 * /portfolio/summary: one account or the client's total (in ZAR at mid rates) — the value over the
 * chosen period (chart with a table for screen readers), time- and money-weighted returns, cash,
 * value, cost and profit, allocation by product and sector, and each product type's positions.
 *
 * The first screen (switcher, total, period, chart) renders first; the returns table, the figures,
 * the allocation and the positions (and their requests) once it has painted (decision 0039). Each
 * part reads its own queries, so one response re-renders only the part that shows it.
 */
export function PortfolioSummary({
  visible,
  onToggleVisibility,
}: {
  visible: boolean;
  onToggleVisibility: () => void;
}) {
  // The choices live in the address (?account=&period=), so a reload or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const { account, period } = summaryChoice(params);
  const choose = (next: { account?: AccountChoice; period?: PortfolioPeriod }) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        const a = next.account ?? account;
        const p = next.period ?? period;
        if (a === '') out.delete('account');
        else out.set('account', String(a));
        if (p === DEFAULT_PERIOD) out.delete('period');
        else out.set('period', p);
        return out;
      },
      { replace: true },
    );
  const summary = usePortfolioSummary(account);

  const failedAt = summary.isError ? summary.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(FETCH_PORTFOLIO_FAILED);
  }, [failedAt]);

  return (
    <div className="space-y-4" data-testid="portfolio-summary">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <AccountSwitcher account={account} onChange={(a) => choose({ account: a })} />
        <button
          type="button"
          onClick={onToggleVisibility}
          aria-pressed={!visible}
          className="inline-flex items-center gap-1.5 rounded-full px-2.5 py-1.5 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          {visible ? <EyeIcon size={17} /> : <EyeOffIcon size={17} />}
          {visible ? 'Hide amounts' : 'Show amounts'}
        </button>
      </div>

      {summary.data ? (
        <SummaryBody
          summary={summary.data}
          account={account}
          period={period}
          onPeriod={(p) => choose({ period: p })}
          visible={visible}
        />
      ) : summary.isError ? (
        <p className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          Your portfolio could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void summary.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <div className="space-y-4" role="status" aria-label="Loading">
          <Skeleton className="h-80 w-full rounded-2xl" />
          <DetailCardSkeleton rows={6} />
        </div>
      )}

      <AfterFirstPaint placeholder={<Skeleton className="h-40 w-full rounded-2xl" />}>
        <PositionsByProduct account={account} visible={visible} />
      </AfterFirstPaint>
    </div>
  );
}

function AccountSwitcher({
  account,
  onChange,
}: {
  account: AccountChoice;
  onChange: (account: AccountChoice) => void;
}) {
  const accounts = useAccounts();
  const selectId = useId();
  return (
    <div className="w-full sm:w-64">
      <label htmlFor={selectId} className="mb-1 block text-xs font-medium text-slate-500">
        Account
      </label>
      <select
        id={selectId}
        value={String(account)}
        onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
        className="w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 shadow-sm focus:border-brand-500"
        data-testid="account-switcher"
      >
        <option value="">All accounts (ZAR)</option>
        {accounts.data?.map((a) => (
          <option key={a.id} value={a.id}>
            {accountLabel(a)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Each product type's positions: the chosen account's, or each account's that holds something. */
function PositionsByProduct({ account, visible }: { account: AccountChoice; visible: boolean }) {
  const assets = useAssetSummary();
  const holdingAccounts: Array<{ id: AccountChoice; label: string }> =
    account !== ''
      ? [{ id: account, label: '' }]
      : (assets.data?.accounts ?? [])
          .filter((a) => /[1-9]/.test(a.market_value))
          .map((a) => ({ id: a.account_id, label: accountLabel(a) }));
  return (
    <section aria-labelledby="breakdown-heading" className="space-y-3">
      <h2 id="breakdown-heading" className="text-base font-semibold text-slate-900">
        Positions by product
      </h2>
      {holdingAccounts.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">
          {assets.isPending && account === '' ? 'Loading…' : 'No positions held.'}
        </p>
      ) : (
        holdingAccounts.map((h) => (
          <div key={String(h.id)} className="space-y-3">
            {h.label && <p className="text-sm font-medium text-slate-600">{h.label}</p>}
            <div className="grid grid-cols-1 gap-3 xl:grid-cols-3">
              {PORTFOLIO_PRODUCTS.map((product) => (
                <ProductBreakdown key={product} product={product} account={h.id} visible={visible} />
              ))}
            </div>
          </div>
        ))
      )}
    </section>
  );
}

function SummaryBody({
  summary,
  account,
  period,
  onPeriod,
  visible,
}: {
  summary: Summary;
  account: AccountChoice;
  period: PortfolioPeriod;
  onPeriod: (p: PortfolioPeriod) => void;
  visible: boolean;
}) {
  const c = summary.currency;
  const chosen = summary.returns.find((r) => r.period === period);
  return (
    <>
      <section
        aria-labelledby="summary-value-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="summary-value-heading" className="text-sm font-medium text-slate-500">
              Total value{summary.converted ? ' (converted to ZAR at mid rates)' : ''}
            </h2>
            <p
              className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl"
              data-testid="summary-total"
            >
              {money(summary.total_value, c, visible)}
            </p>
            <NetOfLoans summary={summary} visible={visible} className="text-slate-600" testId="summary-net" />
            <p className="mt-1 text-sm">
              <span className="text-slate-500">Today </span>
              <span
                className={cn(
                  'font-semibold tabular-nums',
                  visible ? toneClass(summary.day_change) : 'text-slate-500',
                )}
                data-testid="summary-day-change"
              >
                {signedMoney(summary.day_change, c, visible)} ({signedRatio(summary.day_change_ratio)})
              </span>
            </p>
          </div>
          <div role="group" aria-label="Period" className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
            {PORTFOLIO_PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                aria-pressed={p === period}
                title={PERIOD_LABELS[p]}
                onClick={() => onPeriod(p)}
                className={cn(
                  'min-w-10 rounded-lg px-2.5 py-1.5 text-xs font-semibold transition-colors',
                  p === period ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-500 hover:text-slate-800',
                )}
              >
                {p}
              </button>
            ))}
          </div>
        </div>

        {chosen && (
          <dl
            className="mt-4 grid grid-cols-2 gap-3 sm:max-w-md"
            data-testid="period-return"
            data-period={period}
          >
            <div className="rounded-xl bg-slate-50 px-3 py-2">
              <dt className="text-xs text-slate-500">Time-weighted ({period})</dt>
              <dd
                className={cn('text-lg font-bold tabular-nums', toneClass(chosen.twr))}
                data-testid="period-twr"
              >
                {signedRatio(chosen.twr)}
              </dd>
            </div>
            <div className="rounded-xl bg-slate-50 px-3 py-2">
              <dt className="text-xs text-slate-500" data-testid="period-mwr-label">
                {mwrLabel(chosen, period)}
              </dt>
              <dd
                className={cn('text-lg font-bold tabular-nums', toneClass(chosen.mwr))}
                data-testid="period-mwr"
              >
                {signedRatio(chosen.mwr)}
              </dd>
            </div>
          </dl>
        )}

        <ValueOverPeriod account={account} period={period} since={chosen?.from} visible={visible} />
      </section>

      <LoanLiabilities summary={summary} visible={visible} headingLevel={3} />

      <AfterFirstPaint placeholder={<Skeleton className="h-[760px] w-full rounded-2xl lg:h-[520px]" />}>
        <SummaryDetails summary={summary} period={period} visible={visible} />
      </AfterFirstPaint>
    </>
  );
}

/** The value chart over the period (the chosen account's, or the ZAR account's for the total). */
function ValueOverPeriod({
  account,
  period,
  since,
  visible,
}: {
  account: AccountChoice;
  period: PortfolioPeriod;
  since: string | undefined;
  visible: boolean;
}) {
  const accounts = useAccounts();
  const valueSeries = useValueSeries(account, period);
  const series = valueSeries.data;
  const [showTable, setShowTable] = useState(false);
  const chosenAccount = accounts.data?.find((a) => a.id === account);
  const seriesAccountLabel = chosenAccount ? accountLabel(chosenAccount) : 'ZAR account';
  const seriesLoading = valueSeries.isPending || valueSeries.isPlaceholderData;
  return (
    <div className="mt-4">
      <p className="mb-1 text-xs text-slate-500">
        {seriesAccountLabel} · value at the end of each day, {PERIOD_LABELS[period].toLowerCase()}
        {since ? ` (since ${dayLabel(since)})` : ''}
      </p>
      {valueSeries.isError ? (
        <p className="flex h-56 items-center justify-center text-sm text-slate-500">
          The chart could not be loaded.
        </p>
      ) : series && !seriesLoading ? (
        <>
          {series.points.length < 2 ? (
            // One day is a dot, not a chart.
            <p
              className="flex h-40 items-center justify-center rounded-xl bg-slate-50 px-6 text-center text-sm text-slate-500"
              data-testid="value-chart"
              data-period={series.period}
              data-points={series.points.length}
            >
              The chart starts once there are two days of values: one is added at the end of each day.
            </p>
          ) : (
            <ValueChart series={series} visible={visible} />
          )}
          <button
            type="button"
            className="mt-2 text-sm font-medium text-brand-600 hover:text-brand-700"
            aria-expanded={showTable}
            onClick={() => setShowTable((s) => !s)}
          >
            {showTable ? 'Hide the table' : 'Show as a table'}
          </button>
          <SeriesTable series={series} visible={visible} shown={showTable} />
        </>
      ) : (
        <Skeleton className="h-56 w-full sm:h-64" />
      )}
    </div>
  );
}

/** Below the first screen: the returns of every period, the figures and the allocation. */
function SummaryDetails({
  summary,
  period,
  visible,
}: {
  summary: Summary;
  period: PortfolioPeriod;
  visible: boolean;
}) {
  const c = summary.currency;
  return (
    <div className="space-y-4">
      <section
        aria-labelledby="returns-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h2 id="returns-heading" className="text-sm font-semibold text-slate-900">
          Returns
        </h2>
        <p className="mt-1 text-xs text-slate-500" data-testid="returns-explained">
          {RETURNS_EXPLAINED} {MWR_EXPLAINED}
          {summary.account_id === null && " All accounts together: in ZAR at today's mid rates."}
        </p>
        <table className="mt-3 w-full text-sm" data-testid="returns-table">
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th scope="col" className="py-1 font-medium">
                Period
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                TWR
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                MWR (IRR)
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.returns.map((r) => (
              <tr
                key={r.period}
                data-period={r.period}
                className={cn('border-t border-slate-100', r.period === period && 'bg-brand-50/60')}
              >
                <th scope="row" className="py-1.5 text-left font-medium text-slate-700">
                  <abbr title={PERIOD_LABELS[r.period]} className="no-underline">
                    {r.period}
                  </abbr>
                </th>
                <td className={cn('py-1.5 text-right tabular-nums', toneClass(r.twr))}>
                  {signedRatio(r.twr)}
                </td>
                <td className={cn('py-1.5 text-right tabular-nums', toneClass(r.mwr))}>
                  {signedRatio(r.mwr)}
                  {r.mwr !== null && r.mwr_basis === 'annualised' && (
                    <span className="text-xs text-slate-500"> a year</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <KeyValueSection
          title="Cash and holdings"
          rows={[
            { label: 'Cash balance', value: money(summary.cash.balance, c, visible) },
            { label: 'Available', value: money(summary.cash.available, c, visible) },
            { label: 'Held for orders', value: money(summary.cash.held, c, visible) },
            { label: 'Market value', value: money(summary.market_value, c, visible) },
            { label: 'Cost', value: money(summary.cost, c, visible) },
            {
              label: 'Unrealised profit',
              value: (
                <span
                  className={visible ? toneClass(summary.unrealised_profit) : undefined}
                  data-testid="summary-unrealised"
                >
                  {signedMoney(summary.unrealised_profit, c, visible)}
                </span>
              ),
            },
            {
              label: 'Realised profit',
              value: (
                <span
                  className={visible ? toneClass(summary.realised_profit) : undefined}
                  data-testid="summary-realised"
                >
                  {signedMoney(summary.realised_profit, c, visible)}
                </span>
              ),
            },
          ]}
        />
        <section
          aria-labelledby="allocation-summary-heading"
          className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4"
        >
          <h2 id="allocation-summary-heading" className="text-sm font-semibold text-slate-900">
            Allocation
          </h2>
          <AllocationDonut
            label="Allocation by product"
            currency={c}
            total={summary.market_value}
            visible={visible}
            items={summary.allocation.by_product.map((p) => ({
              key: p.product,
              label: PRODUCT_LABELS[p.product],
              market_value: p.market_value,
              weight: p.weight,
            }))}
          />
          {summary.allocation.by_sector.length > 0 && (
            <div>
              <h3 className="mb-2 text-xs font-medium text-slate-500">By sector</h3>
              <ul className="space-y-2" aria-label="Allocation by sector" data-testid="sector-list">
                {summary.allocation.by_sector.map((s) => (
                  <li key={s.sector} className="text-sm">
                    <div className="flex justify-between gap-3">
                      <span className="truncate text-slate-700">{s.sector}</span>
                      <span className="font-semibold text-slate-900 tabular-nums">{ratio(s.weight)}</span>
                    </div>
                    <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                      <div
                        className="h-1.5 rounded-full bg-brand-500"
                        style={{ width: `${Math.min(100, Math.max(0, magnitude(s.weight) * 100))}%` }}
                      />
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

/** The chart's points as a table: always there for screen readers, on screen on request. */
function SeriesTable({ series, visible, shown }: { series: ValueSeries; visible: boolean; shown: boolean }) {
  // Loan money has its own column (it is not a deposit), shown when the period has any.
  const loans = series.points.some((p) => /[1-9]/.test(p.loan_flow));
  return (
    <div className={shown ? 'mt-2 max-h-64 overflow-auto rounded-lg border border-slate-100' : 'sr-only'}>
      <table className="w-full text-left text-xs" data-testid="value-table" data-period={series.period}>
        <caption className="sr-only">
          Value at the end of each day, {PERIOD_LABELS[series.period].toLowerCase()} ({series.currency})
        </caption>
        <thead className="sticky top-0 bg-slate-50">
          <tr>
            <th scope="col" className="px-3 py-1.5 font-medium">
              Day
            </th>
            <th scope="col" className="px-3 py-1.5 text-right font-medium">
              Value
            </th>
            <th scope="col" className="px-3 py-1.5 text-right font-medium">
              Net deposits
            </th>
            {loans && (
              <th scope="col" className="px-3 py-1.5 text-right font-medium">
                Loan
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {[...series.points].reverse().map((p) => (
            <tr key={p.day} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-1 font-normal whitespace-nowrap">
                {dayLabel(p.day)}
              </th>
              <td className="px-3 py-1 text-right tabular-nums">
                {money(p.value, series.currency, visible)}
              </td>
              <td className="px-3 py-1 text-right tabular-nums">
                {signedMoney(p.net_flow, series.currency, visible)}
              </td>
              {loans && (
                <td className="px-3 py-1 text-right tabular-nums">
                  {signedMoney(p.loan_flow, series.currency, visible)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
