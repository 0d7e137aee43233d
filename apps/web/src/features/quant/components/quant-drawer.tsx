import { useEffect, useState, type ReactNode } from 'react';
import type { Kid, Offering, OrderResult, StructuredTerms } from '@imali/contract';
import { formatCurrency, formatLevel, formatRatio } from '@imali/money';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { FormColumn, ProductLayout } from '@/components/ui/product-layout';
import { Notice } from '@/components/ui/notice';
import { PlacedScreen } from '@/components/ui/placed-screen';
import { ProductDrawerSkeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/http';
import { useOrderFlow, type OrderFlowDeps, type ProductDrawerProps } from '@/lib/order-flow';
import { useReadToEnd, type ReadToEnd } from '@/lib/use-read-to-end';
import { subscribeProduct, useStructuredProduct } from '../api/quant';
import {
  amountError,
  centsText,
  COST_IMPACT_LABELS,
  costsFootnote,
  daysText,
  entryCost,
  ordinal,
  riskClassesText,
  riskLabel,
  toCents,
} from '../model/structured';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-ZA', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Johannesburg',
  });

/**
 * The 'quant' bottom drawer (Structured Investment, 85vh): the key information sheet first (the
 * client scrolls to its end before Subscribe enables), with the scenario table, the risk score and
 * what it means, the costs over time; then the amount form with the product's limits, Verify Your
 * PIN and the placed confirmation.
 */
export default function QuantDrawer({ id, close, closeAndNavigate, ...deps }: ProductDrawerProps) {
  const product = useStructuredProduct(id);
  const [placed, setPlaced] = useState<OrderResult | null>(null);
  useEffect(() => {
    if (product.isError) toast.error(errorMessage(product.error));
  }, [product.isError, product.error]);

  if (placed) {
    return (
      <Placed result={placed} onDone={close} onPortfolio={() => closeAndNavigate('/portfolio/awaiting')} />
    );
  }
  if (product.isError) {
    return (
      <LoadFailed
        title="This product could not be loaded"
        error={product.error}
        onRetry={() => void product.refetch()}
      />
    );
  }
  if (!product.data?.structured) return <ProductDrawerSkeleton rows={8} />;
  return (
    <ProductDetail offering={product.data} terms={product.data.structured} deps={deps} onPlaced={setPlaced} />
  );
}

function ProductDetail({
  offering,
  terms,
  deps,
  onPlaced,
}: {
  offering: Offering;
  terms: StructuredTerms;
  deps: OrderFlowDeps;
  onPlaced: (r: OrderResult) => void;
}) {
  const sheet = useReadToEnd();
  const read = sheet.read;
  return (
    <ProductLayout testId="quant-detail">
      <div className="min-w-0 space-y-4">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <span className="rounded-md bg-violet-50 px-2 py-0.5 text-xs font-bold tracking-wide text-violet-700">
              STRUCTURED
            </span>
            <span className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600 uppercase">
              {offering.status}
            </span>
          </div>
          <h2 className="mt-2 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
            {offering.name}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">
            On <span className="font-semibold text-slate-700">{offering.symbol}</span> ·{' '}
            {offering.instrument_name} · level{' '}
            <span data-testid="quant-level">{formatLevel(terms.current_level)}</span> (simulated)
          </p>
        </div>
        <KeyInformation offering={offering} terms={terms} sheet={sheet} />
      </div>
      <FormColumn>
        <SubscribeForm offering={offering} terms={terms} read={read} deps={deps} onPlaced={onPlaced} />
      </FormColumn>
    </ProductLayout>
  );
}

