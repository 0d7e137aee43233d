import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useCan } from '../../app/session';
import { OutcomeNotice } from '../../components/outcome-notice';
import { Alert, Button, inputClass, labelClass } from '../../components/ui';
import { DataTable } from '../../components/data-table';
import { ApiError, messageOf } from '../../lib/api';
import {
  fundStrikePreviewQuery,
  fundsQuery,
  requestFundStrike,
  type FundNavStrikePreview,
  type StaffFund,
} from './products-api';

/** What the funds and structured-products panels add to a waiting request. */
export const SECOND_APPROVER = 'A second staff user approves it in Approvals.';
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A request refused because what it was asked on moved (409): the message says so, and the
 * preview is read again so the maker sees the new figures before asking once more.
 */
export function RequestError({ error, onPreviewAgain }: { error: unknown; onPreviewAgain: () => void }) {
  const changed = error instanceof ApiError && error.status === 409;
  return (
    <Alert>
      {messageOf(error)}{' '}
      {changed ? (
        <button type="button" className="font-semibold underline" onClick={onPreviewAgain}>
          Preview again
        </button>
      ) : null}
    </Alert>
  );
}

/** Funds (issue 23): the list, and per fund the NAV strike preview and its approval request. */
export function FundsPanel() {
  const funds = useQuery(fundsQuery());
  const [openId, setOpenId] = useState<number | null>(null);
  const opened = funds.data?.find((f) => f.id === openId);
  if (funds.isPending) return <p role="status">Loading funds…</p>;
  if (funds.isError) return <Alert>{messageOf(funds.error)}</Alert>;
  return (
    <div className="space-y-4">
      {funds.data.length === 0 ? (
        <p className="rounded border border-slate-300 bg-white p-3 text-sm">No funds.</p>
      ) : (
        <DataTable
          look="list"
          label="Funds"
          rows={funds.data}
          rowKey={(f) => f.id}
          rowClassName={(f) => f.id === openId && 'bg-accent-50'}
          columns={[
            {
              header: 'Fund',
              cell: (f) => (
                <>
                  {f.name}
                  <span className="block text-xs text-slate-600">
                    <span className="font-mono">{f.code}</span> · {f.category} · {f.benchmark.symbol}
                  </span>
                </>
              ),
            },
            { header: 'Status', cell: (f) => f.status },
            {
              header: 'Latest NAV (c/unit)',
              numeric: true,
              cell: (f) => (
                <>
                  {f.latestNav.nav}
                  <span className="block text-xs text-slate-600">{f.latestNav.date}</span>
                </>
              ),
            },
            {
              header: 'Cut-off · valuation (SAST)',
              className: 'tabular-nums',
              cell: (f) => `${f.cutoffTime} · ${f.valuationTime}`,
            },
            { header: 'Pending subscriptions', numeric: true, cell: (f) => f.pendingSubscriptions },
            { header: 'Pending redemptions', numeric: true, cell: (f) => f.pendingRedemptions },
            {
              header: <span className="sr-only">Action</span>,
              className: 'text-right',
              cell: (f) => (
                <Button
                  type="button"
                  tone="secondary"
                  className="whitespace-nowrap"
                  aria-label={`Preview NAV strike of ${f.code}`}
                  onClick={() => setOpenId(f.id)}
                >
                  Preview NAV strike
                </Button>
              ),
            },
          ]}
        />
      )}
      {opened ? <FundStrikePanel key={opened.id} fund={opened} /> : null}
    </div>
  );
}

