import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ErrorCode,
  type IpoOffering,
  type IpoTerms,
  type OrderPreview,
  type OrderResult,
} from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { FeeLines, FeeScheduleNote } from '@/components/fee-lines';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon, CheckCircleIcon } from '@/components/ui/icons';
import { DetailCardSkeleton, Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { ApiError, errorMessage } from '@/lib/http';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { applyForIpo, useIpo, useIpoPreview } from '../api/ipo';
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

/** What app/ gives the drawer (a feature never imports another): Verify Your PIN, and a refresh after an order. */
export interface IpoDeps {
  askForPin: (description?: string) => Promise<boolean>;
  onOrderPlaced?: (result: OrderResult) => void;
}

export interface IpoDrawerProps extends IpoDeps {
  id: number;
  close: () => void;
  closeAndNavigate: (to: string) => void;
}

/** Within this many pixels of the end, the key facts count as read (as the KYC agreement). */
const READ_THRESHOLD_PX = 8;
const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The 'ipo' bottom drawer (IPO Equity, 85vh): the key facts first (Subscribe enables once they are
 * scrolled to the end, as the KYC agreement), the price, lots and limits, the window, allotment and
 * listing dates and the allocation rule; then the lots form with the fee preview (exactly what will
 * be held), Verify Your PIN and the placed confirmation.
 */
export default function IpoDrawer({ id, close, closeAndNavigate, ...deps }: IpoDrawerProps) {
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
      <EmptyState
        icon={<AlertIcon />}
        title="This IPO could not be loaded"
        description={errorMessage(ipo.error)}
        action={<Button onClick={() => void ipo.refetch()}>Try again</Button>}
      />
    );
  }
  if (!ipo.data?.ipo) return <DrawerSkeleton />;
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
  deps: IpoDeps;
  onPlaced: (r: OrderResult, lots: number) => void;
}) {
  const terms = offering.ipo;
  const [read, setRead] = useState(false);
  // The window as of opening the drawer (the server decides at the moment of applying).
  const [state] = useState(() => windowState(offering, terms));
  return (
    <div className="mx-auto grid max-w-5xl gap-5 pb-6 lg:grid-cols-[1fr_22rem]" data-testid="ipo-detail">
      <div className="min-w-0 space-y-4">
        <Header offering={offering} state={state} />
        <KeyFactsBox offering={offering} onRead={() => setRead(true)} />
        <OfferTerms offering={offering} terms={terms} />
        <Timeline offering={offering} terms={terms} state={state} />
      </div>
      <div className="min-w-0 lg:sticky lg:top-0 lg:self-start">
        <ApplyForm
          offering={offering}
          terms={terms}
          state={state}
          read={read}
          deps={deps}
          onPlaced={onPlaced}
        />
      </div>
    </div>
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

/** The key facts in a scroll box: `onRead` once scrolled to its end (or when it fits entirely). */
export function KeyFactsBox({ offering, onRead }: { offering: IpoOffering; onRead: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const done = useRef(false);
  const [read, setRead] = useState(false);
  const check = (el: HTMLElement) => {
    if (!done.current && el.scrollHeight - el.scrollTop - el.clientHeight <= READ_THRESHOLD_PX) {
      done.current = true;
      setRead(true);
      onRead();
    }
  };
  useLayoutEffect(() => {
    // A sheet that fits without scrolling has been seen whole.
    if (box.current && box.current.scrollHeight > 0 && box.current.scrollHeight <= box.current.clientHeight) {
      check(box.current);
    }
  });
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
        ref={box}
        data-testid="ipo-key-facts"
        tabIndex={0}
        onScroll={(e) => check(e.currentTarget)}
        className="max-h-72 overflow-y-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <dl className="divide-y divide-slate-100">
          {offering.key_facts.map((fact) => (
            <div
              key={fact.key}
              data-fact={fact.key}
              className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[8rem_1fr] sm:gap-4"
            >
              <dt className="font-medium text-slate-500">{fact.label}</dt>
              <dd
                className={cn('text-slate-800', fact.key === 'maximum_loss' && 'font-semibold text-red-700')}
              >
                {fact.text}
              </dd>
            </div>
          ))}
        </dl>
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

function useDebounced<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setShown(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return shown;
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
  deps: IpoDeps;
  onPlaced: (r: OrderResult, lots: number) => void;
}) {
  const left = lotsLeft(terms);
  const [lotsInput, setLotsInput] = useState(() => String(Math.min(terms.min_lots, Math.max(left, 1))));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const keeper = useMemo(() => createIdempotencyKeeper(), []);
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
    const body = { lots };
    const held = shown
      ? ` ${money(preview.data!.total)} will be held until allotment on ${dayText(terms.allots_on)}.`
      : '';
    const description = `Confirm your application for ${lotsText(lots)} (${sharesText(lots * terms.lot_size)}) of ${offering.symbol}.${held}`;
    setBusy(true);
    setServerError(null);
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        if (!(await deps.askForPin(description))) return;
        try {
          const result = await applyForIpo(offering.id, body, keeper.keyFor(body));
          keeper.settle();
          toast.success(result.message);
          deps.onOrderPlaced?.(result);
          onPlaced(result, lots);
          return;
        } catch (e) {
          if (e instanceof ApiError && e.code === ErrorCode.PinRequired && attempt === 0) continue;
          if (e instanceof ApiError && e.status >= 400 && e.status < 500) keeper.settle();
          setServerError(errorMessage(e));
          toast.error(errorMessage(e));
          return;
        }
      }
    } finally {
      setBusy(false);
    }
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
        <p role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {blocked}
        </p>
      )}
      <TextField
        label="Lots"
        value={lotsInput}
        onValueChange={(v) => {
          setLotsInput(v);
          setServerError(null);
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
      {serverError && (
        <p role="alert" className="text-sm text-red-600">
          {serverError}
        </p>
      )}
      {open && !read && (
        <p className="text-xs font-medium text-slate-600" data-testid="read-hint">
          Scroll to the end of the key facts to continue.
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={!read || !open || busy || !!error}>
        {busy ? 'Subscribing…' : 'Subscribe'}
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
  const money = (v: string) => formatCurrency(v, offering.currency);
  const basis =
    terms.final_price !== null
      ? 'final price'
      : terms.price_low === terms.price_high
        ? 'price'
        : 'upper price';
  return (
    <section
      aria-label="Fee preview"
      data-testid="ipo-fee-preview"
      aria-busy={loading || undefined}
      className="rounded-xl border border-slate-200 bg-white px-3 py-2.5 text-sm"
    >
      <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Fee preview</h4>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(error)}
        </p>
      ) : !preview ? (
        loading ? (
          <div className="space-y-2 py-1" role="status" aria-label="Loading">
            {[0, 1, 2].map((i) => (
              <div key={i} className="flex justify-between">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-4 w-20" />
              </div>
            ))}
          </div>
        ) : (
          <p className="text-slate-500">Enter a number of lots to see the fees.</p>
        )
      ) : (
        // Three lists one after another (a dl holds no dl): the shares, the fees, what is held.
        <div className={cn('space-y-1', loading && 'opacity-60')}>
          <dl>
            <Line
              label={`${sharesText(Number(preview.quantity))} × ${priceText(preview.price, offering)} (${basis})`}
              value={money(preview.trade_value)}
              testId="ipo-preview-trade-value"
            />
          </dl>
          {/* Each charge named, grouped under the spec's buckets with how they add up (decision 0041). */}
          <FeeLines
            items={preview.fee_items}
            currency={preview.currency}
            total={preview.fees.total}
            totalLabel="Total fees"
            testIdPrefix="ipo-preview-fee"
          />
          <dl className="border-t border-slate-100 pt-1">
            <Line
              label="Held until allotment"
              value={money(preview.total)}
              strong
              testId="ipo-preview-total"
            />
          </dl>
          <FeeScheduleNote version={preview.fee_schedule} />
        </div>
      )}
    </section>
  );
}

