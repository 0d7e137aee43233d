-- Ledger (issue 3): double-entry accounts, journal entries and postings, holds, idempotency,
-- bank cards, deposits, withdrawals, exchange rates and transfers. Amounts are bigint minor units.

-- Client cash accounts (one per currency) and house accounts (bank clearing, fees, FX per currency).
-- A client account's balance is the sum of its postings and can never go below zero; held funds
-- (pending withdrawals) are part of the balance but not available. House accounts may go negative;
-- their balance is derived from postings only (never a hot row every transfer would update; see
-- docs/decisions/0010-ledger-design.md), so their balance_minor/held_minor stay 0.
create table accounts (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('client', 'house')),
  purpose text not null check (purpose in ('cash', 'bank_clearing', 'fees', 'fx')),
  client_id bigint references clients(id),
  currency text not null check (currency in ('ZAR', 'USD', 'EUR', 'GBP')),
  balance_minor bigint not null default 0,
  held_minor bigint not null default 0,
  created_at timestamptz not null default now(),
  constraint accounts_owner check ((kind = 'client') = (client_id is not null)),
  constraint accounts_client_purpose check (kind = 'house' or purpose = 'cash'),
  constraint accounts_client_balance_non_negative check (kind = 'house' or balance_minor >= 0),
  constraint accounts_held_within_balance check (kind = 'house' or (held_minor >= 0 and held_minor <= balance_minor)),
  constraint accounts_house_no_stored_balance check (kind = 'client' or (balance_minor = 0 and held_minor = 0))
);
create unique index accounts_client_currency_idx on accounts (client_id, currency) where kind = 'client';
create unique index accounts_house_idx on accounts (purpose, currency) where kind = 'house';

insert into accounts (kind, purpose, currency)
select 'house', p, c
from unnest(array['bank_clearing', 'fees', 'fx']) as p, unnest(array['ZAR', 'USD', 'EUR', 'GBP']) as c;

create table journal_entries (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('deposit', 'withdrawal', 'transfer', 'adjustment')),
  description text not null,
  reference text not null,
  client_id bigint references clients(id),
  created_by text not null,
  created_at timestamptz not null default now()
);
create index journal_entries_client_idx on journal_entries (client_id, created_at);

-- One side of an entry. amount_minor > 0 credits the account (raises its balance), < 0 debits it.
create table postings (
  id bigint generated always as identity primary key,
  entry_id bigint not null references journal_entries(id),
  account_id bigint not null references accounts(id),
  currency text not null,
  amount_minor bigint not null check (amount_minor <> 0),
  created_at timestamptz not null default now()
);
create index postings_entry_idx on postings (entry_id);
create index postings_account_idx on postings (account_id, created_at, id);

-- Every entry balances per currency, checked at commit (the service also checks before writing).
create function postings_entry_balanced() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from postings where entry_id = new.entry_id
    group by currency having sum(amount_minor) <> 0
  ) then
    raise exception 'journal entry % does not balance', new.entry_id using errcode = '23514';
  end if;
  return null;
end $$;
create constraint trigger postings_balanced after insert on postings
  deferrable initially deferred for each row execute function postings_entry_balanced();

-- A posting's currency must be its account's currency.
create function postings_currency_matches() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from accounts where id = new.account_id and currency = new.currency) then
    raise exception 'posting currency % does not match account %', new.currency, new.account_id using errcode = '23514';
  end if;
  return new;
end $$;
create trigger postings_currency before insert on postings
  for each row execute function postings_currency_matches();

-- The ledger is append-only.
create function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only', tg_table_name using errcode = '42501';
end $$;
create trigger postings_append_only before update or delete on postings
  for each row execute function ledger_append_only();
create trigger journal_entries_append_only before update or delete on journal_entries
  for each row execute function ledger_append_only();

-- Idempotency: the first request with a key stores its answer; replays return it.
create table idempotency_keys (
  client_id bigint not null references clients(id),
  key text not null,
  request_hash text not null,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (client_id, key)
);

create table bank_cards (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients(id),
  bank_name text not null,
  card_no text not null check (card_no ~ '^[0-9]{5,20}$'),
  holder_name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index bank_cards_client_card_idx on bank_cards (client_id, card_no) where deleted_at is null;
create index bank_cards_client_idx on bank_cards (client_id) where deleted_at is null;

create table deposits (
  id bigint generated always as identity primary key,
  reference text not null unique,
  client_id bigint not null references clients(id),
  account_id bigint not null references accounts(id),
  currency text not null,
  amount_minor bigint not null check (amount_minor > 0),
  method text not null check (method in ('EFT')),
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'rejected')),
  proof_upload_id uuid references uploads(id),
  reason text,
  entry_id bigint references journal_entries(id),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by text,
  constraint deposits_confirmed_has_entry check ((status = 'confirmed') = (entry_id is not null))
);
create index deposits_client_idx on deposits (client_id, created_at desc);
create index deposits_status_idx on deposits (status, created_at);

create table withdrawals (
  id bigint generated always as identity primary key,
  reference text not null unique,
  client_id bigint not null references clients(id),
  account_id bigint not null references accounts(id),
  currency text not null,
  amount_minor bigint not null check (amount_minor > 0),
  bank_card_id bigint not null references bank_cards(id),
  bank_name text not null,
  card_no text not null,
  holder_name text not null,
  status text not null default 'pending' check (status in ('pending', 'paid', 'rejected')),
  reason text,
  entry_id bigint references journal_entries(id),
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by text,
  constraint withdrawals_paid_has_entry check ((status = 'paid') = (entry_id is not null))
);
create index withdrawals_client_idx on withdrawals (client_id, created_at desc);
create index withdrawals_status_idx on withdrawals (status, created_at);
create index withdrawals_card_pending_idx on withdrawals (bank_card_id) where status = 'pending';

-- Funds reserved on an account (two-phase): active while the withdrawal is pending, then
-- captured (paid: posted) or released (rejected). Active holds sum to the account's held_minor.
create table holds (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  withdrawal_id bigint not null unique references withdrawals(id),
  amount_minor bigint not null check (amount_minor > 0),
  status text not null default 'active' check (status in ('active', 'captured', 'released')),
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
create index holds_account_active_idx on holds (account_id) where status = 'active';

-- Published rates: 1 from_currency buys `rate` to_currency. mid_rate is the market mid.
create table exchange_rates (
  from_currency text not null check (from_currency in ('ZAR', 'USD', 'EUR', 'GBP')),
  to_currency text not null check (to_currency in ('ZAR', 'USD', 'EUR', 'GBP')),
  rate numeric(30, 12) not null check (rate > 0),
  mid_rate numeric(30, 12) not null check (mid_rate > 0),
  updated_at timestamptz not null default now(),
  updated_by text not null,
  primary key (from_currency, to_currency),
  check (from_currency <> to_currency)
);

create table transfers (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients(id),
  entry_id bigint not null references journal_entries(id),
  from_account_id bigint not null references accounts(id),
  to_account_id bigint not null references accounts(id),
  from_currency text not null,
  to_currency text not null,
  amount_minor bigint not null check (amount_minor > 0),
  converted_minor bigint not null check (converted_minor > 0),
  rate numeric(30, 12) not null,
  created_at timestamptz not null default now()
);
create index transfers_client_idx on transfers (client_id, created_at desc);
