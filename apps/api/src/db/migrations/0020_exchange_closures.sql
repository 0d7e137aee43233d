-- Declared exchange closures (issue 22, decision 0055): a day an operator declares an exchange
-- closed, or closing early, beyond its published calendar (a public holiday proclaimed at short
-- notice, such as an election day). Owned by the market module; every change is audited
-- (audit_log, actions exchange.close / exchange.early-close / exchange.withdraw). A withdrawn
-- declaration stays as a row (withdrawn_at set): the table is its own history.

create table exchange_closures (
  id bigint generated always as identity primary key,
  exchange text not null check (exchange in ('JSE', 'NYSE', 'NASDAQ', 'NSE')),
  -- The exchange's local calendar date.
  day date not null,
  kind text not null check (kind in ('closed', 'early_close')),
  -- Minutes after local midnight of the early close; null when closed all day.
  close_minute smallint check (close_minute between 1 and 1439),
  reason text not null check (length(reason) between 3 and 500),
  declared_by text not null,
  declared_at timestamptz not null,
  withdrawn_by text,
  withdrawn_at timestamptz,
  withdraw_reason text,
  check ((kind = 'closed') = (close_minute is null)),
  check ((withdrawn_at is null) = (withdrawn_by is null))
);
-- At most one declaration in force per exchange and day.
create unique index exchange_closures_active_uq on exchange_closures (exchange, day)
  where withdrawn_at is null;

-- Each process keeps a copy of the declarations in force (modules/market/exchange-calendar.ts)
-- and reloads it when this version moves, as it does for the instruments.
insert into market_settings (key, value) values ('calendar_version', '1');

create function calendar_version_bump() returns trigger language plpgsql as $$
begin
  update market_settings set value = (value::bigint + 1)::text where key = 'calendar_version';
  return null;
end
$$;
create trigger exchange_closures_version_trg after insert or update or delete or truncate on exchange_closures
  for each statement execute function calendar_version_bump();
