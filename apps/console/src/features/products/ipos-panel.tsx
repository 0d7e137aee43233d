import { ErrorCode } from '@imali/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useCan } from '../../app/session';
import { Alert, Button, FieldError, inputClass, labelClass } from '../../components/ui';
import { DataTable } from '../../components/data-table';
import { ApiError, messageOf } from '../../lib/api';
import { IpoCreateForm } from './ipo-create-form';
import { priceWithUnit, unitLabel } from './ipo-units';
import { OutcomeNotice } from '../../components/outcome-notice';
import {
  allotmentPreviewQuery,
  ipoFinalPriceInput,
  ipoListInput,
  iposQuery,
  listIpoRequest,
  previewFinalPrice,
  requestAllotment,
  setFinalPriceRequest,
  type AllotmentPreview,
  type IpoFinalPricePreview,
  type StaffIpo,
} from './products-api';

type Step = 'allot' | 'price' | 'list';

const isPriced = (ipo: StaffIpo) => ipo.terms.state === 'open' && ipo.terms.finalPrice !== null;
const isUnpriced = (ipo: StaffIpo) => ipo.terms.state === 'open' && ipo.terms.finalPrice === null;
const day = (iso: string) =>
  new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function stateText(ipo: StaffIpo) {
  if (isUnpriced(ipo)) return 'open, not priced';
  if (isPriced(ipo)) {
    return ipo.terms.reconfirmRequired
      ? 'priced (reconfirmation asked), ready to allot'
      : 'priced, ready to allot';
  }
  return ipo.terms.state === 'allotted' ? 'allotted, to list' : ipo.terms.state;
}

/** A 400 of the API names the field it refuses (the price): shown beside it; the rest, as an alert. */
const isFieldRefusal = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && error.code === ErrorCode.InvalidInput;

/**
 * IPOs (issue 23): the list; a new IPO (its form); for an open IPO without a final price, the
 * price's preview (who would have to reconfirm) and then its confirmation; for a priced one, the
 * allotment by its rule and the request a second product ops user approves; for an allotted one,
 * its listing, confirmed once more. Creating, pricing and listing are done at once, audited under
 * the staff user's name: they move no money, so, as on the CLI, no approval. A role without
 * products.request sees no button to do them (and the server refuses them anyway).
 */
export function IposPanel() {
  const can = useCan();
  const ipos = useQuery(iposQuery());
  const [open, setOpen] = useState<{ id: number; step: Step } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const mayAct = can('products.request');
  const opened = ipos.data?.find((i) => i.offering.id === open?.id);
  const start = (id: number, step: Step) => {
    setNotice(null);
    setOpen({ id, step });
  };
  const done = (message: string) => {
    setOpen(null);
    setNotice(message);
  };

  return (
    <div className="space-y-4">
      <h2 className="text-base font-semibold">IPOs</h2>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {ipos.isPending ? (
        <p role="status">Loading IPOs…</p>
      ) : ipos.isError ? (
        <Alert>{messageOf(ipos.error)}</Alert>
      ) : ipos.data.length === 0 ? (
        <p className="rounded border border-slate-300 bg-white p-3 text-sm">No IPOs.</p>
      ) : (
        <DataTable
          look="list"
          label="IPOs"
          rows={ipos.data}
          rowKey={(ipo) => ipo.offering.id}
          rowClassName={(ipo) => ipo.offering.id === open?.id && 'bg-accent-50'}
          columns={[
            {
              header: 'IPO',
              cell: (ipo) => (
                <>
                  {ipo.offering.name}
                  <span className="block text-xs text-slate-600">
                    {ipo.instrument.symbol} ({ipo.instrument.market}) · {ipo.terms.issuer}
                  </span>
                </>
              ),
            },
            { header: 'State', cell: stateText },
            {
              header: 'Price range',
              numeric: true,
              className: 'whitespace-nowrap',
              cell: (ipo) =>
                ipo.terms.priceLow === ipo.terms.priceHigh
                  ? `${ipo.terms.priceLow} ${ipo.quoteUnit} (fixed)`
                  : `${ipo.terms.priceLow}–${ipo.terms.priceHigh} ${ipo.quoteUnit}`,
            },
            {
              header: 'Final price',
              numeric: true,
              className: 'whitespace-nowrap',
              cell: (ipo) =>
                ipo.terms.finalPrice === null ? '—' : `${ipo.terms.finalPrice} ${ipo.quoteUnit}`,
            },
            { header: 'Closes', className: 'text-xs', cell: (ipo) => day(ipo.offering.closesAt) },
            { header: 'Allots on', className: 'whitespace-nowrap', cell: (ipo) => ipo.terms.allotsOn },
            { header: 'Lists on', className: 'whitespace-nowrap', cell: (ipo) => ipo.terms.listsOn },
            {
              header: <span className="sr-only">Actions</span>,
              className: 'text-right whitespace-nowrap',
              cell: (ipo) => (
                <IpoActions ipo={ipo} mayAct={mayAct} onStep={(s) => start(ipo.offering.id, s)} />
              ),
            },
          ]}
        />
      )}
      {opened && open?.step === 'allot' ? <AllotmentPanel key={opened.offering.id} ipo={opened} /> : null}
      {opened && open?.step === 'price' ? (
        <FinalPricePanel key={opened.offering.id} ipo={opened} onDone={done} onCancel={() => setOpen(null)} />
      ) : null}
      {opened && open?.step === 'list' ? (
        <ListingPanel key={opened.offering.id} ipo={opened} onDone={done} onCancel={() => setOpen(null)} />
      ) : null}
      {mayAct ? (
        <IpoCreateForm
          onCreated={(ipo) => setNotice(`IPO ${ipo.offering.id} created (open): ${ipo.offering.name}.`)}
        />
      ) : (
        <p className="text-sm text-slate-600">Your roles may see IPOs but not create, price or list them.</p>
      )}
    </div>
  );
}

