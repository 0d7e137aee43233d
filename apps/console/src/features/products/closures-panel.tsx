import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useCan } from '../../app/session';
import { Alert, Button, inputClass, labelClass } from '../../components/ui';
import { messageOf } from '../../lib/api';
import {
  closuresQuery,
  declareClosure,
  EXCHANGE_CODES,
  exchangeClosureInput,
  exchangeClosureWithdrawInput,
  withdrawClosure,
  type ExchangeClosure,
} from './products-api';

type Exchange = (typeof EXCHANGE_CODES)[number];
const EXCHANGE_LABEL: Record<Exchange, string> = {
  JSE: 'JSE (ZA)',
  NYSE: 'NYSE (US)',
  NASDAQ: 'Nasdaq (US)',
  NSE: 'NSE (IN)',
};
const describe = (c: ExchangeClosure) =>
  c.kind === 'closed' ? 'closed all day' : `closes early at ${c.closeTime} (local time)`;

/**
 * Declared exchange closures (decision 0055): an exchange closed on a day its calendar has open, or
 * closing early, at short notice. Trading hours, quotes, fund valuation days and settlement dates
 * follow a declaration at once. Everyone with products.read sees them; market.manage declares
 * and withdraws, each audited as the staff user. Refusals (a past day, a day the exchange does
 * not trade anyway, one already declared) are the server's message; nothing is changed.
 */
export function ClosuresPanel() {
  const can = useCan();
  const mayManage = can('market.manage');
  const [exchange, setExchange] = useState<Exchange>('JSE');
  const [all, setAll] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const closures = useQuery(closuresQuery(exchange, all));

  return (
    <div className="grid grid-cols-[minmax(0,1fr)_24rem] gap-4">
      <div className="space-y-3">
        <div className="flex items-end gap-4">
          <div>
            <label htmlFor="closures-exchange" className={labelClass}>
              Exchange
            </label>
            <select
              id="closures-exchange"
              value={exchange}
              onChange={(e) => {
                setExchange(e.target.value as Exchange);
                setNotice(null);
              }}
              className={inputClass}
            >
              {EXCHANGE_CODES.map((code) => (
                <option key={code} value={code}>
                  {EXCHANGE_LABEL[code]}
                </option>
              ))}
            </select>
          </div>
          <label className="flex items-center gap-2 pb-1.5 text-sm">
            <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
            Show withdrawn
          </label>
        </div>
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <h2 className="text-base font-semibold">Declared closures · {exchange}</h2>
        {closures.isPending ? (
          <p role="status">Loading closures…</p>
        ) : closures.isError ? (
          <Alert>{messageOf(closures.error)}</Alert>
        ) : closures.data.length === 0 ? (
          <p className="rounded border border-slate-300 bg-white p-3 text-sm">
            No declared closures: the {exchange} follows its published calendar.
          </p>
        ) : (
          <table
            className="w-full rounded border border-slate-300 bg-white text-sm"
            aria-label={`Declared closures of the ${exchange}`}
          >
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th className="px-3 py-2">#</th>
                <th className="px-3 py-2">Day</th>
                <th className="px-3 py-2">Session</th>
                <th className="px-3 py-2">Reason</th>
                <th className="px-3 py-2">Declared</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {closures.data.map((c) => (
                <ClosureRow
                  key={c.id}
                  closure={c}
                  mayManage={mayManage}
                  onWithdrawn={() =>
                    setNotice(
                      `Declaration #${c.id} withdrawn: the ${c.exchange} trades on ${c.day} by its calendar.`,
                    )
                  }
                />
              ))}
            </tbody>
          </table>
        )}
      </div>
      {mayManage ? (
        <DeclareForm
          exchange={exchange}
          onDeclared={(c) => setNotice(`Declared #${c.id}: the ${c.exchange} ${describe(c)} on ${c.day}.`)}
        />
      ) : (
        <p className="self-start text-sm text-slate-600">
          Your roles may see declared closures but not declare or withdraw them.
        </p>
      )}
    </div>
  );
}

