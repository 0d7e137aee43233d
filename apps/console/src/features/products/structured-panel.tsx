import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../app/session';
import { Alert, Button } from '../../components/ui';
import { DataTable } from '../../components/data-table';
import { messageOf } from '../../lib/api';
import { OutcomeNotice } from '../../components/outcome-notice';
import { RequestError, SECOND_APPROVER } from './funds-panel';
import {
  requestStructuredStep,
  structuredPreviewQuery,
  structuredQuery,
  type StaffStructuredProduct,
  type StructuredLifecyclePreview,
  type StructuredStep,
} from './products-api';
import { StructuredCreateForm } from './structured-create-form';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) +
  ' UTC';
const pct = (text: string | null) => (text === null ? 'none' : `${text} %`);

/** The step a product is ready for: a product in subscription starts, a running one matures. */
const stepOf = (p: StaffStructuredProduct): StructuredStep | null =>
  p.state === 'subscription' ? 'start' : p.state === 'running' ? 'mature' : null;
const STEP_LABEL: Record<StructuredStep, string> = { start: 'start', mature: 'maturity' };

/**
 * Structured products (issue 23): the list, per product the start or maturity preview and its
 * approval request, and the creation form (no money moves, so no approval).
 */
export function StructuredPanel() {
  const products = useQuery(structuredQuery());
  const [openId, setOpenId] = useState<number | null>(null);
  const opened = products.data?.find((p) => p.id === openId);
  const openStep = opened ? stepOf(opened) : null;
  return (
    <div className="space-y-4">
      {products.isPending ? (
        <p role="status">Loading structured products…</p>
      ) : products.isError ? (
        <Alert>{messageOf(products.error)}</Alert>
      ) : products.data.length === 0 ? (
        <p className="rounded border border-slate-300 bg-white p-3 text-sm">No structured products.</p>
      ) : (
        <DataTable
          look="list"
          label="Structured products"
          rows={products.data}
          rowKey={(p) => p.id}
          rowClassName={(p) => p.id === openId && 'bg-accent-50'}
          columns={[
            {
              header: 'Product',
              cell: (p) => (
                <>
                  {p.name}
                  <span className="block text-xs text-slate-600">
                    #{p.id} · {p.underlying.symbol} {p.underlying.name} ({p.underlying.country}) · risk{' '}
                    {p.riskScore}/7
                  </span>
                </>
              ),
            },
            {
              header: 'State',
              cell: (p) => (
                <>
                  {p.state}
                  <span className="block text-xs text-slate-600">offering {p.status}</span>
                </>
              ),
            },
            {
              header: 'Start · maturity',
              className: 'text-xs tabular-nums',
              cell: (p) => (
                <>
                  {dateTime(p.startAt)}
                  <span className="block">{dateTime(p.maturityAt)}</span>
                </>
              ),
            },
            {
              header: 'Protection · participation · cap',
              className: 'tabular-nums',
              cell: (p) => `${pct(p.protectionPct)} · ${pct(p.participationPct)} · ${pct(p.capPct)}`,
            },
            {
              header: 'Start · final level',
              numeric: true,
              cell: (p) => (
                <>
                  {p.startLevel ?? '—'}
                  <span className="block">{p.finalLevel ?? '—'}</span>
                </>
              ),
            },
            {
              header: <span className="sr-only">Action</span>,
              className: 'text-right',
              cell: (p) => {
                const step = stepOf(p);
                return step ? (
                  <Button
                    type="button"
                    tone="secondary"
                    className="whitespace-nowrap"
                    aria-label={`Preview ${STEP_LABEL[step]} of ${p.name}`}
                    onClick={() => setOpenId(p.id)}
                  >
                    Preview {STEP_LABEL[step]}
                  </Button>
                ) : null;
              },
            },
          ]}
        />
      )}
      {opened && openStep ? (
        <LifecyclePanel key={`${opened.id}-${openStep}`} product={opened} step={openStep} />
      ) : null}
      <StructuredCreateForm />
    </div>
  );
}

function LifecyclePanel({ product, step }: { product: StaffStructuredProduct; step: StructuredStep }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const preview = useQuery(structuredPreviewQuery(product.id, step));
  const request = useMutation({
    mutationFn: (p: StructuredLifecyclePreview) => requestStructuredStep(product.id, p),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['approvals'] }),
        queryClient.invalidateQueries({ queryKey: ['products', 'structured'] }),
      ]),
  });
  const previewAgain = () => {
    request.reset();
    void preview.refetch();
  };
  const p = preview.data;
  const titleId = `lifecycle-title-${product.id}`;
  const captured = step === 'start' ? 'Captured' : 'Paid';
  return (
    <article
      aria-labelledby={titleId}
      className="space-y-3 rounded border border-slate-300 bg-white p-4 text-sm"
    >
      <h2 id={titleId} className="text-base font-semibold">
        {step === 'start' ? 'Start' : 'Maturity'} preview · {product.name}
      </h2>
      {preview.isPending ? (
        <p role="status">Computing the {STEP_LABEL[step]}…</p>
      ) : preview.isError ? (
        <Alert>{messageOf(preview.error)}</Alert>
      ) : p ? (
        <>
          <dl className="grid grid-cols-[10rem_1fr] gap-x-2 gap-y-1">
            <dt className="text-slate-600">{step === 'start' ? 'Start level' : 'Final level'}</dt>
            <dd className="tabular-nums">
              {p.level} ({product.underlying.symbol})
            </dd>
            {p.underlyingReturn !== null ? (
              <>
                <dt className="text-slate-600">Underlying return</dt>
                <dd className="tabular-nums">
                  {p.underlyingReturn} (start level {product.startLevel ?? '—'})
                </dd>
              </>
            ) : null}
            <dt className="text-slate-600">{captured} in total</dt>
            <dd className="tabular-nums">
              {p.total} {p.currency} ({p.lines.length} order{p.lines.length === 1 ? '' : 's'})
            </dd>
          </dl>
          {p.lines.length > 0 ? (
            <DataTable
              label={step === 'start' ? 'Subscriptions captured' : 'Payoffs'}
              rows={p.lines}
              rowKey={(l) => l.orderId}
              columns={[
                { header: 'Order', className: 'font-mono', cell: (l) => l.reference },
                { header: `${captured} (${p.currency})`, numeric: true, cell: (l) => l.amount },
              ]}
            />
          ) : (
            <p className="rounded bg-slate-50 p-2">No order: the {STEP_LABEL[step]} only fixes the level.</p>
          )}
          {request.data ? (
            <OutcomeNotice
              outcome={request.data}
              hint={SECOND_APPROVER}
              done={step === 'start' ? 'Started.' : 'Matured.'}
            />
          ) : can('products.request') ? (
            <div className="space-y-2">
              {request.isError ? <RequestError error={request.error} onPreviewAgain={previewAgain} /> : null}
              <Button
                type="button"
                disabled={request.isPending || preview.isFetching}
                onClick={() => request.mutate(p)}
              >
                Request approval
              </Button>
            </div>
          ) : (
            <p className="text-slate-600">
              Your roles may preview the {STEP_LABEL[step]} but not request it.
            </p>
          )}
        </>
      ) : null}
    </article>
  );
}
