import {
  rejectDepositInput,
  type BankLineMatchState,
  type BankStatementDetail,
  type BankStatementLine,
  type StaffDeposit,
} from '@imali/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useCan } from '../../app/session';
import { QueueList } from '../../components/queue';
import { Alert, Button, FieldError, PageTitle, cx, inputClass, labelClass } from '../../components/ui';
import { ApiError, messageOf } from '../../lib/api';
import {
  ageText,
  confirmLine,
  importStatement,
  money,
  pendingDepositsQuery,
  rejectDeposit,
  statementProblems,
  statementQuery,
  statementQueryKey,
  statementsQuery,
} from './deposits-api';
import { Proof, ProofThumbnail } from './proof';

/** Deposits reported by clients and the bank statement they are reconciled against (decision 0059). */
export function DepositsScreen() {
  const can = useCan();
  const canConfirm = can('deposits.confirm');
  return (
    <section aria-labelledby="page-title">
      <PageTitle hint="Deposits clients reported, with their proofs of payment. Import the trust account's bank statement to match each payment to its deposit, then confirm the match to credit the client.">
        <span id="page-title">Deposits & reconciliation</span>
      </PageTitle>
      <PendingDeposits canConfirm={canConfirm} />
      <Reconciliation canConfirm={canConfirm} canReconcile={can('deposits.reconcile')} />
    </section>
  );
}

function PendingDeposits({ canConfirm }: { canConfirm: boolean }) {
  const pending = useQuery(pendingDepositsQuery);
  const deposits = pending.data ?? [];
  const [openId, setOpenId] = useState<number | null>(null);
  const opened = deposits.find((d) => d.id === openId);

  return (
    <section aria-labelledby="pending-title" className="mb-8">
      <h2 id="pending-title" className="mb-1 text-base font-semibold">
        Pending deposits{pending.data ? ` (${deposits.length})` : ''}
      </h2>
      {pending.isPending ? <p role="status">Loading deposits…</p> : null}
      {pending.isError ? <Alert>{messageOf(pending.error)}</Alert> : null}
      {pending.data && deposits.length === 0 ? (
        <p className="text-sm text-slate-700">No deposit is waiting for its money.</p>
      ) : null}
      {deposits.length > 0 ? (
        <div className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-4">
          <div>
            <QueueList
              items={deposits}
              keyOf={(deposit) => deposit.id}
              idPrefix="deposit"
              name={{ label: 'Pending deposits' }}
              help="Oldest first. j / k or the arrow keys move, Enter opens a deposit."
              columns="grid-cols-[minmax(0,1fr)_8rem_9rem_4.5rem_3.5rem]"
              header={[
                'Client',
                <span className="block text-right">Amount</span>,
                'Reference',
                'Age',
                'Proof',
              ]}
              onOpen={(deposit) => setOpenId(deposit.id)}
              renderRow={(deposit) => (
                <>
                  <span className="min-w-0">
                    <span className="block truncate font-semibold">
                      {deposit.clientName ?? 'No name yet'}
                    </span>
                    <span className="block text-xs text-slate-600">{deposit.clientMobile}</span>
                  </span>
                  <span className="text-right tabular-nums">{money(deposit.amount, deposit.currency)}</span>
                  <span className="font-mono text-xs">{deposit.reference}</span>
                  <span className="text-slate-700">{ageText(deposit.ageSeconds)}</span>
                  <ProofThumbnail deposit={deposit} />
                </>
              )}
            />
          </div>
          {opened ? (
            <DepositDetail
              key={opened.id}
              deposit={opened}
              canConfirm={canConfirm}
              onDone={() => setOpenId(null)}
            />
          ) : (
            <p className="text-sm text-slate-600">Open a deposit to see its proof of payment.</p>
          )}
        </div>
      ) : null}
    </section>
  );
}

