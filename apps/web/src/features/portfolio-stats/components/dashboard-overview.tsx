import { Link } from 'react-router';
import { EyeIcon, EyeOffIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { MASK, PRODUCT_LABELS, money, signedMoney, signedRatio, toneClass } from '../model/format';
import { AllocationDonut } from './allocation-donut';
import { LoanLiabilities, NetOfLoans } from './loan-liabilities';
import type { DashboardStats } from './use-dashboard-stats';
import { WeekProfitBars } from './week-profit-bars';

/**
 * The Dashboard's portfolio block: the total value in ZAR with the assets-visibility toggle (and,
 * when loans are owed, the total net of them and the loans as liabilities), today's change (green
 * up, red down, grey flat), the week's profit bars and the allocation by product. The visibility preference is the app's (kept in local storage); hidden, every amount
 * shows the mask.
 */
export function DashboardOverview({
  stats,
  visible,
  onToggleVisibility,
}: {
  stats: DashboardStats;
  visible: boolean;
  onToggleVisibility: () => void;
}) {
  const { portfolio, assets, week, loading } = stats;
  const summary = portfolio.data;
  // The total: the assets endpoint's, or the portfolio total (the same figure) when assets failed.
  const total = assets.data?.total_value_zar ?? summary?.total_value;
  const totalLoading = loading.assets || (assets.isError && loading.portfolio);
  return (
    <div
      className="mb-6 space-y-4"
      data-testid="dashboard-stats"
      data-loading-profile={String(loading.profile)}
      data-loading-portfolio={String(loading.portfolio)}
      data-loading-assets={String(loading.assets)}
    >
      <section
        aria-labelledby="dashboard-total-label"
        className="overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-700 to-brand-500 p-6 text-white shadow-lg shadow-brand-900/10 sm:p-8"
      >
        <div className="flex items-center justify-between gap-3">
          <h2 id="dashboard-total-label" className="text-sm font-medium text-brand-100">
            Total portfolio value
          </h2>
          <button
            type="button"
            onClick={onToggleVisibility}
            aria-pressed={!visible}
            aria-label={visible ? 'Hide amounts' : 'Show amounts'}
            title={visible ? 'Hide amounts' : 'Show amounts'}
            className="rounded-full p-1.5 text-brand-100 transition-colors hover:bg-white/10 hover:text-white"
            data-testid="visibility-toggle"
          >
            {visible ? <EyeIcon size={18} /> : <EyeOffIcon size={18} />}
          </button>
        </div>
        <div className="mt-2 min-h-10 sm:min-h-12" aria-live="polite" aria-busy={totalLoading}>
          {totalLoading ? (
            <Skeleton className="h-9 w-56 bg-white/20 sm:h-11" />
          ) : (
            <p
              className="text-3xl font-bold tracking-tight break-all tabular-nums sm:text-4xl"
              data-testid="dashboard-total"
            >
              {total === undefined ? '-' : money(total, 'ZAR', visible)}
            </p>
          )}
        </div>
        {summary && (
          <NetOfLoans summary={summary} visible={visible} className="text-brand-100" testId="dashboard-net" />
        )}
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="text-brand-100">Today</span>
          {loading.portfolio ? (
            <Skeleton className="h-6 w-40 bg-white/20" />
          ) : summary ? (
            // A light pill, so the sign colours read on the dark card.
            <span
              data-testid="day-change"
              className={cn(
                'rounded-full bg-white px-2.5 py-0.5 font-semibold tabular-nums',
                visible ? toneClass(summary.day_change) : 'text-slate-500',
              )}
            >
              {signedMoney(summary.day_change, summary.currency, visible)}{' '}
              <span className="font-medium">({visible ? signedRatio(summary.day_change_ratio) : MASK})</span>
            </span>
          ) : (
            <span className="text-brand-100">-</span>
          )}
        </div>
        {/* Laid out while loading too (labels, value placeholders of the text's height), so the
            figures arriving do not push the cards below down (layout shift; decision 0039). */}
        {(summary || loading.portfolio) && (
          <dl className="mt-5 grid grid-cols-2 gap-3 border-t border-white/15 pt-4 text-sm sm:max-w-md">
            <div>
              <dt className="text-brand-100">Cash</dt>
              <dd className="font-semibold tabular-nums" data-testid={summary ? 'dashboard-cash' : undefined}>
                {summary ? (
                  money(summary.cash.balance, summary.currency, visible)
                ) : (
                  <Skeleton className="h-5 w-24 bg-white/20" />
                )}
              </dd>
            </div>
            <div>
              <dt className="text-brand-100">Holdings</dt>
              <dd
                className="font-semibold tabular-nums"
                data-testid={summary ? 'dashboard-market-value' : undefined}
              >
                {summary ? (
                  money(summary.market_value, summary.currency, visible)
                ) : (
                  <Skeleton className="h-5 w-24 bg-white/20" />
                )}
              </dd>
            </div>
          </dl>
        )}
        {/* The conversion note's room is kept whether or not it shows (two lines on a phone). */}
        <p className="mt-3 min-h-8 text-xs text-brand-100 sm:min-h-4">
          {summary?.converted &&
            "Accounts in other currencies are converted to ZAR at today's published mid rates."}
        </p>
      </section>

      {summary && <LoanLiabilities summary={summary} visible={visible} />}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <section
          aria-labelledby="week-profit-heading"
          className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <div className="mb-2 flex items-baseline justify-between gap-2">
            <h2 id="week-profit-heading" className="text-base font-semibold text-slate-900">
              This week&apos;s profit
            </h2>
            {week.data && <span className="text-xs text-slate-500">{week.data.currency} account</span>}
          </div>
          {week.data ? (
            <WeekProfitBars week={week.data} visible={visible} />
          ) : week.isError ? (
            <p className="py-10 text-center text-sm text-slate-500">
              The week&apos;s profit could not be loaded.
            </p>
          ) : (
            <Skeleton className="h-44 w-full" />
          )}
        </section>
        <section
          aria-labelledby="allocation-heading"
          className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <div className="mb-3 flex items-baseline justify-between gap-2">
            <h2 id="allocation-heading" className="text-base font-semibold text-slate-900">
              Allocation
            </h2>
            <Link
              to="/portfolio/summary"
              className="text-sm font-semibold text-brand-600 hover:text-brand-700"
            >
              Summary
            </Link>
          </div>
          {summary ? (
            <AllocationDonut
              label="Allocation by product"
              currency={summary.currency}
              total={summary.market_value}
              visible={visible}
              items={summary.allocation.by_product.map((p) => ({
                key: p.product,
                label: PRODUCT_LABELS[p.product],
                market_value: p.market_value,
                weight: p.weight,
              }))}
            />
          ) : portfolio.isError ? (
            <p className="py-10 text-center text-sm text-slate-500">The allocation could not be loaded.</p>
          ) : (
            <Skeleton className="h-32 w-full" />
          )}
        </section>
      </div>
    </div>
  );
}