function FundStrikePanel({ fund }: { fund: StaffFund }) {
  const can = useCan();
  const queryClient = useQueryClient();
  // The business day asked for ('' = everything due now); the field is applied on "Preview".
  const [date, setDate] = useState('');
  const [draft, setDraft] = useState('');
  const preview = useQuery(fundStrikePreviewQuery(fund.id, date));
  const request = useMutation({
    mutationFn: (p: FundNavStrikePreview) => requestFundStrike(fund.id, p),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['approvals'] }),
        queryClient.invalidateQueries({ queryKey: ['products', 'funds'] }),
      ]),
  });
  const previewAgain = () => {
    request.reset();
    void preview.refetch();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.reset();
    if (draft === date) void preview.refetch();
    else setDate(draft);
  };
  const p = preview.data;
  const titleId = `strike-title-${fund.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="space-y-3 rounded border border-slate-300 bg-white p-4 text-sm"
    >
      <h2 id={titleId} className="text-base font-semibold">
        NAV strike preview · {fund.name}
      </h2>
      <p className="text-slate-600">
        Nothing is written until a second staff user approves the request. The valuation is checked again at
        approval: if orders or NAVs moved meanwhile, it is refused and previewed anew.
      </p>
      <form onSubmit={submit} className="flex items-end gap-2">
        <div className="w-72">
          <label htmlFor={`strike-date-${fund.id}`} className={labelClass}>
            Business day (empty: everything due now)
          </label>
          <input
            id={`strike-date-${fund.id}`}
            type="date"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className={inputClass}
          />
        </div>
        <Button type="submit" tone="secondary" disabled={preview.isFetching}>
          Preview
        </Button>
      </form>
      {preview.isPending ? (
        <p role="status">Computing the valuation…</p>
      ) : preview.isError ? (
        <Alert>{messageOf(preview.error)}</Alert>
      ) : p ? (
        <StrikeFigures preview={p} fetching={preview.isFetching}>
          {request.data ? (
            <OutcomeNotice
              outcome={request.data}
              hint={SECOND_APPROVER}
              done="Valued: the NAVs are struck and the orders filled."
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
            <p className="text-slate-600">Your roles may preview the NAV strike but not request it.</p>
          )}
        </StrikeFigures>
      ) : null}
    </article>
  );
}

function StrikeFigures({
  preview: p,
  fetching,
  children,
}: {
  preview: FundNavStrikePreview;
  fetching: boolean;
  children: ReactNode;
}) {
  const nothing = p.subscriptions.length + p.redemptions.length + p.rejected.length === 0;
  return (
    <section aria-label="NAV strike figures" aria-busy={fetching} className="space-y-3">
      <dl className="grid grid-cols-[10rem_1fr] gap-x-2 gap-y-1">
        <dt className="text-slate-600">Valuation day</dt>
        <dd className="tabular-nums">{p.day}</dd>
        <dt className="text-slate-600">NAVs struck</dt>
        <dd className="tabular-nums">
          {p.navs.length === 0
            ? 'none needed (no order is due)'
            : p.navs.map((n) => `${n.date}: ${n.nav} c/unit`).join(' · ')}
        </dd>
        <dt className="text-slate-600">Orders</dt>
        <dd>
          {plural(p.subscriptions.length, 'subscription')} to value,{' '}
          {plural(p.redemptions.length, 'redemption')} to pay, {p.rejected.length} to reject
        </dd>
      </dl>
      {nothing ? (
        <p className="rounded bg-slate-50 p-2">
          No subscription or redemption is due: only the NAVs are struck.
        </p>
      ) : null}
      {p.subscriptions.length > 0 ? (
        <DataTable
          label="Subscriptions it would value"
          caption="Subscriptions it would value"
          rows={p.subscriptions}
          rowKey={(s) => s.orderId}
          columns={[
            { header: 'Order', className: 'font-mono', cell: (s) => `#${s.orderId}` },
            { header: `Amount (${p.currency})`, numeric: true, cell: (s) => s.amount },
            { header: 'NAV (c/unit)', numeric: true, cell: (s) => s.nav },
            { header: 'Units', numeric: true, cell: (s) => s.units },
            { header: 'Value of units', numeric: true, cell: (s) => s.tradeValue },
            { header: 'Refund', numeric: true, cell: (s) => s.refund },
          ]}
        />
      ) : null}
      {p.redemptions.length > 0 ? (
        <DataTable
          label="Redemptions it would pay"
          caption="Redemptions it would pay"
          rows={p.redemptions}
          rowKey={(r) => r.orderId}
          columns={[
            { header: 'Order', className: 'font-mono', cell: (r) => `#${r.orderId}` },
            { header: 'Units', numeric: true, cell: (r) => r.units },
            { header: 'NAV (c/unit)', numeric: true, cell: (r) => r.nav },
            { header: `Gross (${p.currency})`, numeric: true, cell: (r) => r.gross },
            { header: 'Platform fee', numeric: true, cell: (r) => r.platformFee },
            { header: 'Paid', numeric: true, cell: (r) => r.net },
          ]}
        />
      ) : null}
      {p.rejected.length > 0 ? (
        <p className="text-amber-900">
          Rejected (too small for a unit; refunded in full):{' '}
          {p.rejected.map((id) => (
            <span key={id} className="mr-1 font-mono">
              #{id}
            </span>
          ))}
        </p>
      ) : null}
      {children}
    </section>
  );
}
