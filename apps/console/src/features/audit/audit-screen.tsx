import type { AuditChainVerdictView, AuditEntryView } from '@imali/contract';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { QueueList } from '../../components/queue';
import { Alert, Button, PageTitle, inputClass, labelClass } from '../../components/ui';
import { messageOf } from '../../lib/api';
import { auditSearch, verifyChain, type AuditFilters } from './audit-api';

const FILTER_KEYS = ['staffId', 'clientId', 'action', 'fromDay', 'toDay'] as const;

/** Search the audit log (filters kept in the address, so a search can be shared) and verify its chain. */
export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return (
    <section aria-labelledby="page-title">
      <PageTitle hint="Every decision recorded by the platform, newest first. The log is a hash chain: verify shows whether any row was changed or removed.">
        <span id="page-title">Audit</span>
      </PageTitle>
      <ChainVerification />
      <SearchForm
        key={params.toString()}
        initial={filters}
        onSearch={(next) => {
          const search = new URLSearchParams();
          for (const key of FILTER_KEYS) if (next[key]) search.set(key, next[key]!);
          setParams(search);
        }}
      />
      <Results filters={filters} />
    </section>
  );
}

const PROBLEMS: Record<string, string> = {
  row_hash: 'the row was changed after it was written (its content no longer gives its hash)',
  prev_hash: 'the row or the one before it was rewritten (it does not chain onto the previous row)',
  missing_row: 'a row was deleted (the sequence has a gap)',
  head: 'the last row is not the one the chain head names',
};

function ChainVerification() {
  const verify = useMutation({ mutationFn: verifyChain });
  return (
    <div className="mb-6 rounded border border-slate-300 bg-white p-4">
      <div className="flex items-center gap-4">
        <h2 className="text-base font-semibold">Chain verification</h2>
        <Button onClick={() => verify.mutate()} disabled={verify.isPending}>
          {verify.isPending ? 'Verifying…' : 'Verify the chain'}
        </Button>
      </div>
      <div aria-live="polite" className="mt-3">
        {verify.isError ? <Alert>{messageOf(verify.error)}</Alert> : null}
        {verify.data ? <Verdict verdict={verify.data} /> : null}
      </div>
    </div>
  );
}

function Verdict({ verdict }: { verdict: AuditChainVerdictView }) {
  if (verdict.intact) {
    return (
      <Alert tone="success">
        <strong>Intact.</strong> {verdict.rows.toLocaleString('en-ZA')} rows verified; head at seq{' '}
        {verdict.headSeq}, hash <code className="break-all">{verdict.headHash}</code>.
      </Alert>
    );
  }
  const { broken } = verdict;
  return (
    <Alert>
      <p>
        <strong>Broken at seq {broken.seq}</strong>
        {broken.id !== null ? ` (row id ${broken.id})` : ''}: {PROBLEMS[broken.problem] ?? broken.problem}.
      </p>
      <dl className="mt-2 grid grid-cols-[8rem_1fr] gap-x-2 font-mono text-xs">
        <dt>Problem</dt>
        <dd>{broken.problem}</dd>
        <dt>Expected</dt>
        <dd className="break-all">{broken.expected}</dd>
        <dt>Found</dt>
        <dd className="break-all">{broken.found}</dd>
      </dl>
      <p className="mt-2">
        {verdict.rows.toLocaleString('en-ZA')} rows before it verified; head at seq {verdict.headSeq}.
      </p>
    </Alert>
  );
}

