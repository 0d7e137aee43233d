-- Funds (issue 13 section 2; docs/decisions/0033-funds.md): unit trusts bought for an amount,
-- priced forward at the next NAV (net asset value per unit), struck once per JSE business day.
--
-- A fund is an offering of dtype 'fund' whose instrument is its BENCHMARK (an index of the
-- universe): offerings.instrument_id stays NOT NULL, the fund's NAV moves with that index, and
-- the fund's orders and position movements name the same instrument (units of the fund, told
-- apart from shares by the order's ttype 'fund' and its offering). For a fund, the offering's
-- min_quantity/max_quantity are the minimum and per-client maximum investment in rand.

-- 1. The fund's terms, one row per fund offering. Percentages per year; times of day in minutes
--    after midnight SAST (the JSE's zone); the NAV is in cents per unit (as SA unit trusts publish it).
create table fund_terms (
  offering_id bigint primary key references offerings(id),
  code text not null unique check (code ~ '^[A-Z0-9]{2,12}$'),
  category text not null check (length(category) between 1 and 80),
  benchmark_id bigint not null references instruments(id),
  risk_profile smallint not null check (risk_profile between 1 and 7),
  ter_percent numeric(6, 4) not null check (ter_percent >= 0 and ter_percent < 10),
  transaction_costs_percent numeric(6, 4) not null check (transaction_costs_percent >= 0 and transaction_costs_percent < 10),
  platform_fee_percent numeric(6, 4) not null check (platform_fee_percent >= 0 and platform_fee_percent < 10),
  min_investment_minor bigint not null check (min_investment_minor > 0),
  cutoff_minute smallint not null default 840 check (cutoff_minute between 0 and 1439),
  valuation_minute smallint not null default 900 check (valuation_minute between 0 and 1439),
  distribution_policy text not null check (distribution_policy in ('accumulating', 'distributing')),
  launch_day date not null,
  launch_nav numeric(20, 2) not null check (launch_nav > 0),
  created_at timestamptz not null default now(),
  check (valuation_minute > cutoff_minute)
);

-- 2. NAVs struck: one per fund and business day, never changed (the first strike wins; the value
--    is a pure function of the seed, the fund and the day, so any process strikes the same).
create table fund_navs (
  offering_id bigint not null references fund_terms(offering_id),
  day date not null,
  nav numeric(20, 2) not null check (nav > 0),
  struck_at timestamptz not null,
  primary key (offering_id, day)
);
create trigger fund_navs_append_only before update or delete on fund_navs
  for each row execute function ledger_append_only();

-- 3. A fund order's own figures: the amount subscribed, the business day whose NAV prices it
--    (forward pricing), and once valued the units, the NAV and the refund of the rounding
--    remainder; a redemption the day it is priced at and what the platform fee took.
create table fund_orders (
  order_id bigint primary key references orders(id),
  offering_id bigint not null references fund_terms(offering_id),
  amount_minor bigint not null check (amount_minor > 0),
  valuation_day date not null,
  units numeric(20, 4) check (units > 0),
  nav numeric(20, 2) check (nav > 0),
  refund_minor bigint check (refund_minor >= 0),
  valued_at timestamptz,
  redemption_requested_at timestamptz,
  redemption_day date,
  redemption_nav numeric(20, 2) check (redemption_nav > 0),
  redeemed_at timestamptz,
  check ((valued_at is null) = (units is null) and (units is null) = (nav is null) and (nav is null) = (refund_minor is null)),
  check ((redemption_day is null) = (redemption_requested_at is null)),
  check (redeemed_at is null or (redemption_nav is not null and redemption_day is not null and valued_at is not null))
);
create index fund_orders_pending_idx on fund_orders (valuation_day) where valued_at is null;
create index fund_orders_redeeming_idx on fund_orders (redemption_day)
  where redemption_day is not null and redeemed_at is null;

-- 4. Orders of a fund are amount-based until valued: the units (requested and held) and the price
--    (the NAV) are unknown while pending, so a pending or rejected fund order stores 0 for them.
--    Only ttype 'fund' is relaxed; every other order keeps the issue-12 checks.
alter table orders drop constraint if exists orders_requested_quantity_check;
alter table orders add constraint orders_requested_quantity_check
  check (requested_quantity > 0 or (ttype = 'fund' and requested_quantity = 0));
alter table orders drop constraint if exists orders_buy_price_check;
alter table orders add constraint orders_buy_price_check
  check (buy_price > 0 or (ttype = 'fund' and buy_price = 0 and status in ('pending', 'rejected')));
