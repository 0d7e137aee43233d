-- Structured products (issue 13 section 3; docs/decisions/0034-structured.md). A structured
-- product is an offering (dtype 'quant') on an underlying index or share of the universe
-- (offerings.instrument_id) with the terms below. Each subscription is an order (ttype 'quant')
-- for an amount, backed by a 'subscription' hold until the start date, when the hold is captured
-- into the structured-products house account; at maturity (or an early exit) the payoff is paid
-- from that account. Orders need no new constraint: a quant order's quantity is its nominal
-- amount in currency units at buy_price 1 (100 % of nominal), sell_price is the payoff per unit of
-- nominal (the payoff multiple), so buy/sell considerations are the amount and the payoff.

-- 1. The house account of the structured-products book, in every ledger currency. The purpose
--    check is extended, not rewritten: other migrations of this issue may add purposes too, so
--    the new value is appended to whatever the constraint lists when this runs.
do $$
declare def text;
begin
  select pg_get_constraintdef(c.oid) into def
  from pg_constraint c
  where c.conrelid = 'accounts'::regclass and c.conname = 'accounts_purpose_check';
  if position('structured_products' in def) = 0 then
    execute 'alter table accounts drop constraint accounts_purpose_check';
    execute 'alter table accounts add constraint accounts_purpose_check '
      || replace(def, 'ARRAY[', 'ARRAY[''structured_products''::text, ');
  end if;
end $$;
insert into accounts (kind, purpose, currency)
select 'house', 'structured_products', c
from unnest(array['ZAR', 'USD', 'EUR', 'GBP', 'INR']) as c
on conflict do nothing;

-- 2. The terms, one row per quant offering. Percentages as numbers ('90' = 90 %); amounts in
--    minor units of the offering's currency; levels in the underlying's quote unit (points).
--    state: subscription (holds, cancellable) → running (start level fixed, holds captured) →
--    matured (final level fixed, every order paid). The KID is computed from the terms when the
--    product is created (modules/quant/kid.ts) and kept as shown to clients (kid.version).
create table structured_products (
  offering_id bigint primary key references offerings(id),
  start_at timestamptz not null,
  maturity_at timestamptz not null,
  protection_pct numeric(7, 4) not null check (protection_pct >= 1 and protection_pct <= 100),
  participation_pct numeric(8, 4) not null check (participation_pct > 0 and participation_pct <= 500),
  cap_pct numeric(8, 4) check (cap_pct > 100),
  min_amount_minor bigint not null check (min_amount_minor > 0),
  max_amount_minor bigint not null,
  entry_fee_pct numeric(7, 4) not null default 0 check (entry_fee_pct >= 0 and entry_fee_pct <= 10),
  early_exit text not null check (early_exit in ('none', 'daily')),
  early_exit_cost_pct numeric(7, 4) not null default 0 check (early_exit_cost_pct >= 0 and early_exit_cost_pct <= 10),
  kid jsonb not null,
  state text not null default 'subscription' check (state in ('subscription', 'running', 'matured')),
  start_level numeric(20, 6) check (start_level > 0),
  started_at timestamptz,
  final_level numeric(20, 6) check (final_level > 0),
  matured_at timestamptz,
  created_at timestamptz not null default now(),
  check (maturity_at > start_at),
  check (max_amount_minor >= min_amount_minor),
  -- An early exit pays at least protection − cost > 0 of the amount.
  check (early_exit_cost_pct < protection_pct),
  check (state = 'subscription' or (start_level is not null and started_at is not null)),
  check (state <> 'matured' or (final_level is not null and matured_at is not null))
);
create index structured_products_due_idx on structured_products (state, start_at, maturity_at)
  where state <> 'matured';