function SearchForm({
  initial,
  onSearch,
}: {
  initial: AuditFilters;
  onSearch: (filters: AuditFilters) => void;
}) {
  const [values, setValues] = useState<AuditFilters>(initial);
  const field = (key: keyof AuditFilters, label: string, props: Record<string, string> = {}) => (
    <div className="w-40">
      <label htmlFor={`audit-${key}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`audit-${key}`}
        className={inputClass}
        value={values[key] ?? ''}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
        {...props}
      />
    </div>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(values);
  };
  return (
    <form
      role="search"
      aria-label="Search the audit log"
      onSubmit={submit}
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      {field('staffId', 'Staff id', { inputMode: 'numeric', pattern: '[0-9]*' })}
      {field('clientId', 'Client id', { inputMode: 'numeric', pattern: '[0-9]*' })}
      {field('action', 'Action (or its start)', { placeholder: 'e.g. kyc. or staff.roles' })}
      {field('fromDay', 'From (day)', { type: 'date' })}
      {field('toDay', 'To (day, included)', { type: 'date' })}
      <Button type="submit">Search</Button>
      <Button tone="secondary" onClick={() => onSearch({})}>
        Clear
      </Button>
    </form>
  );
}

function Results({ filters }: { filters: AuditFilters }) {
  const search = useInfiniteQuery(auditSearch(filters));
  const entries = search.data?.pages.flatMap((p) => p.entries) ?? [];
  const [open, setOpen] = useState<number | null>(null);
  const opened = entries.find((e) => e.id === open);

  if (search.isPending) return <p role="status">Searching…</p>;
  if (search.isError) return <Alert>{messageOf(search.error)}</Alert>;
  if (entries.length === 0) return <p role="status">No entries match.</p>;
  return (
    <div className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-4">
      <div>
        <QueueList
          items={entries}
          keyOf={(entry) => entry.id}
          idPrefix="audit"
          name={{ label: 'Audit entries' }}
          help="j / k or the arrow keys move, Enter opens an entry."
          columns="grid-cols-[4rem_11rem_8rem_1fr]"
          rowClassName="py-1.5"
          onOpen={(entry) => setOpen(entry.id)}
          renderRow={(entry) => (
            <>
              <span className="font-mono text-slate-600">#{entry.seq}</span>
              <span>{formatTime(entry.createdAt)}</span>
              <span className="truncate font-mono">{entry.actor}</span>
              <span className="truncate">
                <span className="font-semibold">{entry.action}</span> {entry.subjectType} {entry.subjectId}
              </span>
            </>
          )}
        />
        {search.hasNextPage ? (
          <Button
            tone="secondary"
            className="mt-2"
            onClick={() => search.fetchNextPage()}
            disabled={search.isFetchingNextPage}
          >
            {search.isFetchingNextPage ? 'Loading…' : 'Older entries'}
          </Button>
        ) : (
          <p className="mt-2 text-xs text-slate-600">End of the results.</p>
        )}
      </div>
      <EntryDetail entry={opened} />
    </div>
  );
}

function EntryDetail({ entry }: { entry: AuditEntryView | undefined }) {
  if (!entry) return <p className="text-sm text-slate-600">Open an entry to see its before and after.</p>;
  return (
    <article
      aria-label={`Entry ${entry.seq}`}
      className="self-start rounded border border-slate-300 bg-white p-3 text-sm"
    >
      <h2 className="font-semibold">
        #{entry.seq} {entry.action}
      </h2>
      <dl className="mt-2 grid grid-cols-[6rem_1fr] gap-x-2">
        <dt className="text-slate-600">When</dt>
        <dd>{formatTime(entry.createdAt)}</dd>
        <dt className="text-slate-600">Actor</dt>
        <dd className="font-mono">{entry.actor}</dd>
        <dt className="text-slate-600">Subject</dt>
        <dd>
          {entry.subjectType} {entry.subjectId}
        </dd>
        <dt className="text-slate-600">Row hash</dt>
        <dd className="break-all font-mono text-xs">{entry.rowHash}</dd>
      </dl>
      <h3 className="mt-3 font-semibold">Before</h3>
      <pre className="max-h-60 overflow-auto bg-slate-100 p-2 text-xs">
        {JSON.stringify(entry.before, null, 2)}
      </pre>
      <h3 className="mt-3 font-semibold">After</h3>
      <pre className="max-h-60 overflow-auto bg-slate-100 p-2 text-xs">
        {JSON.stringify(entry.after, null, 2)}
      </pre>
    </article>
  );
}

function formatTime(iso: string) {
  return new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'medium' });
}
