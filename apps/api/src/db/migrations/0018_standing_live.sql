-- Standing computed on every read (issue 24 point 5; docs/decisions/0042-withdrawable-and-liabilities.md):
-- client_info and GET /client/app/v1/standing both derive the VIP level, trust score and order
-- count from the client's facts when asked, so they never disagree. Each fact is an index probe
-- except the order count (order_num), which would be a count over every executed order: it is
-- kept here instead, per account and product beside invested and sold_count, by a trigger on
-- orders in the transaction that executes the order (an order counts once it is holding or
-- sold, whichever flow got it there). `ledger check` proves it against the orders.

alter table portfolio_stats add column executed_count integer not null default 0 check (executed_count >= 0);

create function portfolio_track_execution() returns trigger language plpgsql as $$
begin
  insert into portfolio_stats as ps (account_id, product, executed_count)
  values (new.account_id, portfolio_product(new.ttype), 1)
  on conflict (account_id, product) do update set executed_count = ps.executed_count + 1;
  return null;
end $$;

create trigger portfolio_track_execution_insert after insert on orders
  for each row when (new.status in ('holding', 'sold'))
  execute function portfolio_track_execution();

create trigger portfolio_track_execution_update after update of status on orders
  for each row when (new.status in ('holding', 'sold') and old.status not in ('holding', 'sold'))
  execute function portfolio_track_execution();

-- What existing databases already hold.
insert into portfolio_stats as ps (account_id, product, executed_count)
select o.account_id, portfolio_product(o.ttype), count(*)
from orders o where o.status in ('holding', 'sold')
group by 1, 2
on conflict (account_id, product) do update set executed_count = excluded.executed_count;
