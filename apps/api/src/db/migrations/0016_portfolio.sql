-- Portfolio analytics (issue 14; docs/decisions/0036-portfolio-analytics.md). What a portfolio
-- request reads is kept as it happens, so no request folds the order history:
--   portfolio_positions  shares/units and their cost per account, product and instrument, kept by a
--                        trigger on position_movements (the one place every flow records a change);
--   portfolio_stats      invested, returned and realised profit per account and product, kept by the
--                        same trigger (invested) and one on orders (a sale: returned and realised);
--   portfolio_daily      one row per client account and South African day, written by the
--                        portfolio.snapshot job: value, external flows, the time-weighted index and
--                        running sums that make a money-weighted return O(1) per period.
-- Triggers, not service code, so every flow (buys, allocations, IPO listings, fund valuations,
-- structured-product payouts, sells) keeps them without knowing they exist, in its own transaction.

create function portfolio_product(ttype text) returns text
  language sql immutable as $$
  select case ttype when 'fund' then 'fund' when 'quant' then 'quant' else 'stock' end
$$;

-- Shares are one position per instrument; a fund or structured product is one per offering (two
-- funds may track the same benchmark instrument): offering_key is its offering id, 0 for shares.
create function portfolio_offering_key(ttype text, offering_id bigint) returns bigint
  language sql immutable as $$
  select case when ttype in ('fund', 'quant') then coalesce(offering_id, 0) else 0 end
$$;

create table portfolio_positions (
  account_id bigint not null references accounts(id),
  product text not null check (product in ('stock', 'fund', 'quant')),
  instrument_id bigint not null references instruments(id),
  offering_key bigint not null default 0,
  quantity numeric(20, 6) not null check (quantity >= 0),
  cost_minor bigint not null check (cost_minor >= 0),
  primary key (account_id, product, instrument_id, offering_key)
);

create table portfolio_stats (
  account_id bigint not null references accounts(id),
  product text not null check (product in ('stock', 'fund', 'quant')),
  invested_minor bigint not null default 0,
  returned_minor bigint not null default 0,
  realised_profit_minor bigint not null default 0,
  sold_count integer not null default 0,
  primary key (account_id, product)
);

-- The cost an order paid: what its buy entry debited its account (buy consideration + fees).
create function portfolio_order_cost(o orders) returns bigint
  language sql stable as $$
  select coalesce(-sum(p.amount_minor), 0)::bigint
  from postings p where p.entry_id = o.buy_entry_id and p.account_id = o.account_id
$$;

create function portfolio_track_movement() returns trigger language plpgsql as $$
declare
  o orders;
  v_product text;
  moved bigint;
begin
  select * into o from orders where id = new.order_id;
  v_product := portfolio_product(o.ttype);
  if new.quantity_delta > 0 then
    -- A buy executed: its cost is what the entry moving these shares debited the account.
    select coalesce(-sum(p.amount_minor), 0)::bigint into moved
    from postings p where p.entry_id = new.entry_id and p.account_id = o.account_id;
    insert into portfolio_positions as pp (account_id, product, instrument_id, offering_key, quantity, cost_minor)
    values (o.account_id, v_product, new.instrument_id, portfolio_offering_key(o.ttype, o.offering_id),
            new.quantity_delta, moved)
    on conflict (account_id, product, instrument_id, offering_key) do update
      set quantity = pp.quantity + excluded.quantity, cost_minor = pp.cost_minor + excluded.cost_minor;
    insert into portfolio_stats as ps (account_id, product, invested_minor)
    values (o.account_id, v_product, moved)
    on conflict (account_id, product) do update set invested_minor = ps.invested_minor + excluded.invested_minor;
  else
    -- A sale closes an order (its lot): the position loses that order's shares and its cost, so
    -- the cost left is exactly the cost of the orders still held.
    moved := portfolio_order_cost(o);
    if -new.quantity_delta < o.quantity then
      moved := (moved * (-new.quantity_delta) / o.quantity)::bigint;
    end if;
    update portfolio_positions
      set quantity = quantity + new.quantity_delta, cost_minor = greatest(cost_minor - moved, 0)
      where account_id = o.account_id and product = v_product and instrument_id = new.instrument_id
        and offering_key = portfolio_offering_key(o.ttype, o.offering_id);
  end if;
  return null;
end $$;

create trigger portfolio_track_movement after insert on position_movements
  for each row execute function portfolio_track_movement();

create function portfolio_track_sale() returns trigger language plpgsql as $$
declare
  net bigint := coalesce(new.sell_consideration_minor, 0) - coalesce(new.sell_fees_minor, 0);
begin
  insert into portfolio_stats as ps (account_id, product, returned_minor, realised_profit_minor, sold_count)
  values (new.account_id, portfolio_product(new.ttype), net,
          net - (new.buy_consideration_minor + new.buy_fees_minor), 1)
  on conflict (account_id, product) do update
    set returned_minor = ps.returned_minor + excluded.returned_minor,
        realised_profit_minor = ps.realised_profit_minor + excluded.realised_profit_minor,
        sold_count = ps.sold_count + 1;
  return null;
end $$;

create trigger portfolio_track_sale after update of status on orders
  for each row when (new.status = 'sold' and old.status <> 'sold')
  execute function portfolio_track_sale();

-- What existing databases already hold.
insert into portfolio_positions (account_id, product, instrument_id, offering_key, quantity, cost_minor)
select o.account_id, portfolio_product(o.ttype), o.instrument_id, portfolio_offering_key(o.ttype, o.offering_id),
       sum(m.quantity), sum(portfolio_order_cost(o))
from orders o
join (select order_id, sum(quantity_delta) as quantity from position_movements group by order_id) m on m.order_id = o.id
where m.quantity <> 0
group by 1, 2, 3, 4;
insert into portfolio_stats (account_id, product, invested_minor, returned_minor, realised_profit_minor, sold_count)
select o.account_id, portfolio_product(o.ttype),
       sum(portfolio_order_cost(o)),
       coalesce(sum(o.sell_consideration_minor - o.sell_fees_minor) filter (where o.status = 'sold'), 0),
       coalesce(sum(o.sell_consideration_minor - o.sell_fees_minor - o.buy_consideration_minor - o.buy_fees_minor)
                filter (where o.status = 'sold'), 0),
       count(*) filter (where o.status = 'sold')
from orders o where o.status in ('holding', 'sold')
group by 1, 2;

-- Today's deposits, withdrawals and transfers of an account, found without reading its trades:
-- the entries that are not trades, by client and time.
create index journal_entries_client_flows_idx on journal_entries (client_id, created_at) where kind <> 'trade';

create table portfolio_daily (
  account_id bigint not null references accounts(id),
  day date not null,
  cash_minor bigint not null,
  market_value_minor bigint not null,
  -- Deposits, withdrawals, transfers and adjustments that day (everything but trades), signed.
  net_flow_minor bigint not null,
  -- Time-weighted: the product of (1 + daily return) since the account's first day, 12 decimals.
  twr_index numeric(30, 12) not null check (twr_index >= 0),
  -- Running sums since the first day, for a money-weighted (Modified Dietz) return in O(1):
  -- Σ flow and Σ (day number × flow), day number = days since 1970-01-01.
  cum_flow_minor bigint not null,
  cum_day_flow numeric(30, 0) not null,
  created_at timestamptz not null default now(),
  primary key (account_id, day)
);
