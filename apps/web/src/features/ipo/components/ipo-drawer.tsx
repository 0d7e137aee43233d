import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { IpoOffering, IpoTerms, OrderPreview, OrderResult } from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { FeePreview } from '@/components/fee-preview';
import { KeyFactRows } from '@/components/key-facts';
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
import { isFeesChanged, useOrderFlow, type OrderFlowDeps, type ProductDrawerProps } from '@/lib/order-flow';
import { useDebounced } from '@/lib/use-debounced';
import { useReadToEnd, type ReadToEnd } from '@/lib/use-read-to-end';
import { applyForIpo, ipoKeys, useIpo, useIpoPreview } from '../api/ipo';
import {
  allocationText,
  dateTimeText,
  dayText,
  lotsError,
  lotsLeft,
  lotsText,
  priceLine,
  priceText,
  sharesText,
  windowState,
  type WindowState,
} from '../model/ipo';

const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The 'ipo' bottom drawer (IPO Equity, 85vh): the key facts first (Subscribe enables once they are
 * scrolled to the end, as the KYC agreement), the price, lots and limits, the window, allotment and
 * listing dates and the allocation rule; then the lots form with the fee preview (exactly what will
 * be held), Verify Your PIN and the placed confirmation.
 */
export default function IpoDrawer({ id, close, closeAndNavigate, ...deps }: ProductDrawerProps) {
  const ipo = useIpo(id);
  const [placed, setPlaced] = useState<{ result: OrderResult; offering: IpoOffering; lots: number } | null>(
    null,
  );
  useEffect(() => {
    if (ipo.isError) toast.error(errorMessage(ipo.error));
  }, [ipo.isError, ipo.error]);

  if (placed) {
    return <Placed {...placed} onDone={close} onPortfolio={() => closeAndNavigate('/portfolio/awaiting')} />;
  }
  if (ipo.isError) {
    return (
      <LoadFailed title="This IPO could not be loaded" error={ipo.error} onRetry={() => void ipo.refetch()} />
    );
  }
  if (!ipo.data?.ipo) return <ProductDrawerSkeleton />;
  return (
    <IpoDetail
      offering={ipo.data}
      deps={deps}
      onPlaced={(result, lots) => setPlaced({ result, offering: ipo.data!, lots })}
    />
  );
}

function IpoDetail({
  offering,
  deps,
  onPlaced,
}: {
  offering: IpoOffering;
  deps: OrderFlowDeps;
  onPlaced: (r: OrderResult, lots: number) => void;
}) {
  const terms = offering.ipo;
  const sheet = useReadToEnd();
  const read = sheet.read;
  // The window as of opening the drawer (the server decides at the moment of applying).
  const [state] = useState(() => windowState(offering, terms));
  return (
    <ProductLayout testId="ipo-detail">
      <div className="min-w-0 space-y-4">
        <Header offering={offering} state={state} />
        <KeyFactsBox offering={offering} sheet={sheet} />
        <OfferTerms offering={offering} terms={terms} />
        <Timeline offering={offering} terms={terms} state={state} />
      </div>
      <FormColumn>
        <ApplyForm
          offering={offering}
          terms={terms}
          state={state}
          read={read}
          deps={deps}
          onPlaced={onPlaced}
        />
      </FormColumn>
    </ProductLayout>
  );
}

const WINDOW_CHIP: Record<WindowState, [string, string]> = {
  upcoming: ['Opens soon', 'bg-amber-50 text-amber-700 ring-amber-200'],
  open: ['Open for applications', 'bg-green-50 text-green-700 ring-green-200'],
  closed: ['Applications closed', 'bg-slate-100 text-slate-600 ring-slate-200'],
};

