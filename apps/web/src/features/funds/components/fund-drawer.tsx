import { useState } from 'react';
import { FUND_NAV_RANGES, type FundDetail, type FundNavRange, type OrderResult } from '@imali/contract';
import { formatQuantity } from '@imali/money';
import { KeyFactRow, KeyFactRows } from '@/components/key-facts';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { FormColumn, ProductLayout } from '@/components/ui/product-layout';
import { PlacedScreen } from '@/components/ui/placed-screen';
import { ProductDrawerSkeleton, Skeleton } from '@/components/ui/skeleton';
import { SummaryRows } from '@/components/ui/summary-rows';
import { cn } from '@/lib/cn';
import { useOrderFlow, type OrderFlowDeps, type ProductDrawerProps } from '@/lib/order-flow';
import { useDebounced } from '@/lib/use-debounced';
import { useReadToEnd } from '@/lib/use-read-to-end';
import { subscribeToFund, useFund, useFundNavs, useFundPreview } from '../api/funds';
import { amountProblem, dayText, navText, pricedAtText, rand } from '../model/format';
import { NavChart } from './nav-chart';

/**
 * The 'fund' bottom drawer (Fund Investment, 85vh): key facts first (Subscribe enables once they
 * are scrolled to the end, as the KYC agreement), the NAV chart (with a table), the forward-pricing
 * line, the amount with its minimum, the preview, then Verify Your PIN and the placed confirmation.
 */
export default function FundDrawer({ id, close, closeAndNavigate, ...deps }: ProductDrawerProps) {
  const fund = useFund(id);
  const [placed, setPlaced] = useState<OrderResult | null>(null);
  if (placed) {
    const f = placed.order.fund;
    return (
      <PlacedScreen
        testId="fund-placed"
        title="Subscription placed"
        message={placed.message}
        rows={
          f
            ? [
                { label: 'Amount held', value: rand(f.amount) },
                { label: 'Status', value: 'Pending valuation' },
                { label: 'Priced at', value: `${dayText(f.valuation.date)} ${f.valuation.time} SAST` },
                { label: 'Reference', value: placed.order.reference },
              ]
            : []
        }
        actions={[
          { label: 'Done', onClick: close },
          {
            label: 'View in Portfolio',
            onClick: () => closeAndNavigate('/portfolio/awaiting'),
            primary: true,
          },
        ]}
      />
    );
  }
  if (fund.isError) {
    return (
      <LoadFailed
        title="This fund could not be loaded"
        error={fund.error}
        onRetry={() => void fund.refetch()}
      />
    );
  }
  if (!fund.data) return <ProductDrawerSkeleton />;
  return <FundDetailView fund={fund.data} deps={deps} onPlaced={setPlaced} />;
}

function FundDetailView({
  fund,
  deps,
  onPlaced,
}: {
  fund: FundDetail;
  deps: OrderFlowDeps;
  onPlaced: (r: OrderResult) => void;
}) {
  const t = fund.terms;
  const [range, setRange] = useState<FundNavRange>('3m');
  const navs = useFundNavs(fund.id, range);
  const { read: factsRead, attach, onScroll } = useReadToEnd();
  const open = fund.status === 'open';

  return (
    <ProductLayout testId="fund-detail">
      <div className="min-w-0 space-y-5">
        <div>
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-700">
              FUND
            </span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{t.category}</span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
              Risk {t.risk_profile} of 7
            </span>
          </div>
          <h2 className="mt-2 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">{fund.name}</h2>
          <p className="mt-0.5 text-sm text-slate-500">
            {t.code} · benchmark {t.benchmark.name} · {t.distribution_policy}
          </p>
        </div>

        <section aria-label="Key facts" className="rounded-2xl border border-slate-200 bg-white">
          <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">
            Key facts {factsRead ? '' : '(scroll to the end to continue)'}
          </h3>
          <div
            ref={attach}
            onScroll={onScroll}
            tabIndex={0}
            className="max-h-56 overflow-y-auto"
            data-testid="fund-key-facts"
          >
            <KeyFactRows facts={fund.key_facts}>
              <KeyFactRow id="costs" label={`Costs on ${rand(fund.costs_on_minimum.amount)} a year`}>
                TER {t.ter_percent}% = {rand(fund.costs_on_minimum.ter)}; transaction costs{' '}
                {t.transaction_costs_percent}% = {rand(fund.costs_on_minimum.transaction_costs)}; platform fee{' '}
                {t.platform_fee_percent}% = {rand(fund.costs_on_minimum.platform_fee)}. Total{' '}
                {rand(fund.costs_on_minimum.total)} a year.
              </KeyFactRow>
            </KeyFactRows>
          </div>
        </section>

        <section aria-label="NAV history" className="rounded-2xl border border-slate-200 p-4">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <div>
              <p className="text-xs font-medium text-slate-500">
                NAV per unit ({dayText(fund.latest_nav.date)})
              </p>
              <p className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="latest-nav">
                {navText(fund.latest_nav.nav)}
              </p>
            </div>
            <div role="group" aria-label="Range" className="flex gap-1">
              {FUND_NAV_RANGES.map((r) => (
                <button
                  key={r}
                  type="button"
                  aria-pressed={r === range}
                  onClick={() => setRange(r)}
                  className={cn(
                    'rounded-md px-2 py-1 text-xs font-medium',
                    r === range ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-100',
                  )}
                >
                  {r.toUpperCase()}
                </button>
              ))}
            </div>
          </div>
          <div className="mt-3">
            {navs.data ? <NavChart points={navs.data.points} /> : <Skeleton className="h-48 w-full" />}
          </div>
          <p className="mt-2 text-xs text-slate-500">
            Simulated NAVs. Past performance is no guide to the future.
          </p>
        </section>
      </div>

      <FormColumn>
        <SubscribeForm fund={fund} factsRead={factsRead} open={open} deps={deps} onPlaced={onPlaced} />
      </FormColumn>
    </ProductLayout>
  );
}

