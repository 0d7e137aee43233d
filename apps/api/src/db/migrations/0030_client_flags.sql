-- Client flags set by staff (issue 23 screen 6, decision 0065): "withdrawals blocked".
-- The current state is a column on clients, so the withdrawal request reads it under the client
-- row's lock (FOR SHARE) and a staff user setting it (UPDATE) serialises against that request:
-- either the flag is committed first and the request is refused, or the request's withdrawal
-- exists first and then cannot be paid (the pay path re-checks the flag under the same lock).
alter table clients add column withdrawals_blocked boolean not null default false;

-- Who set or cleared it and why (owned by module client): append-only, like client_notes; the
-- latest row of a client is the reason the console shows beside the current state.
create table client_flag_events (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients(id),
  flag text not null check (flag in ('withdrawals_blocked')),
  value boolean not null,
  reason text not null check (length(btrim(reason)) between 1 and 500),
  staff_id bigint not null references staff_users(id),
  created_at timestamptz not null
);
create index client_flag_events_client_idx on client_flag_events (client_id, created_at desc, id desc);

create function client_flag_events_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'client_flag_events is append-only: % refused', tg_op;
end $$;
create trigger client_flag_events_append_only before update or delete or truncate on client_flag_events
  for each statement execute function client_flag_events_refuse_change();