function Header({ offering, state }: { offering: IpoOffering; state: WindowState }) {
  const [label, chip] = WINDOW_CHIP[state];
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center overflow-hidden rounded-md text-[11px] font-bold tracking-wide ring-1 ring-brand-200">
          <span className="bg-brand-600 px-1.5 py-0.5 text-white">IPO</span>
          <span className="bg-brand-50 px-1.5 py-0.5 text-brand-700">NEW LISTING</span>
        </span>
        <span
          data-testid="ipo-window"
          data-state={state}
          className={cn('rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', chip)}
        >
          {label}
        </span>
        {offering.hot && (
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-bold text-red-600 ring-1 ring-red-200 ring-inset">
            Hot
          </span>
        )}
      </div>
      <h2 className="mt-2 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">{offering.name}</h2>
      <p className="mt-0.5 text-sm text-slate-500">
        <span className="font-semibold text-slate-700">{offering.symbol}</span> · {offering.instrument_name} ·
        to list on the {offering.market}
      </p>
      <p className="mt-0.5 text-xs text-slate-400">Issuer: {offering.ipo.issuer}</p>
    </div>
  );
}

/** The key facts in a scroll box, read once scrolled to its end (or when it fits entirely). */
function KeyFactsBox({ offering, sheet }: { offering: IpoOffering; sheet: ReadToEnd }) {
  const { read, attach, onScroll } = sheet;
  return (
    <section aria-label="Key facts" className="rounded-2xl border border-slate-200 bg-white">
      <h3 className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">
        Key facts
        <span
          className={cn('text-xs font-normal', read ? 'text-green-700' : 'text-slate-400')}
          data-testid="ipo-facts-state"
        >
          {read ? 'Read' : 'Scroll to the end to continue'}
        </span>
      </h3>
      <div
        ref={attach}
        data-testid="ipo-key-facts"
        tabIndex={0}
        onScroll={onScroll}
        className="max-h-72 overflow-y-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <KeyFactRows facts={offering.key_facts} />
        <p className="px-4 pt-1 pb-3 text-xs text-slate-400">End of the key facts.</p>
      </div>
    </section>
  );
}

