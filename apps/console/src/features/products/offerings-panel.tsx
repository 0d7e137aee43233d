import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useCan } from '../../app/session';
import { OutcomeNotice } from '../../components/outcome-notice';
import { Alert, Button, inputClass, labelClass } from '../../components/ui';
import { DataTable } from '../../components/data-table';
import { messageOf } from '../../lib/api';
import {
  createOfferingRequest,
  moveOffering,
  offeringCreateInput,
  offeringsQuery,
  requestSettlement,
  settlementPreviewQuery,
  type OfferingSettlementPreview,
  type StaffOffering,
} from './products-api';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
const TYPE_LABEL: Record<string, string> = { otc: 'Block (otc)', fo: 'Fixed term (fo)' };
/** Whole shares with thousands commas ('15001' → '15,001'), the same in every locale. */
const shares = (n: string) => n.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Block (otc) and fixed-term (fo) offerings (issue 23): the list with what is subscribed, create,
 * open and close (each audited as the staff user, at once: nothing moves money), and the
 * settlement: its pro-rata preview in full, then a request a second product ops user approves.
 */
export function OfferingsPanel() {
  const can = useCan();
  const queryClient = useQueryClient();
  const offerings = useQuery(offeringsQuery());
  const [settleId, setSettleId] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const move = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'open' | 'close' }) => moveOffering(id, action),
    onSuccess: (o) => {
      setNotice(`${o.name} is ${o.status}.`);
      return queryClient.invalidateQueries({ queryKey: ['products', 'offerings'] });
    },
  });
  const mayAct = can('products.request');
  const settling = offerings.data?.find((o) => o.id === settleId);

  return (
    <div className="space-y-4">
      <h2 className="text-base font-semibold">Block and fixed-term offerings</h2>
      {notice && !move.isError ? <Alert tone="success">{notice}</Alert> : null}
      {move.isError ? <Alert>{messageOf(move.error)}</Alert> : null}
      {offerings.isPending ? (
        <p role="status">Loading offerings…</p>
      ) : offerings.isError ? (
        <Alert>{messageOf(offerings.error)}</Alert>
      ) : offerings.data.length === 0 ? (
        <p className="rounded border border-slate-300 bg-white p-3 text-sm">No offerings.</p>
      ) : (
        <DataTable
          look="list"
          label="Offerings"
          rows={offerings.data}
          rowKey={(o) => o.id}
          rowClassName={(o) => o.id === settleId && 'bg-accent-50'}
          columns={[
            { header: '#', className: 'tabular-nums', cell: (o) => o.id },
            {
              header: 'Offering',
              cell: (o) => (
                <>
                  {o.name}
                  <span className="block text-xs text-slate-600">
                    {o.symbol} ({o.country}) ·{' '}
                    {o.dtype === 'otc'
                      ? `${shares(o.blockSize ?? '0')} at ${o.blockPrice} ${o.quoteUnit}`
                      : `${o.termDays} days`}
                  </span>
                </>
              ),
            },
            { header: 'Type', cell: (o) => TYPE_LABEL[o.dtype] ?? o.dtype },
            { header: 'Status', cell: (o) => o.status },
            {
              header: 'Window',
              className: 'text-xs',
              cell: (o) => (
                <>
                  {when(o.opensAt)} –<br />
                  {when(o.closesAt)}
                </>
              ),
            },
            {
              header: 'Subscribed / available',
              numeric: true,
              cell: (o) =>
                `${shares(o.subscribedQuantity)} / ${o.availableQuantity === null ? 'at market' : shares(o.availableQuantity)}`,
            },
            {
              header: <span className="sr-only">Actions</span>,
              className: 'text-right whitespace-nowrap',
              cell: (o) => (
                <OfferingActions
                  offering={o}
                  mayAct={mayAct}
                  busy={move.isPending}
                  onMove={(action) => {
                    setNotice(null);
                    move.mutate({ id: o.id, action });
                  }}
                  onSettle={() => setSettleId(o.id)}
                />
              ),
            },
          ]}
        />
      )}
      {settling ? <SettlementPanel key={settling.id} offering={settling} /> : null}
      {mayAct ? (
        <CreateOfferingForm onCreated={(o) => setNotice(`Offering ${o.id} created (upcoming): ${o.name}.`)} />
      ) : (
        <p className="text-sm text-slate-600">Your roles may see offerings but not create or change them.</p>
      )}
    </div>
  );
}

/**
 * The next step of an offering. Opening and closing cannot be undone (an offering only moves
 * forward), so each asks once more before it is sent.
 */