/** The next step of an IPO: the allotment preview for any reader; pricing and listing for a maker. */
function IpoActions({
  ipo,
  mayAct,
  onStep,
}: {
  ipo: StaffIpo;
  mayAct: boolean;
  onStep: (step: Step) => void;
}) {
  const name = ipo.offering.name;
  return (
    <span className="inline-flex gap-1">
      {isPriced(ipo) ? (
        <Button type="button" tone="secondary" onClick={() => onStep('allot')}>
          Preview allotment
        </Button>
      ) : null}
      {mayAct && isUnpriced(ipo) ? (
        <Button
          type="button"
          tone="secondary"
          onClick={() => onStep('price')}
          aria-label={`Set final price of ${name}`}
        >
          Set final price
        </Button>
      ) : null}
      {mayAct && ipo.terms.state === 'allotted' ? (
        <Button type="button" tone="secondary" onClick={() => onStep('list')} aria-label={`List ${name}`}>
          List
        </Button>
      ) : null}
    </span>
  );
}

/** A panel opened from a row above: it takes the reader (and the keyboard) to its heading. */
function StepPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus();
  }, []);
  return (
    <article aria-labelledby={id} className="space-y-3 rounded border border-slate-300 bg-white p-4 text-sm">
      <h2 id={id} ref={heading} tabIndex={-1} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </article>
  );
}

