import {
  applicationSwitchBody,
  withdrawalsBlockedBody,
  type ApplicationSwitch,
  type Client360,
} from '@imali/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useCan } from '../../app/session';
import { Alert, Button, TextField, inputClass, labelClass } from '../../components/ui';
import { messageOf } from '../../lib/api';
import { formatTime } from '../kyc/kyc-api';
import { setApplicationSwitch, setWithdrawalsBlocked } from './clients-api';

const yesNo = (on: boolean) => (on ? 'yes' : 'no');

/**
 * The client's flags (decision 0065): the application switches (bonus, compensation, loan) and the
 * staff block on withdrawals, with who set or cleared it and why. A role with clients.flags.set
 * (payments_maker) turns a switch on or off and sets or clears the block, each with a reason;
 * others only read them. A switch's changes are in the client's audit trail; the block's history
 * is listed here.
 */
export function ClientFlags({ clientId, c }: { clientId: number; c: Client360 }) {
  const can = useCan();
  const blocked = c.flags.withdrawalsBlocked;
  const latest = c.flags.history[0];
  return (
    <>
      <dl className="grid grid-cols-[11rem_1fr] gap-x-2 gap-y-1 text-sm">
        <dt className="text-slate-600">Bonus allowed</dt>
        <dd>{yesNo(c.flags.allowBonus)}</dd>
        <dt className="text-slate-600">Compensation allowed</dt>
        <dd>{yesNo(c.flags.allowCompensation)}</dd>
        <dt className="text-slate-600">Loans allowed</dt>
        <dd>{yesNo(c.flags.allowLoan)}</dd>
        <dt className="text-slate-600">Withdrawals</dt>
        <dd data-testid="withdrawals-state">
          {blocked ? <strong className="text-red-800">blocked</strong> : <span>allowed</span>}
          {blocked && latest ? (
            <span className="text-slate-700">
              {' '}
              since {formatTime(latest.createdAt)} by staff {latest.staffId}: {latest.reason}
            </span>
          ) : null}
        </dd>
      </dl>
      {can('clients.flags.set') ? (
        <>
          <SwitchForm clientId={clientId} flags={c.flags} />
          <BlockForm clientId={clientId} blocked={blocked} />
        </>
      ) : null}
      {c.flags.history.length > 0 ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer">
            History of the withdrawal block ({c.flags.history.length})
          </summary>
          <ul aria-label="Withdrawal block history" className="mt-1 space-y-1">
            {c.flags.history.map((h) => (
              <li key={h.id}>
                {formatTime(h.createdAt)} <strong>{h.value ? 'blocked' : 'unblocked'}</strong> by staff{' '}
                {h.staffId}: {h.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

function BlockForm({ clientId, blocked }: { clientId: number; blocked: boolean }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [done, setDone] = useState<string>();
  const change = useMutation({
    mutationFn: (body: { blocked: boolean; reason: string }) => setWithdrawalsBlocked(clientId, body),
    onSuccess: async (event) => {
      setReason('');
      setDone(
        event.value
          ? 'Withdrawals are blocked: new requests are refused and pending ones cannot be paid.'
          : 'Withdrawals are allowed again.',
      );
      await queryClient.invalidateQueries({ queryKey: ['clients', clientId] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = withdrawalsBlockedBody.safeParse({ blocked: !blocked, reason });
    if (!parsed.success) return setFieldError('Give the reason (up to 500 characters).');
    setFieldError(undefined);
    setDone(undefined);
    change.mutate(parsed.data);
  };
  const action = blocked ? 'Unblock withdrawals' : 'Block withdrawals';
  return (
    <form onSubmit={submit} aria-label={action} className="mt-3 space-y-2">
      <TextField
        id={`${id}-reason`}
        label={`${blocked ? 'Why withdrawals may go ahead again' : 'Why withdrawals are blocked'} (kept with the change; the client does not see it)`}
        maxLength={500}
        value={reason}
        error={fieldError}
        onChange={(e) => setReason(e.target.value)}
      />
      <div aria-live="polite">
        {change.isError ? <Alert>{messageOf(change.error)}</Alert> : null}
        {done ? <Alert tone="success">{done}</Alert> : null}
      </div>
      <Button type="submit" tone={blocked ? 'secondary' : 'danger'} disabled={change.isPending}>
        {change.isPending ? 'Saving…' : action}
      </Button>
    </form>
  );
}

const SWITCHES: {
  value: ApplicationSwitch;
  label: string;
  field: 'allowBonus' | 'allowCompensation' | 'allowLoan';
}[] = [
  { value: 'bonus', label: 'Trial bonus', field: 'allowBonus' },
  { value: 'compensation', label: 'Compensation', field: 'allowCompensation' },
  { value: 'loan', label: 'Loans', field: 'allowLoan' },
];

/** One application switch at a time, with the reason kept in the audit entry. */
function SwitchForm({ clientId, flags }: { clientId: number; flags: Client360['flags'] }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [flag, setFlag] = useState<ApplicationSwitch>('loan');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [done, setDone] = useState<string>();
  const chosen = SWITCHES.find((s) => s.value === flag)!;
  const on = flags[chosen.field];
  const change = useMutation({
    mutationFn: (body: { flag: ApplicationSwitch; allowed: boolean; reason: string }) =>
      setApplicationSwitch(clientId, body),
    onSuccess: async (_switches, body) => {
      setReason('');
      setDone(`${chosen.label}: ${body.allowed ? 'allowed' : 'not allowed'} now.`);
      await queryClient.invalidateQueries({ queryKey: ['clients', clientId] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = applicationSwitchBody.safeParse({ flag, allowed: !on, reason });
    if (!parsed.success) return setFieldError('Give the reason (up to 500 characters).');
    setFieldError(undefined);
    setDone(undefined);
    change.mutate(parsed.data);
  };
  const action = `${on ? 'Turn off' : 'Turn on'}: ${chosen.label.toLowerCase()}`;
  return (
    <form onSubmit={submit} aria-label="Change an application switch" className="mt-3 space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-flag`} className={labelClass}>
            Application switch
          </label>
          <select
            id={`${id}-flag`}
            className={inputClass}
            value={flag}
            onChange={(e) => {
              setFlag(e.target.value as ApplicationSwitch);
              setDone(undefined);
            }}
          >
            {SWITCHES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label} ({flags[s.field] ? 'allowed' : 'not allowed'})
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-60 flex-1">
          <TextField
            id={`${id}-reason`}
            label="Why (kept in the client’s audit trail; the client does not see it)"
            maxLength={500}
            value={reason}
            error={fieldError}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      </div>
      <div aria-live="polite">
        {change.isError ? <Alert>{messageOf(change.error)}</Alert> : null}
        {done ? <Alert tone="success">{done}</Alert> : null}
      </div>
      <Button type="submit" tone="secondary" disabled={change.isPending}>
        {change.isPending ? 'Saving…' : action}
      </Button>
    </form>
  );
}
