-- IPOs (issue 13 section 1; docs/decisions/0032-ipo.md). An IPO is an offering (dtype 'ipo') on a
-- new instrument that is not yet listed: it does not trade, is not searchable and has no price
-- history until the operator lists it; its simulated history then starts on the listing day at
-- the listing price. Each application is an order (ttype 'ipo') backed by a 'subscription' hold.

-- 1. Instruments gain a listing state. Every instrument of the universe is listed; an IPO's new
--    instrument is 'pending' until `ipo list`, which sets listed_on (the exchange's trading day
--    its history starts on) and its base price to the listing price.
alter table instruments
  add column listing_state text not null default 'listed' check (listing_state in ('pending', 'listed')),
  add column listed_on date,
  add constraint instruments_listed_on_check check (listing_state = 'listed' or listed_on is null);

-- 2. An offering may be allotted by lottery (one lot per winner when oversubscribed).
alter table offerings drop constraint offerings_allocation_rule_check;
alter table offerings add constraint offerings_allocation_rule_check
  check (allocation_rule in ('pro_rata', 'lottery'));

-- 3. The IPO's terms, one row per ipo offering. Prices in the instrument's quote unit; a fixed
--    price has price_low = price_high. final_price is set by the operator (fixed: at creation).
--    state: open (taking applications) → allotted (funds captured, awaiting listing) → listed.
create table ipo_terms (
  offering_id bigint primary key references offerings(id),
  issuer text not null check (length(issuer) between 1 and 200),
  price_low numeric(20, 6) not null check (price_low > 0),
  price_high numeric(20, 6) not null check (price_high >= price_low),
  final_price numeric(20, 6) check (final_price > 0),
  -- Applications must be reconfirmed at the final price (it is above the range, whose upper price
  -- the holds were sized on, or more than 20% below it).
  reconfirm_required boolean not null default false,
  lot_size integer not null check (lot_size > 0),
  min_lots integer not null check (min_lots > 0),
  max_lots integer not null check (max_lots >= min_lots),
  shares_offered bigint not null check (shares_offered > 0),
  allots_on date not null,
  lists_on date not null check (lists_on >= allots_on),
  state text not null default 'open' check (state in ('open', 'allotted', 'listed')),
  lottery_seed text,
  allotted_shares bigint check (allotted_shares >= 0 and allotted_shares <= shares_offered),
  allotted_at timestamptz,
  listing_price numeric(20, 6) check (listing_price > 0),
  listed_at timestamptz,
  created_at timestamptz not null default now(),
  check (shares_offered % lot_size = 0),
  check (state = 'open' or (allotted_at is not null and allotted_shares is not null and final_price is not null)),
  check (state <> 'listed' or (listed_at is not null and listing_price is not null))
);

-- 4. One row per application: how many lots it asked for, its reconfirmation at the final price
--    and the lots it was allotted.
create table ipo_applications (
  order_id bigint primary key references orders(id),
  offering_id bigint not null references offerings(id),
  client_id bigint not null references clients(id),
  lots integer not null check (lots > 0),
  reconfirmed_at timestamptz,
  allotted_lots integer check (allotted_lots >= 0 and allotted_lots <= lots),
  created_at timestamptz not null default now()
);
create index ipo_applications_offering_idx on ipo_applications (offering_id, client_id);
