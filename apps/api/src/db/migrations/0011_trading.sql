-- Trading (issue 12; docs/decisions/0031-trading.md): offerings, orders, quotations and the
-- securities side of the ledger. Every order's cash moves through postEntry (journal kind
-- 'trade'); every change of shares held is a position movement that names the same entry, so
-- cash and positions change in one transaction and `ledger check` proves them together.

-- 1. Rupees: Indian shares settle in INR, so INR becomes a ledger currency with its house accounts.
alter table accounts drop constraint accounts_currency_check;
alter table accounts add constraint accounts_currency_check
  check (currency in ('ZAR', 'USD', 'EUR', 'GBP', 'INR'));
alter table exchange_rates drop constraint exchange_rates_from_currency_check;
alter table exchange_rates drop constraint exchange_rates_to_currency_check;
alter table exchange_rates
  add constraint exchange_rates_from_currency_check check (from_currency in ('ZAR', 'USD', 'EUR', 'GBP', 'INR')),
  add constraint exchange_rates_to_currency_check check (to_currency in ('ZAR', 'USD', 'EUR', 'GBP', 'INR'));
insert into accounts (kind, purpose, currency)
select 'house', p, 'INR'
from unnest(array['bank_clearing', 'fees', 'fx', 'securities_clearing', 'fee_brokerage', 'fee_stt',
                  'fee_txn', 'fee_vat', 'bonus', 'loans']) as p;

-- 2. Trades are journal entries of their own kind.
alter table journal_entries drop constraint journal_entries_kind_check;
alter table journal_entries add constraint journal_entries_kind_check
  check (kind in ('deposit', 'withdrawal', 'transfer', 'adjustment', 'trade'));

-- 3. What Discover lists. Terms by type: fo has a lock-up term; otc a block price and size.
create table offerings (
  id bigint generated always as identity primary key,
  dtype text not null check (dtype in ('fo', 'otc', 'ipo', 'fund', 'quant')),
  name text not null check (length(name) between 1 and 120),
  instrument_id bigint not null references instruments(id),
  currency text not null check (currency in ('ZAR', 'USD', 'EUR', 'GBP', 'INR')),
  status text not null default 'upcoming' check (status in ('upcoming', 'open', 'closed', 'settled')),
  opens_at timestamptz not null,
  closes_at timestamptz not null,
  min_quantity numeric(20, 6) not null check (min_quantity > 0),
  max_quantity numeric(20, 6) not null,
  hot boolean not null default false,
  term_days integer check (term_days > 0),
  block_price numeric(20, 6) check (block_price > 0),
  block_size numeric(20, 6) check (block_size > 0),
  allocation_rule text check (allocation_rule in ('pro_rata')),
  key_facts jsonb not null,
  created_by text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  settled_at timestamptz,
  check (closes_at > opens_at),
  check (max_quantity >= min_quantity),
  check (dtype <> 'fo' or term_days is not null),
  check (dtype <> 'otc' or (block_price is not null and block_size is not null and allocation_rule is not null))
);
create index offerings_listing_idx on offerings (status, dtype) where status in ('upcoming', 'open');

-- 4. A quotation: a price given to one client for one instrument, valid until expires_at and
--    consumed (once) by the order it prices.
create table quotes (
  id uuid primary key,
  client_id bigint not null references clients(id),
  instrument_id bigint not null references instruments(id),
  price numeric(20, 6) not null check (price > 0),
  tradable boolean not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  order_id bigint
);
create index quotes_client_instrument_idx on quotes (client_id, instrument_id, created_at desc);
create index quotes_expires_idx on quotes (expires_at) where consumed_at is null;

-- 5. An order: one row per buy; a sell closes it. Money in minor units of `currency` (the
--    account's); prices in the instrument's quote unit; quantities in shares.
create table orders (
  id bigint generated always as identity primary key,
  reference text not null unique,
  client_id bigint not null references clients(id),
  account_id bigint not null references accounts(id),
  offering_id bigint references offerings(id),
  instrument_id bigint not null references instruments(id),
  ttype text not null check (ttype in ('standard', 'fo', 'otc', 'ipo', 'fund', 'quant')),
  status text not null check (status in ('pending', 'awaiting', 'holding', 'sold', 'rejected', 'listing')),
  currency text not null,
  requested_quantity numeric(20, 6) not null check (requested_quantity > 0),
  quantity numeric(20, 6) not null default 0 check (quantity >= 0),
  buy_price numeric(20, 6) not null check (buy_price > 0),
  buy_quote_id uuid references quotes(id),
  buy_consideration_minor bigint not null default 0 check (buy_consideration_minor >= 0),
  buy_fees_minor bigint not null default 0 check (buy_fees_minor >= 0),
  buy_fees jsonb,
  fee_schedule text not null,
  held_minor bigint not null default 0 check (held_minor >= 0),
  sell_price numeric(20, 6) check (sell_price > 0),
  quoted_sell_price numeric(20, 6),
  sell_quote_id uuid references quotes(id),
  sell_consideration_minor bigint check (sell_consideration_minor >= 0),
  sell_fees_minor bigint check (sell_fees_minor >= 0),
  sell_fees jsonb,
  locked_until timestamptz,
  order_time timestamptz not null,
  execution_time timestamptz,
  settlement_time timestamptz,
  sold_at timestamptz,
  buy_entry_id bigint references journal_entries(id),
  sell_entry_id bigint references journal_entries(id),
  reason text,
  updated_at timestamptz not null default now(),
  -- A held or sold order was executed by an entry; a sold one by a second.
  check (status not in ('holding', 'sold') or (buy_entry_id is not null and quantity > 0 and execution_time is not null)),
  check (status <> 'sold' or (sell_entry_id is not null and sell_price is not null and sold_at is not null)),
  check (status <> 'rejected' or buy_entry_id is null)
);
create index orders_client_status_idx on orders (client_id, status, order_time desc);
create index orders_offering_idx on orders (offering_id, status) where offering_id is not null;
create unique index orders_buy_quote_uq on orders (buy_quote_id) where buy_quote_id is not null;
create unique index orders_sell_quote_uq on orders (sell_quote_id) where sell_quote_id is not null;
alter table quotes add constraint quotes_order_fk foreign key (order_id) references orders(id);

-- 6. The securities side: every change of shares held, in the transaction (and naming the entry)
--    that moved its cash. Σ quantity_delta per order is its position: the order's quantity while
--    held, 0 once sold. Append-only, like the journal.
create table position_movements (
  id bigint generated always as identity primary key,
  order_id bigint not null references orders(id),
  client_id bigint not null references clients(id),
  instrument_id bigint not null references instruments(id),
  quantity_delta numeric(20, 6) not null check (quantity_delta <> 0),
  entry_id bigint not null references journal_entries(id),
  created_at timestamptz not null default now()
);
create index position_movements_order_idx on position_movements (order_id);
create index position_movements_client_idx on position_movements (client_id, instrument_id);
create trigger position_movements_append_only before update or delete on position_movements
  for each row execute function ledger_append_only();