function DepositDetail({
  deposit,
  canConfirm,
  onDone,
}: {
  deposit: StaffDeposit;
  canConfirm: boolean;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const reject = useMutation({
    mutationFn: (text: string) => rejectDeposit(deposit.id, text),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['deposits'] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = rejectDepositInput.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    reject.mutate(parsed.data.reason);
  };

  return (
    <article
      aria-labelledby="deposit-detail-title"
      className="space-y-3 self-start rounded border border-slate-300 bg-white p-4"
    >
      <h3 id="deposit-detail-title" className="font-semibold">
        Deposit <span className="font-mono">{deposit.reference}</span>
      </h3>
      <dl className="grid grid-cols-[7rem_1fr] gap-x-2 gap-y-1 text-sm">
        <dt className="text-slate-700">Client</dt>
        <dd>
          {deposit.clientName ?? 'No name yet'} · {deposit.clientMobile} (client {deposit.clientId})
        </dd>
        <dt className="text-slate-700">Amount</dt>
        <dd className="font-semibold tabular-nums">{money(deposit.amount, deposit.currency)}</dd>
        <dt className="text-slate-700">Reported</dt>
        <dd>
          {new Date(deposit.createdAt).toLocaleString('en-ZA')} ({ageText(deposit.ageSeconds)} ago)
        </dd>
      </dl>
      <Proof deposit={deposit} className="max-h-80" />
      <p className="text-xs text-slate-600">
        A deposit is confirmed from its bank statement line below, never from the proof alone.
      </p>
      {canConfirm ? (
        <form noValidate onSubmit={submit} className="space-y-2 border-t border-slate-200 pt-3">
          {reject.isError ? <Alert>{messageOf(reject.error)}</Alert> : null}
          <label htmlFor="reject-reason" className={labelClass}>
            Reason for rejecting (the client sees it)
          </label>
          <textarea
            id="reject-reason"
            rows={2}
            className={inputClass}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'reject-reason-error' : undefined}
          />
          <FieldError id="reject-reason-error" message={reasonError} />
          <Button type="submit" tone="danger" disabled={reject.isPending}>
            {reject.isPending ? 'Rejecting…' : 'Reject deposit'}
          </Button>
        </form>
      ) : null}
    </article>
  );
}

function Reconciliation({ canConfirm, canReconcile }: { canConfirm: boolean; canReconcile: boolean }) {
  const statements = useQuery(statementsQuery);
  const [chosenId, setChosenId] = useState<number | null>(null);
  // The newest statement is open unless another is chosen.
  const openId = chosenId ?? statements.data?.[0]?.id ?? null;

  return (
    <section aria-labelledby="reconciliation-title">
      <h2 id="reconciliation-title" className="mb-2 text-base font-semibold">
        Bank statement reconciliation
      </h2>
      {canReconcile ? <ImportStatement onImported={setChosenId} /> : null}
      {statements.isPending ? <p role="status">Loading statements…</p> : null}
      {statements.isError ? <Alert>{messageOf(statements.error)}</Alert> : null}
      {statements.data && statements.data.length === 0 ? (
        <p className="text-sm text-slate-700">No statement has been imported yet.</p>
      ) : null}
      {statements.data && statements.data.length > 0 ? (
        <table className="mb-6 w-full border-collapse rounded border border-slate-300 bg-white text-sm">
          <caption className="pb-1 text-left text-sm font-semibold">Imported statements</caption>
          <thead className="bg-slate-100 text-left text-xs text-slate-700">
            <tr>
              <th className="px-2 py-1">#</th>
              <th className="px-2 py-1">File</th>
              <th className="px-2 py-1">Dates</th>
              <th className="px-2 py-1 text-right">Lines</th>
              <th className="px-2 py-1 text-right">To confirm</th>
              <th className="px-2 py-1 text-right">Confirmed</th>
              <th className="px-2 py-1 text-right">No match</th>
              <th className="px-2 py-1">Imported</th>
              <th className="px-2 py-1">
                <span className="sr-only">Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {statements.data.map((s) => (
              <tr
                key={s.id}
                className={cx('border-t border-slate-200', s.id === openId && 'bg-accent-50')}
                aria-current={s.id === openId ? 'true' : undefined}
              >
                <td className="px-2 py-1">{s.id}</td>
                <td className="px-2 py-1">{s.fileName ?? 'statement'}</td>
                <td className="px-2 py-1">
                  {s.firstDate} – {s.lastDate}
                </td>
                <td className="px-2 py-1 text-right">{s.lineCount}</td>
                <td className="px-2 py-1 text-right">{s.counts.match}</td>
                <td className="px-2 py-1 text-right">{s.counts.confirmed}</td>
                <td className="px-2 py-1 text-right">{s.counts.noMatch + s.counts.amountMismatch}</td>
                <td className="px-2 py-1">
                  {new Date(s.importedAt).toLocaleString('en-ZA')} by {s.importedBy}
                </td>
                <td className="px-2 py-1">
                  {s.id === openId ? (
                    <span className="text-xs text-slate-700">open</span>
                  ) : (
                    <Button tone="secondary" onClick={() => setChosenId(s.id)}>
                      Open statement {s.id}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {openId !== null ? <StatementView key={openId} id={openId} canConfirm={canConfirm} /> : null}
    </section>
  );
}

function ImportStatement({ onImported }: { onImported: (id: number) => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [inputKey, setInputKey] = useState(0);
  const [imported, setImported] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async (chosen: File) => importStatement(await chosen.text(), chosen.name),
    onSuccess: async (statement) => {
      queryClient.setQueryData(statementQueryKey(statement.id), statement);
      setImported(
        `Statement ${statement.id} imported: ${statement.lineCount} lines, ${statement.counts.match} to confirm.`,
      );
      setFile(null);
      setInputKey((k) => k + 1);
      onImported(statement.id);
      await queryClient.invalidateQueries({ queryKey: ['deposits', 'statements'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setImported(null);
    if (!file) {
      setFileError('Choose a statement file.');
      return;
    }
    setFileError(undefined);
    upload.mutate(file);
  };
  const refused = upload.error ? statementProblems(messageOf(upload.error)) : null;

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="import-title"
      className="mb-4 space-y-2 rounded border border-slate-300 bg-white p-4"
    >
      <h3 id="import-title" className="text-sm font-semibold">
        Import a bank statement
      </h3>
      <div className="flex items-end gap-3">
        <div>
          <label htmlFor="statement-file" className={labelClass}>
            Statement file (CSV: date, description, reference, amount, balance)
          </label>
          <input
            key={inputKey}
            id="statement-file"
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block text-sm"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? 'statement-file-error' : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? 'Importing…' : 'Import statement'}
        </Button>
      </div>
      <FieldError id="statement-file-error" message={fileError} />
      <div aria-live="polite">
        {imported ? <Alert tone="success">{imported}</Alert> : null}
        {upload.isError ? (
          refused ? (
            <Alert>
              <p className="font-semibold">{refused.lead}</p>
              <ul className="mt-1 list-disc pl-5" aria-label="Problems in the statement">
                {refused.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Alert>
          ) : (
            <Alert>
              {upload.error instanceof ApiError && upload.error.status === 409
                ? `Not imported: ${messageOf(upload.error)}`
                : messageOf(upload.error)}
            </Alert>
          )
        ) : null}
      </div>
    </form>
  );
}

const STATE_LABELS: Record<BankLineMatchState, string> = {
  match: 'match',
  amount_mismatch: 'amount mismatch',
  deposit_decided: 'deposit already decided',
  no_match: 'no match',
  debit: 'debit',
  duplicate: 'duplicate',
  confirmed: 'confirmed',
};

const STATE_HINTS: Partial<Record<BankLineMatchState, string>> = {
  amount_mismatch: 'the reference is a pending deposit of another amount: never confirmed from here',
  deposit_decided: 'the deposit of its reference was already confirmed or rejected',
  no_match: 'no deposit carries its reference',
  debit: 'money out of the account',
  duplicate: 'the same bank line was imported with an earlier statement',
};

interface Notice {
  tone: 'error' | 'success';
  text: string;
}

function StatementView({ id, canConfirm }: { id: number; canConfirm: boolean }) {
  const statement = useQuery(statementQuery(id));
  const [notice, setNotice] = useState<Notice | null>(null);
  if (statement.isPending) return <p role="status">Loading statement {id}…</p>;
  if (statement.isError) return <Alert>{messageOf(statement.error)}</Alert>;
  const s = statement.data;
  const of = (...states: BankLineMatchState[]) => s.lines.filter((l) => states.includes(l.match));
  const matches = of('match');
  const confirmed = of('confirmed');
  const unmatched = of('no_match', 'amount_mismatch', 'deposit_decided');
  const other = of('debit', 'duplicate');

  return (
    <article aria-labelledby="statement-title" className="space-y-6">
      <header>
        <h3 id="statement-title" className="text-base font-semibold">
          Statement {s.id}
          {s.fileName ? ` · ${s.fileName}` : ''}
        </h3>
        <p className="text-sm text-slate-700">
          {s.firstDate} – {s.lastDate} · {s.lineCount} lines · credits {money(s.creditTotal, s.currency)} ·
          debits {money(s.debitTotal, s.currency)}
        </p>
      </header>
      <div aria-live="polite">{notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}</div>

      <section aria-labelledby="matches-title">
        <h4 id="matches-title" className="mb-2 text-sm font-semibold">
          Matches to confirm ({matches.length})
        </h4>
        {matches.length === 0 ? (
          <p className="text-sm text-slate-700">No line of this statement waits for confirmation.</p>
        ) : (
          <div className="space-y-3">
            {matches.map((line) => (
              <MatchCard
                key={line.id}
                line={line}
                statement={s}
                canConfirm={canConfirm}
                onNotice={setNotice}
              />
            ))}
          </div>
        )}
      </section>

      <LinesTable
        title="Confirmed"
        id="confirmed"
        lines={confirmed}
        currency={s.currency}
        empty="None yet."
      />
      <LinesTable
        title="Unmatched lines"
        id="unmatched"
        lines={unmatched}
        currency={s.currency}
        empty="Every credit of this statement has its deposit."
      />
      <LinesTable
        title="Debits and duplicates"
        id="other"
        lines={other}
        currency={s.currency}
        empty="None."
      />

      <section aria-labelledby="without-line-title">
        <h4 id="without-line-title" className="mb-1 text-sm font-semibold">
          Pending deposits without a line ({s.depositsWithoutLine.length})
        </h4>
        {s.depositsWithoutLine.length === 0 ? (
          <p className="text-sm text-slate-700">Every pending deposit has its line in this statement.</p>
        ) : (
          <table
            aria-labelledby="without-line-title"
            className="w-full border-collapse border border-slate-300 bg-white text-sm"
          >
            <thead className="bg-slate-100 text-left text-xs text-slate-700">
              <tr>
                <th className="px-2 py-1">Reference</th>
                <th className="px-2 py-1">Client</th>
                <th className="px-2 py-1 text-right">Amount</th>
                <th className="px-2 py-1">Age</th>
              </tr>
            </thead>
            <tbody>
              {s.depositsWithoutLine.map((d) => (
                <tr key={d.id} className="border-t border-slate-200">
                  <td className="px-2 py-1 font-mono text-xs">{d.reference}</td>
                  <td className="px-2 py-1">
                    {d.clientName ?? 'No name yet'} · {d.clientMobile}
                  </td>
                  <td className="px-2 py-1 text-right tabular-nums">{money(d.amount, d.currency)}</td>
                  <td className="px-2 py-1">{ageText(d.ageSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </article>
  );
}

function MatchCard({
  line,
  statement,
  canConfirm,
  onNotice,
}: {
  line: BankStatementLine;
  statement: BankStatementDetail;
  canConfirm: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const queryClient = useQueryClient();
  const deposit = line.deposit!;
  const confirm = useMutation({
    mutationFn: () => confirmLine(line.id, deposit.id),
    onSuccess: (result) =>
      onNotice({
        tone: 'success',
        text: `Line ${line.lineNo} confirmed: ${money(result.deposit.amount, result.deposit.currency)} credited to ${
          result.deposit.clientName ?? result.deposit.clientMobile
        } (deposit ${result.deposit.reference}).`,
      }),
    onError: (error) =>
      onNotice({
        tone: 'error',
        text: `Line ${line.lineNo} was not confirmed: ${messageOf(error)}`,
      }),
    // Either way the statement is read again: a refusal usually means someone decided it meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['deposits'] }),
  });

  return (
    <article
      aria-label={`Match: line ${line.lineNo}, deposit ${deposit.reference}`}
      className="rounded border border-slate-300 bg-white p-3"
    >
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.2fr)] gap-4">
        <div>
          <h5 className="mb-1 text-xs font-semibold uppercase text-slate-700">Bank line {line.lineNo}</h5>
          <dl className="grid grid-cols-[6rem_1fr] gap-x-2 text-sm">
            <dt className="text-slate-700">Date</dt>
            <dd>{line.date}</dd>
            <dt className="text-slate-700">Description</dt>
            <dd className="break-words">{line.description || '—'}</dd>
            <dt className="text-slate-700">Reference</dt>
            <dd className="break-all font-mono text-xs">{line.reference || '—'}</dd>
            <dt className="text-slate-700">Amount</dt>
            <dd className="font-semibold tabular-nums">{money(line.amount, statement.currency)}</dd>
          </dl>
        </div>
        <div>
          <h5 className="mb-1 text-xs font-semibold uppercase text-slate-700">Client&apos;s deposit</h5>
          <dl className="grid grid-cols-[6rem_1fr] gap-x-2 text-sm">
            <dt className="text-slate-700">Client</dt>
            <dd>
              {deposit.clientName ?? 'No name yet'}
              <span className="block text-xs text-slate-600">{deposit.clientMobile}</span>
            </dd>
            <dt className="text-slate-700">Reference</dt>
            <dd className="font-mono text-xs">{deposit.reference}</dd>
            <dt className="text-slate-700">Amount</dt>
            <dd className="font-semibold tabular-nums">{money(deposit.amount, deposit.currency)}</dd>
            <dt className="text-slate-700">Reported</dt>
            <dd>{ageText(deposit.ageSeconds)} ago</dd>
          </dl>
          {canConfirm ? (
            <Button className="mt-3" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
              {confirm.isPending ? 'Confirming…' : `Confirm ${deposit.reference}`}
            </Button>
          ) : null}
        </div>
        <div>
          <h5 className="mb-1 text-xs font-semibold uppercase text-slate-700">Proof of payment</h5>
          <Proof deposit={deposit} className="max-h-64" />
        </div>
      </div>
    </article>
  );
}

function LinesTable({
  title,
  id,
  lines,
  currency,
  empty,
}: {
  title: string;
  id: string;
  lines: BankStatementLine[];
  currency: string;
  empty: string;
}) {
  const titleId = `${id}-lines-title`;
  return (
    <section aria-labelledby={titleId}>
      <h4 id={titleId} className="mb-1 text-sm font-semibold">
        {title} ({lines.length})
      </h4>
      {lines.length === 0 ? (
        <p className="text-sm text-slate-700">{empty}</p>
      ) : (
        <table
          aria-labelledby={titleId}
          className="w-full border-collapse border border-slate-300 bg-white text-sm"
        >
          <thead className="bg-slate-100 text-left text-xs text-slate-700">
            <tr>
              <th className="px-2 py-1">Line</th>
              <th className="px-2 py-1">Date</th>
              <th className="px-2 py-1">Description</th>
              <th className="px-2 py-1">Reference</th>
              <th className="px-2 py-1 text-right">Amount</th>
              <th className="px-2 py-1">State</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} className="border-t border-slate-200 align-top">
                <td className="px-2 py-1">{line.lineNo}</td>
                <td className="px-2 py-1 whitespace-nowrap">{line.date}</td>
                <td className="px-2 py-1">{line.description || '—'}</td>
                <td className="px-2 py-1 font-mono text-xs">{line.reference || '—'}</td>
                <td className="px-2 py-1 text-right tabular-nums whitespace-nowrap">
                  {money(line.amount, currency)}
                </td>
                <td className="px-2 py-1">
                  <span className="font-semibold">{STATE_LABELS[line.match]}</span>
                  {line.match === 'confirmed' && line.deposit ? (
                    <span className="block text-xs text-slate-700">
                      {line.deposit.reference} · {line.deposit.clientName ?? line.deposit.clientMobile}
                      {line.confirmedBy ? ` · by ${line.confirmedBy}` : ''}
                      {line.confirmedAt ? ` · ${new Date(line.confirmedAt).toLocaleString('en-ZA')}` : ''}
                    </span>
                  ) : STATE_HINTS[line.match] ? (
                    <span className="block text-xs text-slate-700">
                      {STATE_HINTS[line.match]}
                      {line.deposit && line.match !== 'no_match'
                        ? ` (${line.deposit.reference}: ${money(line.deposit.amount, line.deposit.currency)}, ${line.deposit.status})`
                        : ''}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
