-- The cost basis's arithmetic leaves SQL (issue 21 point 6; decision 0050 "how the exception
-- ends"). Every position movement is recorded through orders.service's insertPositionMovement;
-- for a sale it has the cost-basis module lock the position and its FIFO lots (in that order),
-- compute the relieved cost (average or FIFO, half-up, with @imali/money), consume the lots, and
-- record the movement with that cost. The trigger below only adds and subtracts the figures it
-- is given: a buy's quantity and its entry's cost (opening a FIFO lot for it), a sale's quantity
-- and the cost on its movement, which it also writes on the sold order as migration 0017 did.

-- A sale's relieved cost (null for buys, and for sales recorded before this migration).
alter table position_movements add column cost_minor bigint
  check (cost_minor is null or (cost_minor >= 0 and quantity_delta < 0));

-- The sell preview computes in TypeScript too, with the same function as the sale.
drop function portfolio_sale_cost(bigint, text, bigint, bigint, numeric);

create or replace function portfolio_track_movement() returns trigger language plpgsql as $$
declare
  o orders;
  v_product text;
  v_key bigint;
  v_method text;
  moved bigint;
  q numeric;
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
    -- The cost comes with the movement (the cost-basis module relieved it under the position's
    -- lock); a sale recorded any other way would lose it, so it is refused.
    if new.cost_minor is null then
      raise exception 'portfolio: sale of order % (sale of %) recorded without its relieved cost', o.id, q;
    end if;
    update portfolio_positions
      set quantity = quantity - q, cost_minor = cost_minor - new.cost_minor
      where account_id = o.account_id and product = v_product and instrument_id = new.instrument_id
        and offering_key = v_key
    returning cost_basis_method into v_method;
    if not found then
      raise exception 'portfolio: no position for order % (sale of %)', o.id, q;
    end if;
    -- The receipt's cost: written on the order before the flow marks it sold (every flow moves the
    -- shares first), so the sale trigger and the receipt read the same figure.
    update orders set cost_basis_minor = new.cost_minor, cost_basis_method = v_method where id = o.id;
  end if;
  return null;
end $$;
