-- KYC review in the operator console and the client 360 (issue 23, decision 0061).

-- A review decision may ask the client for a new image of one document. The client app shows a
-- rejection with its reason and lets the client submit again (spec, KYC page steps), so a document
-- request is a rejected submission that names the document; the console shows which one.
alter table kyc_submissions
  add column requested_document text check (requested_document in ('id_front', 'id_back'));

-- The review queue, per status, oldest or newest first, paged by (created_at, id).
create index kyc_submissions_queue_idx on kyc_submissions (status, created_at, id);

-- Duplicate-identity flags: each look-up is one index probe, never a scan that grows with the
-- number of clients. The ID number is compared normalised (kyc.service normaliseIdNumber: letters
-- and digits only, upper case), so the index is on that expression, written exactly as the
-- repository's query writes it.
create index kyc_submissions_id_no_norm_idx
  on kyc_submissions ((upper(regexp_replace(id_no, '[^0-9A-Za-z]', '', 'g'))));
create index kyc_submissions_mobile_idx on kyc_submissions (mobile);
-- clients.mobile is unique (0001) and bank_cards (card_no) is indexed for live cards (0008).
-- Sessions: a client's own recent sessions (the existing index covers only live ones), and every
-- session from one IP address (with its user agent: the same device).
create index sessions_client_created_idx on sessions (client_id, created_at desc);
create index sessions_ip_idx on sessions (ip, user_agent) where ip is not null;

-- Staff notes on a client (owned by module client): append-only, like the audit log; a correction
-- is a new note.
create table client_notes (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients(id),
  staff_id bigint not null references staff_users(id),
  body text not null check (length(btrim(body)) between 1 and 4000),
  created_at timestamptz not null
);
create index client_notes_client_idx on client_notes (client_id, created_at desc, id desc);

create function client_notes_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'client_notes is append-only: % refused', tg_op;
end $$;
create trigger client_notes_append_only before update or delete or truncate on client_notes
  for each statement execute function client_notes_refuse_change();

-- Client search in the console (GET /ops/v1/clients?query=): a mobile or name prefix, an index each.
create index clients_mobile_prefix_idx on clients (mobile text_pattern_ops);
create index clients_name_prefix_idx on clients (lower(name) text_pattern_ops);