function Line({
  label,
  value,
  strong,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={cn('flex justify-between gap-3', strong && 'font-semibold text-slate-900')}>
      <dt className={strong ? undefined : 'text-slate-500'}>{label}</dt>
      <dd className="text-right tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
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
    <div className="mx-auto max-w-md space-y-5 py-4 text-center" data-testid="order-placed">
      <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <CheckCircleIcon size={34} />
      </div>
      <div>
        <p className="text-xl font-semibold text-slate-900">Application received</p>
        <p className="mx-auto mt-1 max-w-sm text-sm text-slate-500">{result.message}</p>
      </div>
      <dl className="space-y-1.5 rounded-2xl border border-slate-200 px-4 py-3 text-left text-sm">
        <Line label="Reference" value={<span className="font-mono">{order.reference}</span>} />
        <Line
          label="Applied for"
          value={`${lotsText(lots)} (${sharesText(Number(order.requested_quantity))})`}
        />
        <Line label="Held until allotment" value={formatCurrency(order.trade_value, order.currency)} strong />
        <Line label="Allotment" value={dayText(terms.allots_on)} />
        <Line label="Listing" value={dayText(terms.lists_on)} />
      </dl>
      <p className="text-xs text-slate-500">
        You can cancel in Portfolio › Awaiting until {dateTimeText(offering.closes_at)}.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" size="lg" className="sm:flex-1" onClick={onDone}>
          Done
        </Button>
        <Button size="lg" className="sm:flex-1" onClick={onPortfolio}>
          View in Portfolio
        </Button>
      </div>
    </div>
  );
}

function DrawerSkeleton() {
  return (
    <div className="mx-auto grid max-w-5xl gap-5 lg:grid-cols-[1fr_22rem]" role="status" aria-label="Loading">
      <div className="space-y-4">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-8 w-64" />
        <DetailCardSkeleton rows={6} />
      </div>
      <Skeleton className="h-72 w-full rounded-2xl" />
    </div>
  );
}