/** One price field of a step panel, its refusal beside it. */
function PriceField({
  id,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="max-w-xs">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
        autoComplete="off"
        inputMode="decimal"
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
      />
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

const POSITION_TEXT: Record<IpoFinalPricePreview['position'], string> = {
  within: 'within the range',
  below: 'below the range, by at most 20 % of the low price',
  far_below: 'more than 20 % below the low price: a material change of terms',
  above: 'above the range: the holds, sized on the high price, do not cover it',
};

/**
 * The final price, set once before allotment: previewed first (nothing written) with what it does
 * to the applications made so far, then confirmed. A changed price voids the preview.
 */
function FinalPricePanel({
  ipo,
  onDone,
  onCancel,
}: {
  ipo: StaffIpo;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const id = ipo.offering.id;
  const unit = ipo.quoteUnit;
  const [price, setPrice] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const preview = useMutation({ mutationFn: (p: string) => previewFinalPrice(id, p) });
  const confirm = useMutation({
    mutationFn: (p: IpoFinalPricePreview) => setFinalPriceRequest(id, p.finalPrice),
    onSuccess: async (updated, p) => {
      await queryClient.invalidateQueries({ queryKey: ['products', 'ipos'] });
      onDone(
        `${updated.offering.name}: final price ${priceWithUnit(p.finalPrice, unit)} set.` +
          (updated.terms.reconfirmRequired
            ? ` ${plural(p.applicationsToReconfirm, 'application')} must be reconfirmed in the app, or they lapse at allotment.`
            : ''),
      );
    },
  });
  const change = (value: string) => {
    setPrice(value);
    setInvalid(undefined);
    preview.reset();
    confirm.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.reset();
    const parsed = ipoFinalPriceInput.safeParse({ price });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    preview.mutate(parsed.data.price);
  };
  const fieldError = invalid ?? (isFieldRefusal(preview.error) ? messageOf(preview.error) : undefined);
  const p = preview.data;

  return (
    <StepPanel id="final-price-title" title={`Final price · ${ipo.offering.name}`}>
      <p>
        Range {priceWithUnit(ipo.terms.priceLow, unit)} – {priceWithUnit(ipo.terms.priceHigh, unit)}. The
        final price is set once, before allotment. Above the range, or more than 20 % below the low price,
        every application made so far must be reconfirmed by its client in the app, or it lapses at allotment.
      </p>
      <form onSubmit={submit} noValidate className="space-y-2">
        <PriceField
          id="ipo-final-price"
          label={`Final price (${unitLabel(unit)})`}
          hint={unit === 'ZAc' ? 'In cents: 1800 = R18.00' : `In ${unit}`}
          value={price}
          error={fieldError}
          onChange={change}
        />
        <Button type="submit" tone="secondary" disabled={preview.isPending}>
          Preview final price
        </Button>
      </form>
      {preview.isError && !isFieldRefusal(preview.error) ? <Alert>{messageOf(preview.error)}</Alert> : null}
      {p ? (
        <section aria-label="Final price preview" className="space-y-2 rounded bg-slate-50 p-3">
          <dl className="grid grid-cols-[12rem_1fr] gap-x-2 gap-y-1">
            <dt className="text-slate-600">Final price</dt>
            <dd className="tabular-nums">{priceWithUnit(p.finalPrice, unit)}</dd>
            <dt className="text-slate-600">Against the range</dt>
            <dd>{POSITION_TEXT[p.position]}</dd>
            <dt className="text-slate-600">Awaiting applications</dt>
            <dd className="tabular-nums">
              {plural(p.awaitingApplications, 'application')} of {plural(p.awaitingClients, 'client')}
            </dd>
          </dl>
          {p.needsReconfirmation ? (
            <div
              role="alert"
              className="rounded border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-amber-950"
            >
              <strong>Reconfirmation needed.</strong> At {priceWithUnit(p.finalPrice, unit)},{' '}
              {p.applicationsToReconfirm === 0
                ? 'no application waits now; any made before the price is final would have to be reconfirmed.'
                : `${plural(p.applicationsToReconfirm, 'application')} of ${plural(p.clientsToReconfirm, 'client')} must be reconfirmed by the client in the app, or lapse at allotment.`}
            </div>
          ) : (
            <p>No reconfirmation needed: the applications stand at this price.</p>
          )}
          {confirm.isError ? <Alert>{messageOf(confirm.error)}</Alert> : null}
          <div className="flex gap-2">
            <Button type="button" disabled={confirm.isPending} onClick={() => confirm.mutate(p)}>
              Confirm final price
            </Button>
            <Button type="button" tone="secondary" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </section>
      ) : null}
    </StepPanel>
  );
}

/**
 * The listing of an allotted IPO: the instrument trades from today at the listing price (empty:
 * the final price) and the allotted orders become holdings. It cannot be undone: asked once more.
 */
function ListingPanel({
  ipo,
  onDone,
  onCancel,
}: {
  ipo: StaffIpo;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const id = ipo.offering.id;
  const unit = ipo.quoteUnit;
  const final = ipo.terms.finalPrice ?? ipo.terms.priceHigh;
  const [price, setPrice] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const list = useMutation({
    mutationFn: (p: string) => listIpoRequest(id, p),
    onSuccess: async (listed) => {
      await queryClient.invalidateQueries({ queryKey: ['products', 'ipos'] });
      onDone(
        `${listed.instrument.symbol} listed on the ${listed.instrument.market} at ${priceWithUnit(listed.terms.listingPrice ?? final, unit)}.`,
      );
    },
    onError: () => setConfirming(false),
  });
  const change = (value: string) => {
    setPrice(value);
    setInvalid(undefined);
    setConfirming(false);
    list.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.reset();
    const parsed = ipoListInput.safeParse(price.trim() === '' ? {} : { price });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setConfirming(true);
  };
  // The question appears below the form: the keyboard goes to its answer.
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const fieldError = invalid ?? (isFieldRefusal(list.error) ? messageOf(list.error) : undefined);
  const at = price.trim() === '' ? final : price.trim();

  return (
    <StepPanel id="listing-title" title={`Listing · ${ipo.offering.name}`}>
      <p>
        {ipo.instrument.symbol} starts trading on the {ipo.instrument.market} today at the listing price; the
        allotted orders become holdings their clients can sell. Listing cannot be undone.
      </p>
      <form onSubmit={submit} noValidate className="space-y-2">
        <PriceField
          id="ipo-listing-price"
          label={`Listing price (${unitLabel(unit)}, optional)`}
          hint={`Empty: the final price, ${priceWithUnit(final, unit)}.`}
          value={price}
          error={fieldError}
          onChange={change}
        />
        <Button type="submit" tone="secondary">
          List…
        </Button>
      </form>
      {list.isError && !isFieldRefusal(list.error) ? <Alert>{messageOf(list.error)}</Alert> : null}
      {confirming ? (
        <section aria-label="Confirm the listing" className="space-y-2 rounded bg-slate-50 p-3">
          <p>
            List {ipo.instrument.symbol} on the {ipo.instrument.market} at {priceWithUnit(at, unit)}?
          </p>
          <div className="flex gap-2">
            <Button
              ref={confirmButton}
              type="button"
              disabled={list.isPending}
              onClick={() => list.mutate(price)}
            >
              Confirm listing
            </Button>
            <Button type="button" tone="secondary" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </section>
      ) : null}
    </StepPanel>
  );
}

/** The allotment by the rule (nothing written), then the request a second product ops user approves. */
function AllotmentPanel({ ipo }: { ipo: StaffIpo }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const id = ipo.offering.id;
  const preview = useQuery(allotmentPreviewQuery(id));
  const request = useMutation({
    mutationFn: (p: AllotmentPreview) => requestAllotment(id, p),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['approvals'] }),
        queryClient.invalidateQueries({ queryKey: ['products', 'ipos'] }),
      ]),
  });
  const p = preview.data;
  return (
    <StepPanel id="allotment-title" title={`Allotment preview · ${ipo.offering.name}`}>
      {preview.isPending ? (
        <p role="status">Computing the allotment…</p>
      ) : preview.isError ? (
        <Alert>{messageOf(preview.error)}</Alert>
      ) : p ? (
        <>
          <dl className="grid grid-cols-[10rem_1fr] gap-x-2 gap-y-1" aria-label="Totals">
            <dt className="text-slate-600">Rule</dt>
            <dd>
              {p.rule}
              {p.rule === 'lottery' ? <span className="text-slate-600"> (seed {p.seed})</span> : null}
            </dd>
            <dt className="text-slate-600">Final price</dt>
            <dd className="tabular-nums">{priceWithUnit(p.finalPrice, ipo.quoteUnit)}</dd>
            <dt className="text-slate-600">Lots</dt>
            <dd className="tabular-nums">
              {p.lotsAllotted} allotted of {p.lotsOffered} offered ({p.lotsApplied} applied for)
            </dd>
            <dt className="text-slate-600">Debited</dt>
            <dd className="tabular-nums">{p.debited}</dd>
            <dt className="text-slate-600">Refunded</dt>
            <dd className="tabular-nums">{p.released}</dd>
          </dl>
          <DataTable
            label="Allotments"
            rows={p.lines}
            rowKey={(l) => l.orderId}
            columns={[
              { header: 'Order', className: 'font-mono', cell: (l) => l.reference },
              { header: 'Client', cell: (l) => `#${l.clientId}` },
              { header: 'Applied', numeric: true, cell: (l) => l.lots },
              {
                header: 'Allotted',
                numeric: true,
                cell: (l) => (l.lapsed ? <span className="text-amber-800">lapsed</span> : l.allotted),
              },
              { header: 'Debited', numeric: true, cell: (l) => l.debited },
              { header: 'Refund', numeric: true, cell: (l) => l.released },
            ]}
          />
          {request.data ? (
            <OutcomeNotice outcome={request.data} done="Allotted." />
          ) : can('products.request') ? (
            <div className="space-y-2">
              {request.isError ? <Alert>{messageOf(request.error)}</Alert> : null}
              <Button type="button" disabled={request.isPending} onClick={() => request.mutate(p)}>
                Request allotment
              </Button>
            </div>
          ) : (
            <p className="text-slate-600">Your roles may preview the allotment but not request it.</p>
          )}
        </>
      ) : null}
    </StepPanel>
  );
}