function SubscribeForm({
  fund,
  factsRead,
  open,
  deps,
  onPlaced,
}: {
  fund: FundDetail;
  factsRead: boolean;
  open: boolean;
  deps: OrderFlowDeps;
  onPlaced: (r: OrderResult) => void;
}) {
  const t = fund.terms;
  const [amount, setAmount] = useState(t.min_investment);
  const flow = useOrderFlow(deps);
  const problem = amountProblem(amount, t.min_investment, t.max_investment);
  const typed = amount.trim();
  const settled = useDebounced(typed, 300);
  const previewQuery = useFundPreview(fund.id, problem || settled !== typed ? undefined : typed);
  // The preview shown is the one of the amount typed (none while it is invalid or loading).
  const preview = !problem && settled === typed ? (previewQuery.data ?? null) : null;
  const slot = preview?.valuation ?? fund.next_valuation;
  const submit = async () => {
    const body = { amount: typed, account_id: '' as const };
    const result = await flow.place({
      description: `Confirm your subscription of ${rand(body.amount)} to ${fund.name}.`,
      body,
      send: (b, key) => subscribeToFund(fund.id, b, key),
    });
    if (result) onPlaced(result);
  };

  return (
    <div className="rounded-2xl border border-slate-200 bg-slate-50/50 p-4" data-testid="fund-form">
      <h3 className="mb-3 text-base font-semibold text-slate-900">Subscribe</h3>
      <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="fund-cutoff">
        {pricedAtText(slot)} Orders before {t.cutoff_time} SAST on a business day are priced that day; no
        20-second quotation applies.
      </p>
      <label className="block text-sm font-medium text-slate-700" htmlFor="fund-amount">
        Amount (ZAR)
      </label>
      <input
        id="fund-amount"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        aria-invalid={problem !== null}
        aria-describedby="fund-amount-help"
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-base tabular-nums"
      />
      <p id="fund-amount-help" className={cn('mt-1 text-xs', problem ? 'text-red-700' : 'text-slate-500')}>
        {problem ?? `Minimum ${rand(t.min_investment)}, maximum ${rand(t.max_investment)}.`}
      </p>
      {preview && (
        <SummaryRows
          testId="fund-preview"
          className="mt-3"
          rows={[
            { label: 'Held now', value: rand(preview.held) },
            { label: 'Upfront fee', value: rand(preview.upfront_fee) },
            {
              label: `Indicative units at ${navText(preview.indicative_nav.nav)}`,
              value: formatQuantity(preview.indicative_units, 'units'),
            },
            { label: 'Yearly costs (TER + TC + platform)', value: rand(preview.costs.total) },
          ]}
        />
      )}
      <Button
        className="mt-4 w-full"
        disabled={!open || !factsRead || problem !== null || flow.busy}
        onClick={() => void submit()}
      >
        {flow.busy ? 'Subscribing…' : 'Subscribe'}
      </Button>
      {!factsRead && (
        <p className="mt-2 text-xs text-slate-500">Read the key facts to the end to subscribe.</p>
      )}
      {!open && <p className="mt-2 text-xs text-amber-800">This fund is not open for subscriptions.</p>}
    </div>
  );
}