function OfferingActions({
  offering: o,
  mayAct,
  busy,
  onMove,
  onSettle,
}: {
  offering: StaffOffering;
  mayAct: boolean;
  busy: boolean;
  onMove: (action: 'open' | 'close') => void;
  onSettle: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  if (o.status === 'closed') {
    return (
      <Button
        type="button"
        tone="secondary"
        onClick={onSettle}
        aria-label={`Preview settlement of ${o.name}`}
      >
        Preview settlement
      </Button>
    );
  }
  if (!mayAct || o.status === 'settled') return null;
  const action = o.status === 'upcoming' ? 'open' : 'close';
  const verb = action === 'open' ? 'Open' : 'Close';
  if (!confirming) {
    return (
      <Button
        type="button"
        tone="secondary"
        disabled={busy}
        onClick={() => setConfirming(true)}
        aria-label={`${verb} ${o.name}`}
      >
        {verb}
      </Button>
    );
  }
  return (
    <span className="inline-flex items-center gap-1">
      <Button
        type="button"
        disabled={busy}
        onClick={() => {
          setConfirming(false);
          onMove(action);
        }}
        aria-label={`Confirm: ${verb.toLowerCase()} ${o.name}`}
      >
        Confirm {verb.toLowerCase()}
      </Button>
      <Button type="button" tone="secondary" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
    </span>
  );
}

function SettlementPanel({ offering }: { offering: StaffOffering }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const preview = useQuery(settlementPreviewQuery(offering.id));
  const request = useMutation({
    mutationFn: (p: OfferingSettlementPreview) => requestSettlement(offering.id, p),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['approvals'] }),
        queryClient.invalidateQueries({ queryKey: ['products', 'offerings'] }),
      ]),
  });
  const p = preview.data;
  const c = offering.currency;
  // Opened from a row above: move the reader (and the keyboard) to it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus();
  }, []);
  return (
    <article
      aria-labelledby="settlement-title"
      className="space-y-3 rounded border border-slate-300 bg-white p-4 text-sm"
    >
      <h2 id="settlement-title" ref={heading} tabIndex={-1} className="text-base font-semibold">
        Settlement preview · {offering.name}
      </h2>
      {preview.isPending ? (
        <p role="status">Computing the settlement…</p>
      ) : preview.isError ? (
        <Alert>{messageOf(preview.error)}</Alert>
      ) : p ? (
        <>
          <dl className="grid grid-cols-[10rem_1fr] gap-x-2 gap-y-1" aria-label="Totals">
            <dt className="text-slate-600">Rule</dt>
            <dd>
              {p.dtype === 'otc'
                ? p.oversubscribed
                  ? 'pro rata (oversubscribed): each request its share rounded down, the shares left one each to the earliest requests'
                  : 'every request in full'
                : 'nothing to allocate (fixed-term buys executed when made)'}
            </dd>
            {p.blockSize !== null ? (
              <>
                <dt className="text-slate-600">Shares</dt>
                <dd className="tabular-nums">
                  {shares(p.allocatedQuantity)} allocated of {shares(p.blockSize)} in the block (
                  {shares(p.requestedQuantity)} requested)
                </dd>
              </>
            ) : null}
            <dt className="text-slate-600">Held now</dt>
            <dd className="tabular-nums">
              {p.held} {c}
            </dd>
            <dt className="text-slate-600">Debited</dt>
            <dd className="tabular-nums">
              {p.debited} {c}
            </dd>
            <dt className="text-slate-600">Refunded</dt>
            <dd className="tabular-nums">
              {p.refunded} {c}
            </dd>
          </dl>
          {p.lines.length > 0 ? (
            <DataTable
              label="Allocations"
              rows={p.lines}
              rowKey={(l) => l.orderId}
              columns={[
                { header: 'Order', className: 'font-mono', cell: (l) => l.reference },
                { header: 'Client', cell: (l) => `#${l.clientId}` },
                { header: 'Requested', numeric: true, cell: (l) => shares(l.requestedQuantity) },
                {
                  header: 'Allotted',
                  numeric: true,
                  cell: (l) =>
                    l.result === 'rejected' ? (
                      <span className="text-amber-800">none</span>
                    ) : (
                      shares(l.allocatedQuantity)
                    ),
                },
                { header: 'Held', numeric: true, cell: (l) => l.held },
                { header: 'Debited', numeric: true, cell: (l) => l.debited },
                { header: 'Refund', numeric: true, cell: (l) => l.refund },
              ]}
            />
          ) : (
            <p className="text-slate-600">No orders await allocation.</p>
          )}
          {request.data ? (
            <OutcomeNotice outcome={request.data} done="Settled." />
          ) : can('products.request') ? (
            <div className="space-y-2">
              {request.isError ? <Alert>{messageOf(request.error)}</Alert> : null}
              <Button type="button" disabled={request.isPending} onClick={() => request.mutate(p)}>
                Request approval
              </Button>
            </div>
          ) : (
            <p className="text-slate-600">Your roles may preview the settlement but not request it.</p>
          )}
        </>
      ) : null}
    </article>
  );
}