function OfferTerms({ offering, terms }: { offering: IpoOffering; terms: IpoTerms }) {
  const price = priceLine(terms, offering);
  const rule = allocationText(terms.allocation_rule);
  const cells: Array<[string, ReactNode, string?]> = [
    [price.label, price.value, price.note],
    ['Lot size', sharesText(terms.lot_size)],
    [
      'Per client',
      `${lotsText(terms.min_lots)} to ${lotsText(terms.max_lots)}`,
      terms.applied_lots > 0 ? `You have applied for ${lotsText(terms.applied_lots)}` : undefined,
    ],
    ['Shares on offer', sharesText(Number(terms.shares_offered))],
    [`Allocation: ${rule.title}`, rule.text],
  ];
  if (terms.listing_price !== null) cells.push(['Listing price', priceText(terms.listing_price, offering)]);
  return (
    <section aria-label="Offer" data-testid="ipo-terms" className="rounded-2xl border border-slate-200">
      <h3 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">The offer</h3>
      <dl className="grid grid-cols-2 gap-px bg-slate-100">
        {cells.map(([label, value, note], i) => (
          <div
            key={label}
            data-term={label}
            className={cn(
              'bg-white px-4 py-2.5',
              // The allocation rule reads as a sentence: a full row.
              (label.startsWith('Allocation') || (i === cells.length - 1 && cells.length % 2 === 1)) &&
                'col-span-2',
            )}
          >
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd
              className={cn(
                'mt-0.5 text-sm text-slate-900',
                label.startsWith('Allocation') ? 'font-normal' : 'font-semibold tabular-nums',
              )}
            >
              {value}
              {note && <span className="mt-0.5 block text-[11px] font-normal text-slate-500">{note}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The window, allotment and listing dates as steps, the current one marked. */
function Timeline({
  offering,
  terms,
  state,
}: {
  offering: IpoOffering;
  terms: IpoTerms;
  state: WindowState;
}) {
  const current =
    terms.state === 'listed'
      ? 3
      : terms.state === 'allotted'
        ? 2
        : state === 'upcoming'
          ? -1
          : state === 'open'
            ? 0
            : 1;
  const steps: Array<[string, string, string]> = [
    ['Applications open', dateTimeText(offering.opens_at), 'Apply for whole lots; your funds are held.'],
    ['Applications close', dateTimeText(offering.closes_at), 'You can cancel until then.'],
    ['Allotment', dayText(terms.allots_on), 'You get all, part or none; the rest is released.'],
    ['Listing', dayText(terms.lists_on), 'The shares start trading; you can sell them.'],
  ];
  return (
    <section aria-label="Dates" data-testid="ipo-dates" className="rounded-2xl border border-slate-200 p-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">Dates</h3>
      <ol className="relative space-y-3 border-l-2 border-slate-100 pl-5">
        {steps.map(([label, when, what], i) => (
          <li key={label} data-step={i} aria-current={i === current ? 'step' : undefined}>
            <span
              aria-hidden="true"
              className={cn(
                'absolute -left-[7px] mt-1 size-3 rounded-full ring-2 ring-white',
                i < current ? 'bg-brand-300' : i === current ? 'bg-brand-600' : 'bg-slate-300',
              )}
            />
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className={cn('font-semibold', i === current ? 'text-brand-700' : 'text-slate-900')}>
                {label}
              </span>
              <span className="text-slate-700 tabular-nums">{when}</span>
            </p>
            <p className="text-xs text-slate-500">{what}</p>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-[11px] text-slate-400">Times in South African time (SAST).</p>
    </section>
  );
}

function ApplyForm({
  offering,
  terms,
  state,
  read,
  deps,
  onPlaced,
}: {
  offering: IpoOffering;
  terms: IpoTerms;
  state: WindowState;
  read: boolean;
  deps: OrderFlowDeps;
  onPlaced: (r: OrderResult, lots: number) => void;
}) {
  const left = lotsLeft(terms);
  const [lotsInput, setLotsInput] = useState(() => String(Math.min(terms.min_lots, Math.max(left, 1))));
  const [touched, setTouched] = useState(false);
  const flow = useOrderFlow(deps);
  const queryClient = useQueryClient();
  const error = lotsError(lotsInput, terms);
  const lots = error ? undefined : Number(lotsInput.trim());
  const debouncedLots = useDebounced(lots, PREVIEW_DEBOUNCE_MS);
  const open = state === 'open' && left >= terms.min_lots;
  const preview = useIpoPreview(offering.id, open ? debouncedLots : undefined);
  const shown = preview.data && lots !== undefined && preview.data.quantity === String(lots * terms.lot_size);
  const money = (v: string) => formatCurrency(v, offering.currency);

  async function submit() {
    setTouched(true);
    if (error || lots === undefined || !open || !read) return;
    // The preview's fee schedule: fees published since it are refused (409) rather than charged.
    const body = { lots, ...(shown ? { fee_schedule: preview.data!.fee_schedule } : {}) };
    const held = shown
      ? ` ${money(preview.data!.total)} will be held until allotment on ${dayText(terms.allots_on)}.`
      : '';
    const description = `Confirm your application for ${lotsText(lots)} (${sharesText(lots * terms.lot_size)}) of ${offering.symbol}.${held}`;
    const result = await flow.place({
      description,
      body,
      send: (b, key) => applyForIpo(offering.id, b, key),
      onRefused: (refusal) => {
        // Fees changed since the preview: it is read again, with the new fees.
        if (isFeesChanged(refusal))
          void queryClient.invalidateQueries({ queryKey: ipoKeys.previews(offering.id) });
      },
    });
    if (result) onPlaced(result, lots);
  }

  let blocked: ReactNode = null;
  if (state === 'upcoming') blocked = `Applications open ${dateTimeText(offering.opens_at)}.`;
  else if (state === 'closed') blocked = 'Applications for this IPO are closed.';
  else if (left < terms.min_lots)
    blocked = `You have applied for ${lotsText(terms.applied_lots)}, the maximum per client.`;

  return (
    <form
      className="space-y-3 rounded-2xl border border-slate-200 bg-slate-50/50 p-4"
      aria-label="Apply"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 className="text-base font-semibold text-slate-900">Apply for shares</h3>
      {blocked && (
        <Notice tone="warning" role="status">
          {blocked}
        </Notice>
      )}
      <TextField
        label="Lots"
        value={lotsInput}
        onValueChange={(v) => {
          setLotsInput(v);
          flow.clearError();
        }}
        onBlur={() => setTouched(true)}
        filter="digits"
        inputMode="numeric"
        disabled={!open}
        error={touched || lotsInput.trim() !== '' ? error : undefined}
        hint={`Whole lots of ${sharesText(terms.lot_size)}: ${terms.min_lots} to ${left} ${left === 1 ? 'lot' : 'lots'}${
          terms.applied_lots > 0 ? ` (you have applied for ${lotsText(terms.applied_lots)})` : ''
        }`}
      />
      <p className="text-sm text-slate-600" data-testid="ipo-shares">
        {lots !== undefined ? (
          <>
            = <span className="font-semibold text-slate-900">{sharesText(lots * terms.lot_size)}</span> from
            your {offering.currency} account
          </>
        ) : (
          <>&nbsp;</>
        )}
      </p>
      {open && (
        <IpoFeePreview
          preview={shown ? preview.data : undefined}
          loading={lots !== undefined && (preview.isFetching || debouncedLots !== lots)}
          error={preview.isError && lots === debouncedLots ? preview.error : undefined}
          offering={offering}
          terms={terms}
        />
      )}
      {flow.error && (
        <p role="alert" className="text-sm text-red-600">
          {flow.error}
        </p>
      )}
      {open && !read && (
        <p className="text-xs font-medium text-slate-600" data-testid="read-hint">
          Scroll to the end of the key facts to continue.
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={!read || !open || flow.busy || !!error}>
        {flow.busy ? 'Subscribing…' : 'Subscribe'}
      </Button>
      <p className="text-[11px] text-slate-500">
        Nothing is owed later: the amount is held now, the allotted part is paid at the final price and the
        rest released on {dayText(terms.allots_on)}. You can cancel until {dateTimeText(offering.closes_at)}.
      </p>
    </form>
  );
}

/** The fee preview: exactly what the application will hold (the receipt's figures). */
export function IpoFeePreview({
  preview,
  loading,
  error,
  offering,
  terms,
}: {
  preview: OrderPreview | undefined;
  loading: boolean;
  error?: unknown;
  offering: IpoOffering;
  terms: IpoTerms;
}) {
  const basis =
    terms.final_price !== null
      ? 'final price'
      : terms.price_low === terms.price_high
        ? 'price'
        : 'upper price';
  return (
    <FeePreview
      testId="ipo-fee-preview"
      headingLevel={4}
      preview={preview}
      loading={loading}
      error={error}
      placeholder="Enter a number of lots to see the fees."
      tradeValue={{
        label: (p) => `${sharesText(Number(p.quantity))} × ${priceText(p.price, offering)} (${basis})`,
        valueTestId: 'ipo-preview-trade-value',
      }}
      feeTestIdPrefix="ipo-preview-fee"
      total={{ label: 'Held until allotment', valueTestId: 'ipo-preview-total' }}
    />
  );
}

function Placed({
  result,
  offering,
  lots,
  onDone,
  onPortfolio,
}: {
  result: OrderResult;
  offering: IpoOffering;
  lots: number;
  onDone: () => void;
  onPortfolio: () => void;
}) {
  const { order } = result;
  const terms = offering.ipo;
  return (
    <PlacedScreen
      title="Application received"
      message={result.message}
      rows={[
        { label: 'Reference', value: <span className="font-mono">{order.reference}</span> },
        {
          label: 'Applied for',
          value: `${lotsText(lots)} (${sharesText(Number(order.requested_quantity))})`,
        },
        {
          label: 'Held until allotment',
          value: formatCurrency(order.trade_value, order.currency),
          strong: true,
        },
        { label: 'Allotment', value: dayText(terms.allots_on) },
        { label: 'Listing', value: dayText(terms.lists_on) },
      ]}
      note={`You can cancel in Portfolio › Awaiting until ${dateTimeText(offering.closes_at)}.`}
      actions={[
        { label: 'Done', onClick: onDone },
        { label: 'View in Portfolio', onClick: onPortfolio, primary: true },
      ]}
    />
  );
}
