import { useEffect, useMemo, useRef, useState } from 'react';
import {
  ErrorCode,
  FUND_NAV_RANGES,
  type FundDetail,
  type FundNavRange,
  type FundPreview,
  type OrderResult,
} from '@imali/contract';
import { formatQuantity } from '@imali/money';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { ApiError, errorMessage } from '@/lib/http';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { fetchFundPreview, subscribeToFund, useFund, useFundNavs } from '../api/funds';
import { amountProblem, dayText, navText, pricedAtText, rand } from '../model/format';
import { NavChart } from './nav-chart';

/** What the app gives the fund drawer (a feature never imports another): Verify Your PIN, and a refresh after an order. */
export interface FundDeps {
  askForPin: (description?: string) => Promise<boolean>;
  onOrderPlaced?: (result: OrderResult) => void;
}

export interface FundDrawerProps extends FundDeps {
  id: number;
  close: () => void;
  closeAndNavigate: (to: string) => void;
}

/**
 * The 'fund' bottom drawer (Fund Investment, 85vh): key facts first (Subscribe enables once they
 * are scrolled to the end, as the KYC agreement), the NAV chart (with a table), the forward-pricing
 * line, the amount with its minimum, the preview, then Verify Your PIN and the placed confirmation.
 */
export default function FundDrawer({ id, close, closeAndNavigate, ...deps }: FundDrawerProps) {
  const fund = useFund(id);
  const [placed, setPlaced] = useState<OrderResult | null>(null);
  if (placed) {
    const f = placed.order.fund;
    return (
      <section className="mx-auto max-w-md space-y-4 py-6 text-center" data-testid="fund-placed">
        <h2 className="text-xl font-bold text-slate-900">Subscription placed</h2>
        <p className="text-sm text-slate-600">{placed.message}</p>
        {f && (
          <dl className="rounded-xl border border-slate-200 p-4 text-left text-sm">
            <Row label="Amount held" value={rand(f.amount)} />
            <Row label="Status" value="Pending valuation" />
            <Row label="Priced at" value={`${dayText(f.valuation.date)} ${f.valuation.time} SAST`} />
            <Row label="Reference" value={placed.order.reference} />
          </dl>
        )}
        <div className="flex justify-center gap-2">
          <Button variant="secondary" onClick={close}>
            Done
          </Button>
          <Button onClick={() => closeAndNavigate('/portfolio/awaiting')}>View in Portfolio</Button>
        </div>
      </section>
    );
  }
  if (fund.isError) {
    return (
      <EmptyState
        icon={<AlertIcon />}
        title="This fund could not be loaded"
        description={errorMessage(fund.error)}
        action={<Button onClick={() => void fund.refetch()}>Try again</Button>}
      />
    );
  }
  if (!fund.data) {
    return (
      <div className="space-y-4 py-4" aria-busy="true">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  return <FundDetailView fund={fund.data} deps={deps} onPlaced={setPlaced} />;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 py-1">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

function FundDetailView({
  fund,
  deps,
  onPlaced,
}: {
  fund: FundDetail;
  deps: FundDeps;
  onPlaced: (r: OrderResult) => void;
}) {
  const t = fund.terms;
  const [range, setRange] = useState<FundNavRange>('3m');
  const navs = useFundNavs(fund.id, range);
  const [factsRead, setFactsRead] = useState(false);
  const facts = useRef<HTMLDivElement>(null);
  const open = fund.status === 'open';

  // Read once scrolled to the end; a sheet that fits without scrolling is read as shown.
  const checkRead = () => {
    const el = facts.current;
    if (el && el.scrollTop + el.clientHeight >= el.scrollHeight - 4) setFactsRead(true);
  };
  useEffect(checkRead, []);

  return (
    <div className="mx-auto grid max-w-5xl gap-5 pb-6 lg:grid-cols-[1fr_24rem]" data-testid="fund-detail">
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
            ref={facts}
            onScroll={checkRead}
            tabIndex={0}
            className="max-h-56 overflow-y-auto"
            data-testid="fund-key-facts"
          >
            <dl className="divide-y divide-slate-100">
              <div
                className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[10rem_1fr] sm:gap-4"
                data-fact="costs"
              >
                <dt className="font-medium text-slate-500">
                  Costs on {rand(fund.costs_on_minimum.amount)} a year
                </dt>
                <dd className="text-slate-800">
                  TER {t.ter_percent}% = {rand(fund.costs_on_minimum.ter)}; transaction costs{' '}
                  {t.transaction_costs_percent}% = {rand(fund.costs_on_minimum.transaction_costs)}; platform
                  fee {t.platform_fee_percent}% = {rand(fund.costs_on_minimum.platform_fee)}. Total{' '}
                  {rand(fund.costs_on_minimum.total)} a year.
                </dd>
              </div>
              {fund.key_facts.map((fact) => (
                <div
                  key={fact.key}
                  data-fact={fact.key}
                  className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[10rem_1fr] sm:gap-4"
                >
                  <dt className="font-medium text-slate-500">{fact.label}</dt>
                  <dd
                    className={cn(
                      'text-slate-800',
                      fact.key === 'maximum_loss' && 'font-semibold text-red-700',
                    )}
                  >
                    {fact.text}
                  </dd>
                </div>
              ))}
            </dl>
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

      <div className="min-w-0 lg:sticky lg:top-0 lg:self-start">
        <SubscribeForm fund={fund} factsRead={factsRead} open={open} deps={deps} onPlaced={onPlaced} />
      </div>
    </div>
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
  deps: FundDeps;
  onPlaced: (r: OrderResult) => void;
}) {
  const t = fund.terms;
  const [amount, setAmount] = useState(t.min_investment);
  const [fetched, setFetched] = useState<{ amount: string; data: FundPreview } | null>(null);
  const [busy, setBusy] = useState(false);
  const keeper = useMemo(() => createIdempotencyKeeper(), []);
  const problem = amountProblem(amount, t.min_investment, t.max_investment);

  useEffect(() => {
    if (problem) return;
    const key = amount.trim();
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchFundPreview(fund.id, key, controller.signal)
        .then((data) => setFetched({ amount: key, data }))
        .catch(() => setFetched(null));
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [amount, problem, fund.id]);

  // The preview shown is the one of the amount typed (none while it is invalid or loading).
  const preview = !problem && fetched?.amount === amount.trim() ? fetched.data : null;
  const slot = preview?.valuation ?? fund.next_valuation;
  const submit = async () => {
    const body = { amount: amount.trim(), account_id: '' as const };
    setBusy(true);
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        if (!(await deps.askForPin(`Confirm your subscription of ${rand(body.amount)} to ${fund.name}.`)))
          return;
        try {
          const result = await subscribeToFund(fund.id, body, keeper.keyFor(body));
          keeper.settle();
          toast.success(result.message);
          deps.onOrderPlaced?.(result);
          onPlaced(result);
          return;
        } catch (error) {
          if (error instanceof ApiError && error.code === ErrorCode.PinRequired && attempt === 0) continue;
          if (error instanceof ApiError && error.status < 500) keeper.settle();
          toast.error(errorMessage(error));
          return;
        }
      }
    } finally {
      setBusy(false);
    }
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
        <dl
          className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white px-3 text-sm"
          data-testid="fund-preview"
        >
          <Row label="Held now" value={rand(preview.held)} />
          <Row label="Upfront fee" value={rand(preview.upfront_fee)} />
          <Row
            label={`Indicative units at ${navText(preview.indicative_nav.nav)}`}
            value={formatQuantity(preview.indicative_units, 'units')}
          />
          <Row label="Yearly costs (TER + TC + platform)" value={rand(preview.costs.total)} />
        </dl>
      )}
      <Button
        className="mt-4 w-full"
        disabled={!open || !factsRead || problem !== null || busy}
        onClick={() => void submit()}
      >
        {busy ? 'Subscribing…' : 'Subscribe'}
      </Button>
      {!factsRead && (
        <p className="mt-2 text-xs text-slate-500">Read the key facts to the end to subscribe.</p>
      )}
      {!open && <p className="mt-2 text-xs text-amber-800">This fund is not open for subscriptions.</p>}
    </div>
  );
}