/** The KID in a scroll box, read once it has been scrolled to its end (or fits entirely). */
function KeyInformation({
  offering,
  terms,
  sheet,
}: {
  offering: Offering;
  terms: StructuredTerms;
  sheet: ReadToEnd;
}) {
  const { attach, onScroll } = sheet;
  const kid = terms.kid;
  const money = (v: string) => formatCurrency(v, kid.currency);
  return (
    <section aria-label="Key information" className="rounded-2xl border border-slate-200 bg-white">
      <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">
        Key information <span className="font-normal text-slate-400">· {kid.version}</span>
      </h3>
      <div
        ref={attach}
        data-testid="key-information"
        tabIndex={0}
        onScroll={onScroll}
        className="max-h-[26rem] space-y-5 overflow-y-auto px-4 py-4 text-sm text-slate-700 focus:outline-none"
      >
        <p role="note" className="rounded-xl bg-amber-50 px-3 py-2 text-amber-800">
          {kid.comprehension_alert}
        </p>
        <Block title="What is this product?">
          <p>{kid.what_it_is}</p>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
            <Term label="Start">{dateText(terms.start_at)}</Term>
            <Term label="Maturity">{dateText(terms.maturity_at)}</Term>
            <Term label="Term">{daysText(terms.term_days)}</Term>
            <Term label="Capital protection">{terms.protection_pct}%</Term>
            <Term label="Participation">{terms.participation_pct}%</Term>
            <Term label="Cap">{terms.cap_pct === null ? 'None' : `${terms.cap_pct}%`}</Term>
            <Term label="Per client">
              {money(terms.min_amount)} to {money(terms.max_amount)}
            </Term>
            <Term label="Entry cost">{terms.entry_fee_pct}%</Term>
            <Term label="Early exit">
              {terms.early_exit === 'daily' ? `Any day, ${terms.early_exit_cost_pct}% cost` : 'Not possible'}
            </Term>
          </dl>
        </Block>
        <Block title="What are the risks and what could I get in return?">
          <RiskScale kid={kid} />
          <p className="mt-2">{kid.risk_text}</p>
          <p
            className="mt-3 rounded-xl bg-red-50 px-3 py-2 font-semibold text-red-700"
            data-testid="max-loss"
          >
            Maximum loss: {money(kid.max_loss)} of {money(kid.reference_amount)} (
            {formatRatio(kid.max_loss_ratio)}). <span className="font-normal">{kid.max_loss_text}</span>
          </p>
          <ScenarioTable kid={kid} />
          <p className="mt-2 text-xs text-slate-500">{kid.method}</p>
        </Block>
        <Block title="What happens if Imali is unable to pay out?">
          <p>{kid.default_text}</p>
        </Block>
        <Block title="What are the costs?">
          <CostsTable kid={kid} />
        </Block>
        <Block title="How long should I hold it and can I take money out early?">
          <p>{kid.holding_period}</p>
          <p className="mt-1">{kid.early_exit_text}</p>
          <p className="mt-1">{kid.liquidity_text}</p>
        </Block>
        <p className="text-xs text-slate-400" data-testid="kid-end">
          Sheet computed {dateText(kid.computed_at)} from the terms and {kid.history_days} simulated daily
          closes of {offering.symbol}. End of the key information.
        </p>
      </div>
    </section>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h4 className="mb-1.5 font-semibold text-slate-900">{title}</h4>
      {children}
    </div>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

function RiskScale({ kid }: { kid: Kid }) {
  return (
    <>
      <div aria-label={`Risk score: ${riskLabel(kid.risk_score)}`} role="img" data-testid="risk-score">
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5, 6, 7].map((n) => (
            <span
              key={n}
              className={cn(
                'flex h-8 flex-1 items-center justify-center rounded-md text-sm font-bold',
                n === kid.risk_score ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-400',
              )}
            >
              {n}
            </span>
          ))}
        </div>
        <div className="mt-1 flex justify-between text-[11px] text-slate-500">
          <span>Lower risk</span>
          <span className="font-semibold text-slate-700">{riskLabel(kid.risk_score)}</span>
          <span>Higher risk</span>
        </div>
      </div>
      {/* Outside the image: read as text (an image's children are not). */}
      <p className="mt-1 text-xs text-slate-500" data-testid="risk-classes">
        {riskClassesText(kid)}
      </p>
    </>
  );
}