interface Draft {
  dtype: 'otc' | 'fo';
  name: string;
  symbol: string;
  country: 'ZA' | 'US' | 'IN';
  opens: string;
  closes: string;
  min: string;
  max: string;
  termDays: string;
  blockPrice: string;
  blockSize: string;
  hot: boolean;
}
const EMPTY: Draft = {
  dtype: 'otc',
  name: '',
  symbol: '',
  country: 'ZA',
  opens: '',
  closes: '',
  min: '1',
  max: '',
  termDays: '',
  blockPrice: '',
  blockSize: '',
  hot: false,
};

/** A datetime-local value (the browser's time zone) as ISO 8601 UTC, or '' when unset or invalid. */
const isoOf = (local: string) => {
  const at = local ? new Date(local) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : '';
};

function CreateOfferingForm({ onCreated }: { onCreated: (o: StaffOffering) => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createOfferingRequest,
    onSuccess: (o) => {
      setDraft(EMPTY);
      onCreated(o);
      return queryClient.invalidateQueries({ queryKey: ['products', 'offerings'] });
    },
  });
  const set =
    <K extends keyof Draft>(field: K) =>
    (value: Draft[K]) => {
      setDraft((d) => ({ ...d, [field]: value }));
      setInvalid(null);
      create.reset();
    };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = offeringCreateInput.safeParse({
      dtype: draft.dtype,
      name: draft.name,
      symbol: draft.symbol.toUpperCase(),
      country: draft.country,
      opensAt: isoOf(draft.opens),
      closesAt: isoOf(draft.closes),
      minQuantity: draft.min,
      maxQuantity: draft.max,
      hot: draft.hot,
      ...(draft.dtype === 'fo'
        ? { termDays: draft.termDays === '' ? undefined : Number(draft.termDays) }
        : { blockPrice: draft.blockPrice, blockSize: draft.blockSize }),
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Check the fields.');
      return;
    }
    create.mutate(parsed.data);
  };
  const text = (field: keyof Draft, label: string, type = 'text', hint?: string) => (
    <div>
      <label htmlFor={`offering-${field}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`offering-${field}`}
        type={type}
        value={draft[field] as string}
        onChange={(e) => set(field)(e.target.value as never)}
        className={inputClass}
        autoComplete="off"
        aria-describedby={hint ? `offering-${field}-hint` : undefined}
      />
      {hint ? (
        <p id={`offering-${field}-hint`} className="mt-0.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
  return (
    <form
      onSubmit={submit}
      aria-labelledby="create-offering-title"
      className="space-y-3 rounded border border-slate-300 bg-white p-4 text-sm"
      noValidate
    >
      <h2 id="create-offering-title" className="text-base font-semibold">
        Create an offering
      </h2>
      <div className="grid grid-cols-4 gap-3">
        <div>
          <label htmlFor="offering-dtype" className={labelClass}>
            Type
          </label>
          <select
            id="offering-dtype"
            value={draft.dtype}
            onChange={(e) => set('dtype')(e.target.value as Draft['dtype'])}
            className={inputClass}
          >
            <option value="otc">Block (otc)</option>
            <option value="fo">Fixed term (fo)</option>
          </select>
        </div>
        <div className="col-span-2">{text('name', 'Name')}</div>
        <div className="flex items-end gap-2 pb-1.5">
          <input
            id="offering-hot"
            type="checkbox"
            checked={draft.hot}
            onChange={(e) => set('hot')(e.target.checked)}
          />
          <label htmlFor="offering-hot" className={labelClass}>
            Hot (listed first)
          </label>
        </div>
        {text('symbol', 'Symbol')}
        <div>
          <label htmlFor="offering-country" className={labelClass}>
            Country
          </label>
          <select
            id="offering-country"
            value={draft.country}
            onChange={(e) => set('country')(e.target.value as Draft['country'])}
            className={inputClass}
          >
            <option value="ZA">ZA</option>
            <option value="US">US</option>
            <option value="IN">IN</option>
          </select>
        </div>
        {text('opens', 'Opens', 'datetime-local')}
        {text('closes', 'Closes', 'datetime-local')}
        {text('min', 'Minimum per client (shares)')}
        {text('max', 'Maximum per client (shares)')}
        {draft.dtype === 'fo' ? (
          text('termDays', 'Term (days)', 'text', 'Bought shares are locked this long.')
        ) : (
          <>
            {text('blockPrice', 'Block price', 'text', 'In the quote unit: cents (ZAc) for JSE shares.')}
            {text('blockSize', 'Block size (shares)')}
          </>
        )}
      </div>
      {invalid ? <Alert>{invalid}</Alert> : null}
      {create.isError ? <Alert>{messageOf(create.error)}</Alert> : null}
      <Button type="submit" disabled={create.isPending}>
        Create offering
      </Button>
    </form>
  );
}