function ClosureRow({
  closure: c,
  mayManage,
  onWithdrawn,
}: {
  closure: ExchangeClosure;
  mayManage: boolean;
  onWithdrawn: () => void;
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const withdraw = useMutation({
    mutationFn: (why: string) => withdrawClosure(c.exchange, c.id, why),
    onSuccess: () => {
      onWithdrawn();
      return queryClient.invalidateQueries({ queryKey: ['products', 'closures'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = exchangeClosureWithdrawInput.safeParse({ reason });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Give a reason.');
    withdraw.mutate(parsed.data.reason);
  };
  return (
    <tr>
      <td className="px-3 py-2 tabular-nums">{c.id}</td>
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">{c.day}</td>
      <td className="px-3 py-2">
        {describe(c)}
        {c.withdrawnAt ? (
          <span className="block text-xs text-slate-600">withdrawn: {c.withdrawReason}</span>
        ) : null}
      </td>
      <td className="px-3 py-2">{c.reason}</td>
      <td className="px-3 py-2 text-xs">
        {new Date(c.declaredAt).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' })}
        <span className="block text-slate-600">{c.declaredBy}</span>
      </td>
      <td className="px-3 py-2 text-right">
        {!mayManage || c.withdrawnAt ? null : asking ? (
          <form onSubmit={submit} className="flex flex-col items-end gap-1" aria-label={`Withdraw #${c.id}`}>
            <label htmlFor={`withdraw-${c.id}`} className="sr-only">
              Reason for withdrawing #{c.id}
            </label>
            <input
              id={`withdraw-${c.id}`}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setInvalid(null);
              }}
              placeholder="Reason"
              className={inputClass}
              autoComplete="off"
            />
            {invalid ? <Alert>{invalid}</Alert> : null}
            {withdraw.isError ? <Alert>{messageOf(withdraw.error)}</Alert> : null}
            <Button type="submit" tone="danger" disabled={withdraw.isPending}>
              Withdraw #{c.id}
            </Button>
          </form>
        ) : (
          <Button type="button" tone="secondary" onClick={() => setAsking(true)}>
            Withdraw…
          </Button>
        )}
      </td>
    </tr>
  );
}

function DeclareForm({
  exchange,
  onDeclared,
}: {
  exchange: Exchange;
  onDeclared: (c: ExchangeClosure) => void;
}) {
  const queryClient = useQueryClient();
  const [day, setDay] = useState('');
  const [kind, setKind] = useState<'closed' | 'early_close'>('closed');
  const [closeTime, setCloseTime] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const declare = useMutation({
    mutationFn: (input: Parameters<typeof declareClosure>[1]) => declareClosure(exchange, input),
    onSuccess: (c) => {
      setDay('');
      setReason('');
      setCloseTime('');
      onDeclared(c);
      return queryClient.invalidateQueries({ queryKey: ['products', 'closures'] });
    },
  });
  const touched = () => {
    setInvalid(null);
    declare.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = exchangeClosureInput.safeParse({
      day,
      kind,
      reason,
      ...(kind === 'early_close' ? { closeTime } : {}),
    });
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? 'Check the fields.');
    declare.mutate(parsed.data);
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby="declare-title"
      className="space-y-3 self-start rounded border border-slate-300 bg-white p-4 text-sm"
      noValidate
    >
      <h2 id="declare-title" className="text-base font-semibold">
        Declare a closure · {exchange}
      </h2>
      <div>
        <label htmlFor="closure-day" className={labelClass}>
          Day (the exchange&apos;s local date)
        </label>
        <input
          id="closure-day"
          type="date"
          value={day}
          onChange={(e) => {
            setDay(e.target.value);
            touched();
          }}
          className={inputClass}
        />
      </div>
      <fieldset>
        <legend className={labelClass}>Kind</legend>
        <div className="mt-1 flex gap-4">
          {(
            [
              ['closed', 'Closed all day'],
              ['early_close', 'Early close'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="closure-kind"
                value={value}
                checked={kind === value}
                onChange={() => {
                  setKind(value);
                  touched();
                }}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'early_close' ? (
        <div>
          <label htmlFor="closure-time" className={labelClass}>
            Closes at (local time, HH:MM)
          </label>
          <input
            id="closure-time"
            value={closeTime}
            onChange={(e) => {
              setCloseTime(e.target.value);
              touched();
            }}
            className={inputClass}
            autoComplete="off"
          />
        </div>
      ) : null}
      <div>
        <label htmlFor="closure-reason" className={labelClass}>
          Reason
        </label>
        <input
          id="closure-reason"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            touched();
          }}
          className={inputClass}
          autoComplete="off"
        />
      </div>
      {invalid ? <Alert>{invalid}</Alert> : null}
      {declare.isError ? (
        <Alert>
          <strong>Refused: </strong>
          {messageOf(declare.error)} Nothing was changed.
        </Alert>
      ) : null}
      <Button type="submit" disabled={declare.isPending}>
        Declare
      </Button>
    </form>
  );
}
