import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { QueueList } from '../../components/queue';
import { Alert, Button, PageTitle, TextField } from '../../components/ui';
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
          <TextField
            id="client-query"
            label="Mobile, name or client id"
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
  if (search.isPending) return <p role="status">Searching…</p>;
  if (search.isError) return <Alert>{messageOf(search.error)}</Alert>;
  if (items.length === 0) return <p role="status">No client matches “{query}”.</p>;
  return (
    <div>
      <QueueList
        items={items}
        keyOf={(c) => c.id}
        idPrefix="clients"
        name={{ label: 'Clients found' }}
        help="j / k or the arrow keys move, Enter opens a client."
        columns="grid-cols-[6rem_1fr_10rem_8rem_12rem]"
        onOpen={(c) => navigate(`/clients/${c.id}`)}
        renderRow={(c) => (
          <>
            <span className="font-mono text-slate-700">client {c.id}</span>
            <span className="font-semibold">{c.displayName}</span>
            <span className="font-mono">{c.mobile}</span>
            <span>KYC {c.kycStatus}</span>
            <span className="text-slate-700">since {formatTime(c.createdAt)}</span>
          </>
        )}
      />
    </div>
  );
}
