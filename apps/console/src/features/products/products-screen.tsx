import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useCan } from '../../app/session';
import { Alert, Button, PageTitle, cx, inputClass, labelClass } from '../../components/ui';
import { DataTable } from '../../components/data-table';
import { messageOf } from '../../lib/api';
import { ClosuresPanel } from './closures-panel';
import { IposPanel } from './ipos-panel';
import { OfferingsPanel } from './offerings-panel';
import { OutcomeNotice } from '../../components/outcome-notice';
import { previewRate, ratesQuery, requestRate, type RateInput, type RatePublication } from './products-api';
import { FundsPanel } from './funds-panel';
import { StructuredPanel } from './structured-panel';

type Tab = 'ipos' | 'rates' | 'funds' | 'structured' | 'offerings' | 'closures';
const TABS: { value: Tab; label: string }[] = [
  { value: 'ipos', label: 'IPOs' },
  { value: 'rates', label: 'FX rates' },
  { value: 'funds', label: 'Funds' },
  { value: 'structured', label: 'Structured products' },
  { value: 'offerings', label: 'Offerings' },
  { value: 'closures', label: 'Exchange closures' },
];
const PANELS: Record<Tab, () => ReactNode> = {
  ipos: () => <IposPanel />,
  rates: () => <RatesPanel />,
  funds: () => <FundsPanel />,
  structured: () => <StructuredPanel />,
  offerings: () => <OfferingsPanel />,
  closures: () => <ClosuresPanel />,
};

/** A spread as a percentage ('0.012000' → '1.20 %'). */
const percent = (spread: string) => `${(Number(spread) * 100).toFixed(2)} %`;

/**
 * Products (issue 23): runs that change products go through a preview (nothing written) and then
 * an approval request that a second staff user approves in Approvals, with a step-up code. The
 * request button is only there once the preview is, and sends what the preview showed.
 */
export function ProductsScreen() {
  const [tab, setTab] = useState<Tab>('ipos');
  return (
    <section aria-labelledby="page-title">
      <PageTitle hint="Every run shows its preview first; the request goes to Approvals, where a second staff user approves it.">
        <span id="page-title">Products</span>
      </PageTitle>
      <div role="tablist" aria-label="Products" className="mb-4 flex gap-1 border-b border-slate-300">
        {TABS.map((t) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            id={`tab-${t.value}`}
            aria-selected={tab === t.value}
            aria-controls={`panel-${t.value}`}
            onClick={() => setTab(t.value)}
            className={cx(
              '-mb-px rounded-t border px-3 py-1.5 text-sm',
              tab === t.value
                ? 'border-slate-300 border-b-white bg-white font-semibold'
                : 'border-transparent text-slate-700',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {PANELS[tab]()}
      </div>
    </section>
  );
}

const EMPTY_RATE: RateInput = { from: '', to: '', rate: '', mid: '' };

function RatesPanel() {
  const can = useCan();
  const queryClient = useQueryClient();
  const rates = useQuery(ratesQuery());
  const [form, setForm] = useState<RateInput>(EMPTY_RATE);
  const preview = useMutation({ mutationFn: previewRate });
  const request = useMutation({
    mutationFn: (p: RatePublication) => requestRate(p),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['approvals'] }),
  });

  // A changed field voids the preview: the request must be what was previewed.
  const set = (field: keyof RateInput) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    preview.reset();
    request.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.reset();
    preview.mutate(form);
  };
  const p = preview.data;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)_26rem] gap-4">
      <div>
        <h2 className="mb-1 text-base font-semibold">Published rates</h2>
        {rates.isPending ? (
          <p role="status">Loading rates…</p>
        ) : rates.isError ? (
          <Alert>{messageOf(rates.error)}</Alert>
        ) : (
          <DataTable
            look="list"
            label="Published rates"
            rows={rates.data}
            rowKey={(r) => `${r.primary}-${r.secondary}`}
            columns={[
              {
                header: 'Pair',
                className: 'font-mono',
                cell: (r) => (
                  <>
                    {r.primary}→{r.secondary}
                    {r.derived ? <span className="ml-1 text-xs text-slate-600">(derived)</span> : null}
                  </>
                ),
              },
              { header: 'Rate', numeric: true, cell: (r) => r.rate },
              { header: 'Mid', numeric: true, cell: (r) => r.mid_rate },
              { header: 'Spread', numeric: true, cell: (r) => percent(r.spread) },
              {
                header: 'Updated',
                className: 'text-xs',
                cell: (r) =>
                  new Date(r.updated_at).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' }),
              },
            ]}
          />
        )}
      </div>
      <form
        onSubmit={submit}
        aria-labelledby="publish-title"
        className="space-y-3 self-start rounded border border-slate-300 bg-white p-4 text-sm"
      >
        <h2 id="publish-title" className="text-base font-semibold">
          Publish a rate
        </h2>
        <div className="grid grid-cols-2 gap-2">
          {(
            [
              ['from', 'From (currency)'],
              ['to', 'To (currency)'],
              ['rate', 'Rate'],
              ['mid', 'Mid (optional)'],
            ] as const
          ).map(([field, label]) => (
            <div key={field}>
              <label htmlFor={`rate-${field}`} className={labelClass}>
                {label}
              </label>
              <input
                id={`rate-${field}`}
                value={form[field] ?? ''}
                onChange={(e) => set(field)(e.target.value)}
                className={inputClass}
                autoComplete="off"
              />
            </div>
          ))}
        </div>
        <Button type="submit" tone="secondary" disabled={preview.isPending}>
          Preview
        </Button>
        {preview.isError ? (
          <Alert>
            {/* The server's refusals already begin with "Refused:"; a bare reason gets the word. */}
            {/^refused\b/i.test(messageOf(preview.error)) ? null : <strong>Refused: </strong>}
            {messageOf(preview.error)}
          </Alert>
        ) : null}
        {p ? (
          <section aria-label="Publication preview" className="space-y-2 rounded bg-slate-50 p-3">
            <dl className="grid grid-cols-[7rem_1fr] gap-x-2 gap-y-1">
              <dt className="text-slate-600">Pair</dt>
              <dd className="font-mono">
                {p.from}→{p.to}
              </dd>
              <dt className="text-slate-600">Rate</dt>
              <dd className="tabular-nums">
                {p.rate}
                {p.before ? <span className="text-slate-600"> (now {p.before.rate})</span> : ' (new pair)'}
              </dd>
              <dt className="text-slate-600">Mid</dt>
              <dd className="tabular-nums">
                {p.mid}
                {p.before ? <span className="text-slate-600"> (now {p.before.mid})</span> : null}
              </dd>
              <dt className="text-slate-600">Spread</dt>
              <dd className="tabular-nums">{percent(p.spread)} — within the band</dd>
            </dl>
            {request.data ? (
              <OutcomeNotice outcome={request.data} done="Published." />
            ) : can('treasury.request') ? (
              <>
                {request.isError ? <Alert>{messageOf(request.error)}</Alert> : null}
                <Button type="button" disabled={request.isPending} onClick={() => request.mutate(p)}>
                  Request publication
                </Button>
              </>
            ) : (
              <p className="text-slate-600">Your roles may preview a rate but not request its publication.</p>
            )}
          </section>
        ) : null}
      </form>
    </div>
  );
}