export function ScenarioTable({ kid }: { kid: Kid }) {
  const money = (v: string) => formatCurrency(v, kid.currency);
  return (
    // Focusable and named: on a phone the table scrolls sideways, and a keyboard must reach it.
    <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Performance scenarios">
      <table className="w-full min-w-[20rem] text-left text-sm" data-testid="scenario-table">
        <caption className="mb-1.5 text-left text-xs text-slate-500">
          If you invest {money(kid.reference_amount)} and hold to maturity (entry costs{' '}
          {money(kid.entry_costs)} on top)
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-500">
            <th scope="col" className="py-1.5 font-medium">
              Scenario
            </th>
            <th scope="col" className="py-1.5 font-medium">
              Underlying
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              You get back
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Return
            </th>
          </tr>
        </thead>
        <tbody>
          {kid.scenarios.map((s) => (
            <tr key={s.name} data-scenario={s.name} className="border-b border-slate-100">
              <th scope="row" className="py-1.5 font-medium text-slate-900">
                {s.label}{' '}
                <span className="text-xs font-normal text-slate-400">
                  ({ordinal(s.percentile)} percentile)
                </span>
              </th>
              <td className="py-1.5 tabular-nums">{formatRatio(s.underlying_return)}</td>
              <td className="py-1.5 text-right font-semibold tabular-nums">{money(s.payoff)}</td>
              <td
                className={cn(
                  'py-1.5 text-right tabular-nums',
                  s.return.startsWith('-') ? 'text-red-600' : 'text-emerald-600',
                )}
              >
                {formatRatio(s.return)}
                {/* Per year only for a term of a year or more (null below: PRIIPs shows the period's return). */}
                {s.annual_return !== null && (
                  <span className="block text-[11px] text-slate-400">
                    {formatRatio(s.annual_return)} a year
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CostsTable({ kid }: { kid: Kid }) {
  const money = (v: string) => formatCurrency(v, kid.currency);
  // A year or more at every point: the impact a year (PRIIPs); else the impact over the time held.
  const yearly = kid.costs_over_time.every((c) => c.annual_cost_impact !== null);
  const footnote = costsFootnote(kid);
  return (
    <>
      <table className="w-full text-left text-sm" data-testid="costs-table">
        <caption className="mb-1.5 text-left text-xs text-slate-500">
          Costs over time on {money(kid.reference_amount)}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-500">
            <th scope="col" className="py-1.5 font-medium">
              If you exit
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Total costs
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              {yearly ? COST_IMPACT_LABELS.yearly : COST_IMPACT_LABELS.held}
            </th>
          </tr>
        </thead>
        <tbody>
          {kid.costs_over_time.map((c) => (
            <tr key={c.label} className="border-b border-slate-100">
              <th scope="row" className="py-1.5 font-medium text-slate-900">
                {c.label.replace(/^If you /, '')}
              </th>
              <td className="py-1.5 text-right tabular-nums">
                {c.available ? money(c.total_costs) : 'Not possible'}
              </td>
              <td className="py-1.5 text-right tabular-nums">
                {c.available ? formatRatio(yearly ? c.annual_cost_impact! : c.cost_impact) : '-'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {footnote && (
        <p className="mt-1.5 text-xs text-slate-500" data-testid="costs-footnote">
          {footnote}
        </p>
      )}
    </>
  );
}

function SubscribeForm({
  offering,
  terms,
  read,
  deps,
  onPlaced,
}: {
  offering: Offering;
  terms: StructuredTerms;
  read: boolean;
  deps: OrderFlowDeps;
  onPlaced: (r: OrderResult) => void;
}) {
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const flow = useOrderFlow(deps);
  const currency = offering.currency;
  const money = (v: string) => formatCurrency(v, currency);
  const error = amountError(amount, { min: terms.min_amount, max: terms.max_amount, currency });
  const fee = entryCost(amount, terms.entry_fee_pct);
  const cents = toCents(amount);
  const held = cents !== undefined && fee !== undefined ? centsText(cents + fee) : undefined;
  const open = offering.status === 'open' && terms.state === 'subscription';

  async function submit() {
    setTouched(true);
    if (error || !open || !read) return;
    const body = { amount: amount.trim() };
    const description = `Confirm your subscription of ${money(body.amount)} to ${offering.name}: ${money(held!)} will be held until ${dateText(terms.start_at)}.`;
    const result = await flow.place({
      description,
      body,
      send: (b, key) => subscribeProduct(offering.id, b, key),
    });
    if (result) onPlaced(result);
  }

  return (
    <form
      className="space-y-3 rounded-2xl border border-slate-200 bg-slate-50/50 p-4"
      aria-label="Subscribe"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 className="text-base font-semibold text-slate-900">Subscribe</h3>
      {!open && (
        <Notice tone="warning" role="status">
          This product is not open for subscriptions.
        </Notice>
      )}
      <TextField
        label={`Amount (${currency})`}
        value={amount}
        onValueChange={(v) => {
          setAmount(v);
          flow.clearError();
        }}
        onBlur={() => setTouched(true)}
        filter="number"
        inputMode="decimal"
        error={touched ? error : undefined}
        hint={`From ${money(terms.min_amount)} to ${money(terms.max_amount)} per client, from your ${currency} account`}
      />
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-500">Entry cost ({terms.entry_fee_pct}%)</dt>
          <dd className="tabular-nums">{fee !== undefined && !error ? money(centsText(fee)) : '-'}</dd>
        </div>
        <div className="flex justify-between font-semibold">
          <dt>Held until the start</dt>
          <dd className="tabular-nums" data-testid="quant-held">
            {held !== undefined && !error ? money(held) : '-'}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-slate-500">
        Starts {dateText(terms.start_at)} (the held amount is then paid), matures{' '}
        {dateText(terms.maturity_at)}. You can cancel until the start.
      </p>
      {flow.error && (
        <p role="alert" className="text-sm text-red-600">
          {flow.error}
        </p>
      )}
      {!read && (
        <p className="text-xs font-medium text-slate-600" data-testid="read-hint">
          Scroll to the end of the key information to continue.
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!read || !open || flow.busy || (touched && !!error)}
      >
        {flow.busy ? 'Subscribing…' : 'Subscribe'}
      </Button>
    </form>
  );
}

function Placed({
  result,
  onDone,
  onPortfolio,
}: {
  result: OrderResult;
  onDone: () => void;
  onPortfolio: () => void;
}) {
  const { order } = result;
  const money = (v: string) => formatCurrency(v, order.currency);
  return (
    <PlacedScreen
      title="Subscription received"
      message={result.message}
      rows={[
        { label: 'Reference', value: <span className="font-mono">{order.reference}</span> },
        { label: 'Amount', value: money(order.buy_trade_value) },
        { label: 'Entry cost', value: money(order.fees.total) },
        { label: 'Held until the start', value: money(order.trade_value) },
        ...(order.structured ? [{ label: 'Starts', value: dateText(order.structured.start_at) }] : []),
      ]}
      actions={[
        { label: 'Done', onClick: onDone },
        { label: 'View in Portfolio', onClick: onPortfolio, primary: true },
      ]}
    />
  );
}
