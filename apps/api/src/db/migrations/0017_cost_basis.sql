-- Cost basis per client: average cost (the default) or FIFO (issue 14;
-- docs/decisions/0040-cost-basis.md). A sale relieves the position of a cost chosen by the method
-- the position was opened under, the receipt's profit is the sale's net less that cost, and the
-- portfolio's realised profit adds exactly the receipts' profits.
--   average: q × (position cost ÷ position quantity), half-up to the cent; all of it when the
--            sale empties the position;
--   fifo:    the cost of the q oldest shares or units, lot by lot (a lot is one buy movement).
-- A position keeps the method it was opened with until it is empty (as SARS requires of the
-- weighted-average method: kept for identical assets until all are disposed of); the client's
-- choice applies to positions opened after it.

alter table clients add column cost_basis_method text not null default 'average'
  check (cost_basis_method in ('average', 'fifo'));

alter table portfolio_positions add column cost_basis_method text not null default 'average'
  check (cost_basis_method in ('average', 'fifo'));

-- What a sale relieved, on the sold order (null for sales before this migration: their cost was
-- the order's own).
alter table orders add column cost_basis_minor bigint check (cost_basis_minor >= 0);
alter table orders add column cost_basis_method text check (cost_basis_method in ('average', 'fifo'));

-- The open lots of FIFO positions: what is left of each buy movement, oldest first. Emptied lots are
-- deleted, so a sale reads only the lots it consumes.
create table cost_lots (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts(id),
  product text not null check (product in ('stock', 'fund', 'quant')),
  instrument_id bigint not null references instruments(id),
  offering_key bigint not null,
  order_id bigint not null references orders(id),
  movement_id bigint not null references position_movements(id),
  acquired_at timestamptz not null,
  quantity numeric(20, 6) not null check (quantity > 0),
  cost_minor bigint not null check (cost_minor >= 0)
);
create index cost_lots_fifo_idx on cost_lots (account_id, product, instrument_id, offering_key, acquired_at, id);

-- The cost a sale of `q` would relieve now, without changing anything (the sell preview).
create function portfolio_sale_cost(
  p_account bigint, p_product text, p_instrument bigint, p_offering_key bigint, q numeric
) returns table (cost_minor bigint, method text) language plpgsql stable as $$
declare
  pp portfolio_positions;
  need numeric := q;
  total bigint := 0;
  lot record;
begin
  select * into pp from portfolio_positions
    where account_id = p_account and product = p_product and instrument_id = p_instrument
      and offering_key = p_offering_key;
  if not found or pp.quantity <= 0 then
    return;
  end if;
  if pp.cost_basis_method = 'fifo' then
    for lot in
      select l.quantity, l.cost_minor from cost_lots l
      where l.account_id = p_account and l.product = p_product and l.instrument_id = p_instrument
        and l.offering_key = p_offering_key
      order by l.acquired_at, l.id
    loop
      exit when need <= 0;
      if lot.quantity <= need then
        total := total + lot.cost_minor;
        need := need - lot.quantity;
      else
        total := total + round(lot.cost_minor * need / lot.quantity)::bigint;
        need := 0;
      end if;
    end loop;
  elsif q >= pp.quantity then
    total := pp.cost_minor;
  else
    total := round(pp.cost_minor * q / pp.quantity)::bigint;
  end if;
  return query select least(total, pp.cost_minor), pp.cost_basis_method;
end $$;

create or replace function portfolio_track_movement() returns trigger language plpgsql as $$
declare
  o orders;
  v_product text;
  v_key bigint;
  v_method text;
  pos portfolio_positions;
  moved bigint;
  q numeric;
  need numeric;
  part bigint;
  lot cost_lots;
begin
  select * into o from orders where id = new.order_id;
  v_product := portfolio_product(o.ttype);
  v_key := portfolio_offering_key(o.ttype, o.offering_id);
  if new.quantity_delta > 0 then
    -- A buy executed: its cost is what the entry moving these shares debited the account.
    select coalesce(-sum(p.amount_minor), 0)::bigint into moved
    from postings p where p.entry_id = new.entry_id and p.account_id = o.account_id;
    select c.cost_basis_method into v_method from clients c where c.id = o.client_id;
    -- An empty position takes the client's method now; an open one keeps its own.
    insert into portfolio_positions as pp
      (account_id, product, instrument_id, offering_key, quantity, cost_minor, cost_basis_method)
    values (o.account_id, v_product, new.instrument_id, v_key, new.quantity_delta, moved,
            coalesce(v_method, 'average'))
    on conflict (account_id, product, instrument_id, offering_key) do update
      set quantity = pp.quantity + excluded.quantity,
          cost_minor = pp.cost_minor + excluded.cost_minor,
          cost_basis_method = case when pp.quantity = 0 then excluded.cost_basis_method
                                   else pp.cost_basis_method end
    returning pp.cost_basis_method into v_method;
    if v_method = 'fifo' then
      insert into cost_lots (account_id, product, instrument_id, offering_key, order_id, movement_id,
                             acquired_at, quantity, cost_minor)
      values (o.account_id, v_product, new.instrument_id, v_key, o.id, new.id, new.created_at,
              new.quantity_delta, moved);
    end if;
    insert into portfolio_stats as ps (account_id, product, invested_minor)
    values (o.account_id, v_product, moved)
    on conflict (account_id, product) do update set invested_minor = ps.invested_minor + excluded.invested_minor;
  else
    q := -new.quantity_delta;
    -- The position row is locked first: sales and buys of one position take turns, so the
    -- average and the oldest lots are read as the sale leaves them.
    select * into pos from portfolio_positions
      where account_id = o.account_id and product = v_product and instrument_id = new.instrument_id
        and offering_key = v_key
      for update;
    if not found then
      raise exception 'portfolio: no position for order % (sale of %)', o.id, q;
    end if;
    moved := 0;
    if pos.cost_basis_method = 'fifo' then
      need := q;
      for lot in
        select * from cost_lots l
        where l.account_id = o.account_id and l.product = v_product and l.instrument_id = new.instrument_id
          and l.offering_key = v_key
        order by l.acquired_at, l.id
        for update
      loop
        exit when need <= 0;
        if lot.quantity <= need then
          moved := moved + lot.cost_minor;
          need := need - lot.quantity;
          delete from cost_lots where id = lot.id;
        else
          part := round(lot.cost_minor * need / lot.quantity)::bigint;
          moved := moved + part;
          update cost_lots set quantity = quantity - need, cost_minor = cost_minor - part where id = lot.id;
          need := 0;
        end if;
      end loop;
    elsif q >= pos.quantity then
      moved := pos.cost_minor;
    else
      moved := round(pos.cost_minor * q / pos.quantity)::bigint;
    end if;
    moved := least(moved, pos.cost_minor);
    update portfolio_positions
      set quantity = quantity - q, cost_minor = cost_minor - moved
      where account_id = pos.account_id and product = pos.product and instrument_id = pos.instrument_id
        and offering_key = pos.offering_key;
    -- The receipt's cost: written on the order before the flow marks it sold (every flow moves the
    -- shares first), so the sale trigger below and the receipt read the same figure.
    update orders set cost_basis_minor = moved, cost_basis_method = pos.cost_basis_method where id = o.id;
  end if;
  return null;
end $$;

create or replace function portfolio_track_sale() returns trigger language plpgsql as $$
declare
  net bigint := coalesce(new.sell_consideration_minor, 0) - coalesce(new.sell_fees_minor, 0);
begin
  insert into portfolio_stats as ps (account_id, product, returned_minor, realised_profit_minor, sold_count)
  values (new.account_id, portfolio_product(new.ttype), net,
          net - coalesce(new.cost_basis_minor, new.buy_consideration_minor + new.buy_fees_minor), 1)
  on conflict (account_id, product) do update
    set returned_minor = ps.returned_minor + excluded.returned_minor,
        realised_profit_minor = ps.realised_profit_minor + excluded.realised_profit_minor,
        sold_count = ps.sold_count + 1;
  return null;
end $$;
