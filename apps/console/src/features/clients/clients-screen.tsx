import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, PageTitle, cx, inputClass, labelClass } from '../../components/ui';
import { useListKeys } from '../../components/use-list-keys';
import { messageOf } from '../../lib/api';
import { formatTime } from '../kyc/kyc-api';
import { clientSearch } from './clients-api';

/** Find a client by id, or the start of a mobile or a name (the search is kept in the address). */
export function ClientsScreen() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [text, setText] = useState(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    setParams(q ? { q } : {});
  };
  return (
    <section aria-labelledby="page-title">
      <PageTitle hint="A client id, or the start of a mobile number or of a name.">
        <span id="page-title">Clients</span>
      </PageTitle>
      <form role="search" aria-label="Find a client" onSubmit={submit} className="mb-4 flex items-end gap-3">
        <div className="w-80">
          <label htmlFor="client-query" className={labelClass}>
            Mobile, name or client id
          </label>
          <input
            id="client-query"
            className={inputClass}
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      {query ? <Results query={query} /> : null}
    </section>
  );
}

function Results({ query }: { query: string }) {
  const search = useQuery(clientSearch(query));
  const items = search.data?.items ?? [];
  const navigate = useNavigate();
  const open = (i: number) => {
    const item = items[i];
    if (item) navigate(`/clients/${item.id}`);
  };
  const list = useListKeys(items.length, open, 'clients');
  if (search.isPending) return <p role="status">Searching…</p>;
  if (search.isError) return <Alert>{messageOf(search.error)}</Alert>;
  if (items.length === 0) return <p role="status">No client matches “{query}”.</p>;
  return (
    <div>
      <p className="mb-1 text-xs text-slate-600" id="clients-list-help">
        j / k or the arrow keys move, Enter opens a client.
      </p>
      <ul
        role="listbox"
        aria-label="Clients found"
        aria-describedby="clients-list-help"
        className="divide-y divide-slate-200 rounded border border-slate-300 bg-white"
        {...list.listProps}
      >
        {items.map((c, i) => (
          <li
            key={c.id}
            id={list.optionId(i)}
            role="option"
            aria-selected={i === list.active}
            onClick={() => {
              list.setActive(i);
              open(i);
            }}
            className={cx(
              'grid cursor-pointer grid-cols-[6rem_1fr_10rem_8rem_12rem] gap-2 px-3 py-2 text-sm',
              i === list.active && 'bg-accent-50 outline outline-2 -outline-offset-2 outline-accent-600',
            )}
          >
            <span className="font-mono text-slate-700">client {c.id}</span>
            <span className="font-semibold">{c.displayName}</span>
            <span className="font-mono">{c.mobile}</span>
            <span>KYC {c.kycStatus}</span>
            <span className="text-slate-700">since {formatTime(c.createdAt)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
