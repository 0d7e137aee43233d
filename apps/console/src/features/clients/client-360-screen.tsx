import type { Client360 } from '@imali/contract';
import { clientNoteBody } from '@imali/contract';
import { formatMinor, isCurrency, truncateDecimals } from '@imali/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../app/session';
import { Alert, Button, FieldError, Loading, PageTitle, inputClass, labelClass } from '../../components/ui';
import { messageOf } from '../../lib/api';
import { fileUrl, formatTime, kycDetail } from '../kyc/kyc-api';
import { ClientFlags } from './client-flags-section';
import { addNote, clientDetail, endClientSession } from './clients-api';

/** Everything about one client, each section from the module that owns it (GET /clients/:id). */
export function Client360Screen() {
  const clientId = Number(useParams().clientId);
  const valid = Number.isSafeInteger(clientId) && clientId > 0;
  const detail = useQuery({ ...clientDetail(clientId), enabled: valid });
  if (!valid) return <Alert>There is no such client.</Alert>;
  if (detail.isPending) return <Loading label="Loading the client…" />;
  if (detail.isError) return <Alert>{messageOf(detail.error)}</Alert>;
  return <ClientPage clientId={clientId} c={detail.data} />;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded border border-slate-300 bg-white p-3">
      <h2 id={`${id}-title`} className="mb-2 font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const th = 'px-2 py-1 text-left text-xs font-semibold text-slate-700';
const td = 'px-2 py-1 align-top';
const none = (what: string) => <p className="text-sm text-slate-600">{what}</p>;

function ClientPage({ clientId, c }: { clientId: number; c: Client360 }) {
  const can = useCan();
  const p = c.profile;
  return (
    <section aria-labelledby="page-title">
      <p className="mb-2 text-sm">
        <Link to="/clients" className="text-accent-700 underline">
          ← Find another client
        </Link>
      </p>
      <PageTitle hint={`Client ${p.id}, mobile ${p.mobile}, registered ${formatTime(p.registeredAt)}.`}>
        <span id="page-title">{p.displayName}</span>
      </PageTitle>
      {can('clients.view_as') ? (
        <p className="-mt-2 mb-4 text-sm">
          <Link to={`/clients/${clientId}/dashboard`} className="text-accent-700 underline">
            View as client (read only, recorded in the audit trail)
          </Link>
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-4">
        <Section id="profile" title="Profile">
          <dl className="grid grid-cols-[8rem_1fr] gap-x-2 gap-y-1 text-sm">
            <dt className="text-slate-600">Name</dt>
            <dd>{p.name ?? '—'}</dd>
            <dt className="text-slate-600">Mobile</dt>
            <dd className="font-mono">{p.mobile}</dd>
            <dt className="text-slate-600">Email</dt>
            <dd>{p.email ?? '—'}</dd>
            <dt className="text-slate-600">Country</dt>
            <dd>{p.country}</dd>
            <dt className="text-slate-600">VIP level</dt>
            <dd>{p.vip}</dd>
            <dt className="text-slate-600">Score</dt>
            <dd>{p.score}</dd>
            <dt className="text-slate-600">PIN</dt>
            <dd>{p.hasPin ? (p.pinLocked ? 'set, locked' : 'set') : 'not set'}</dd>
            <dt className="text-slate-600">Invite code</dt>
            <dd className="font-mono">{p.inviteCode ?? '—'}</dd>
          </dl>
        </Section>
        <KycSection c={c} />
        <div className="col-span-2">
          <Accounts c={c} />
        </div>
        <div className="col-span-2">
          <Ledger c={c} />
        </div>
        <div className="col-span-2">
          <Orders c={c} />
        </div>
        <Positions c={c} />
        <Section id="flags" title="Flags">
          <ClientFlags clientId={clientId} c={c} />
        </Section>
        <div className="col-span-2">
          <Sessions clientId={clientId} c={c} />
        </div>
        <Notes clientId={clientId} c={c} />
        <AuditTrail c={c} />
      </div>
    </section>
  );
}

function KycSection({ c }: { c: Client360 }) {
  const can = useCan();
  const latest = c.kyc.submissions[0];
  return (
    <Section id="kyc" title="KYC">
      <p className="text-sm">
        Status <strong>{c.kyc.status}</strong>
        {c.kyc.reason ? `: ${c.kyc.reason}` : ''}
      </p>
      {c.kyc.submissions.length === 0 ? (
        none('No submissions.')
      ) : (
        <ul aria-label="KYC submissions" className="mt-2 space-y-1 text-sm">
          {c.kyc.submissions.map((s) => (
            <li key={s.submissionId}>
              {can('kyc.read') ? (
                <Link to={`/kyc/${s.submissionId}`} className="text-accent-700 underline">
                  Submission #{s.submissionId}
                </Link>
              ) : (
                `Submission #${s.submissionId}`
              )}{' '}
              {s.status}, sent {formatTime(s.submittedAt)}
              {s.decidedBy ? `, decided by ${s.decidedBy}` : ''}
              {s.reason ? `: ${s.reason}` : ''}
            </li>
          ))}
        </ul>
      )}
      {latest && can('kyc.read') ? <LatestImages submissionId={latest.submissionId} /> : null}
    </Section>
  );
}

/** Thumbnails of the newest submission's ID images (the review page has zoom and rotate). */
function LatestImages({ submissionId }: { submissionId: number }) {
  const detail = useQuery(kycDetail(submissionId));
  if (!detail.data) return null;
  const { idFront, idBack } = detail.data.images;
  return (
    <div className="mt-2 flex gap-2">
      <img
        src={fileUrl(idFront)}
        alt="ID front (newest submission)"
        width={154}
        height={96}
        className="h-24 w-auto rounded border border-slate-300 bg-slate-50 object-contain"
      />
      {idBack ? (
        <img
          src={fileUrl(idBack)}
          alt="ID back (newest submission)"
          width={154}
          height={96}
          className="h-24 w-auto rounded border border-slate-300 bg-slate-50 object-contain"
        />
      ) : null}
    </div>
  );
}

const codeFormatters = new Map<string, Intl.NumberFormat>();
/**
 * An amount in the currency's unit, always with its ISO code ('USD 1,500.00', never '$'): staff
 * compare accounts in several currencies. The decimals are the money package's (exact, truncated
 * to two); Intl only groups the digits of that decimal string.
 */
export function money(amount: string, currency: string) {
  const text = truncateDecimals(amount, 2);
  if (text === undefined) return '-';
  let f = codeFormatters.get(currency);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    codeFormatters.set(currency, f);
  }
  return f.format(text as unknown as number).replace(/\s/g, ' ');
}

/** A ledger amount with its sign first: '+ZAR 25,000.00', '-ZAR 250.00'. */
function signedMoney(amount: string, currency: string) {
  if (amount.startsWith('-')) return `-${money(amount.slice(1), currency)}`;
  return /[1-9]/.test(truncateDecimals(amount, 2) ?? '')
    ? `+${money(amount, currency)}`
    : money(amount, currency);
}

function Accounts({ c }: { c: Client360 }) {
  return (
    <Section id="accounts" title="Accounts">
      {c.accounts.length === 0 ? (
        none('No accounts.')
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={th}>Account</th>
              <th className={th}>Currency</th>
              <th className={`${th} text-right`}>Balance</th>
              <th className={`${th} text-right`}>Available</th>
              <th className={`${th} text-right`}>Held</th>
            </tr>
          </thead>
          <tbody>
            {c.accounts.map((a) => (
              <tr key={a.id} className="border-t border-slate-200">
                <td className={td}>{a.id}</td>
                <td className={td}>{a.currency}</td>
                <td className={`${td} text-right tabular-nums`}>{money(a.balance, a.currency)}</td>
                <td className={`${td} text-right tabular-nums`}>{money(a.available, a.currency)}</td>
                <td className={`${td} text-right tabular-nums`}>{money(a.held, a.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function Ledger({ c }: { c: Client360 }) {
  return (
    <Section id="ledger" title="Recent ledger lines">
      {c.recentLedgerLines.length === 0 ? (
        none('No ledger lines.')
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={th}>When</th>
              <th className={th}>Account</th>
              <th className={th}>Kind</th>
              <th className={th}>Description</th>
              <th className={th}>Reference</th>
              <th className={`${th} text-right`}>Amount</th>
            </tr>
          </thead>
          <tbody>
            {c.recentLedgerLines.map((l) => (
              <tr key={l.postingId} className="border-t border-slate-200">
                <td className={td}>{formatTime(l.at)}</td>
                <td className={td}>{l.accountId}</td>
                <td className={td}>{l.kind}</td>
                <td className={td}>{l.description}</td>
                <td className={td}>{l.reference}</td>
                <td className={`${td} text-right tabular-nums`}>{signedMoney(l.amount, l.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function Orders({ c }: { c: Client360 }) {
  const groups = [
    ['Holding', c.orders.holding],
    ['Awaiting', c.orders.awaiting],
    ['Recent history', c.orders.recentHistory],
  ] as const;
  const total = groups.reduce((n, [, list]) => n + list.length, 0);
  return (
    <Section id="orders" title="Orders">
      {total === 0 ? (
        none('No orders.')
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={th}>Group</th>
              <th className={th}>Reference</th>
              <th className={th}>Instrument</th>
              <th className={th}>Action</th>
              <th className={th}>Status</th>
              <th className={`${th} text-right`}>Quantity</th>
              <th className={th}>Ordered</th>
            </tr>
          </thead>
          <tbody>
            {groups.flatMap(([group, list]) =>
              list.map((o) => (
                <tr key={`${group}-${o.id}`} className="border-t border-slate-200">
                  <td className={td}>{group}</td>
                  <td className={td}>{o.reference}</td>
                  <td className={td}>
                    {o.name} <span className="text-slate-600">({o.symbol})</span>
                  </td>
                  <td className={td}>{o.order_action}</td>
                  <td className={td}>{o.status}</td>
                  <td className={`${td} text-right tabular-nums`}>{o.quantity}</td>
                  <td className={td}>{formatTime(o.order_time)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function Positions({ c }: { c: Client360 }) {
  const currencyOf = new Map(c.accounts.map((a) => [a.id, a.currency]));
  const cost = (minor: string, accountId: number) => {
    const currency = currencyOf.get(accountId);
    // The cost comes in minor units of the account's currency: shown in its unit, named.
    if (!currency || !isCurrency(currency)) return `${minor} (minor units)`;
    return money(formatMinor(BigInt(minor), currency), currency);
  };
  return (
    <Section id="positions" title="Positions">
      {c.positions.length === 0 ? (
        none('No positions.')
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={th}>Product</th>
              <th className={th}>Instrument</th>
              <th className={`${th} text-right`}>Quantity</th>
              <th className={`${th} text-right`}>Cost</th>
            </tr>
          </thead>
          <tbody>
            {c.positions.map((pos) => (
              <tr
                key={`${pos.accountId}-${pos.instrumentId}-${pos.offeringKey}`}
                className="border-t border-slate-200"
              >
                <td className={td}>{pos.product}</td>
                <td className={`${td} font-mono`}>{pos.instrumentId}</td>
                <td className={`${td} text-right tabular-nums`}>{pos.quantity}</td>
                <td className={`${td} text-right tabular-nums`}>{cost(pos.costMinor, pos.accountId)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function Sessions({ clientId, c }: { clientId: number; c: Client360 }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: (sessionId: string) => endClientSession(clientId, sessionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clients', clientId] }),
  });
  return (
    <Section id="sessions" title="Active sessions">
      <div aria-live="polite" className="mb-2">
        {end.isError ? <Alert>{messageOf(end.error)}</Alert> : null}
        {end.isSuccess ? (
          <Alert tone="success">The session was ended; the client is signed out there.</Alert>
        ) : null}
      </div>
      {c.sessions.length === 0 ? (
        none('No active sessions.')
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={th}>Started</th>
              <th className={th}>Last seen</th>
              <th className={th}>Expires</th>
              <th className={th}>IP</th>
              <th className={th}>Browser</th>
              {can('clients.sessions.end') ? <th className={th}>Action</th> : null}
            </tr>
          </thead>
          <tbody>
            {c.sessions.map((s) => (
              <tr key={s.id} className="border-t border-slate-200">
                <td className={td}>{formatTime(s.createdAt)}</td>
                <td className={td}>{formatTime(s.lastSeenAt)}</td>
                <td className={td}>
                  {formatTime(s.absoluteExpiresAt)}
                  {s.remember ? ' (remembered)' : ''}
                </td>
                <td className={`${td} font-mono`}>{s.ip ?? '—'}</td>
                <td className={`${td} max-w-xs truncate`} title={s.userAgent ?? undefined}>
                  {s.userAgent ?? '—'}
                </td>
                {can('clients.sessions.end') ? (
                  <td className={td}>
                    <Button
                      tone="danger"
                      aria-label={`End the session started ${formatTime(s.createdAt)}`}
                      disabled={end.isPending}
                      onClick={() => end.mutate(s.id)}
                    >
                      End
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function Notes({ clientId, c }: { clientId: number; c: Client360 }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const add = useMutation({
    mutationFn: (text: string) => addNote(clientId, text),
    onSuccess: async () => {
      setBody('');
      await queryClient.invalidateQueries({ queryKey: ['clients', clientId] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = clientNoteBody.safeParse({ body });
    if (!parsed.success) return setFieldError('Write the note (up to 4000 characters).');
    setFieldError(undefined);
    add.mutate(parsed.data.body);
  };
  return (
    <Section id="notes" title="Staff notes">
      {can('clients.note') ? (
        <form onSubmit={submit} aria-label="Add a note" className="mb-3 space-y-2">
          <label htmlFor="client-note" className={labelClass}>
            New note (other staff see it; notes cannot be changed)
          </label>
          <textarea
            id="client-note"
            className={inputClass}
            rows={2}
            maxLength={4000}
            value={body}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'client-note-error' : undefined}
            onChange={(e) => setBody(e.target.value)}
          />
          <FieldError id="client-note-error" message={fieldError} />
          {add.isError ? <Alert>{messageOf(add.error)}</Alert> : null}
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add note'}
          </Button>
        </form>
      ) : null}
      {c.notes.length === 0 ? (
        none('No notes.')
      ) : (
        <ul aria-label="Notes" className="space-y-2 text-sm">
          {c.notes.map((n) => (
            <li key={n.id} className="rounded bg-slate-50 px-2 py-1">
              <p className="whitespace-pre-wrap">{n.body}</p>
              <p className="text-xs text-slate-600">
                staff {n.staffId}, {formatTime(n.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function AuditTrail({ c }: { c: Client360 }) {
  return (
    <Section id="audit" title="Audit trail">
      {c.auditTrail.length === 0 ? (
        none('Nothing recorded.')
      ) : (
        <ul aria-label="Audit trail" className="max-h-80 space-y-1 overflow-auto text-sm">
          {c.auditTrail.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              <details>
                <summary className="cursor-pointer">
                  {formatTime(e.at)} <span className="font-semibold">{e.action}</span>{' '}
                  <span className="font-mono text-xs">{e.actor}</span>
                </summary>
                <pre className="mt-1 max-h-40 overflow-auto bg-slate-100 p-2 text-xs">
                  {JSON.stringify({ before: e.before, after: e.after }, null, 2)}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
