-- Manual ledger adjustments (issue 23, decision 0058): a correction staff make to a client's cash
-- account, always approved by a second staff user (approval action `ledger.adjust`, tiers seeded in
-- 0023), is posted against a house account of its own, in every ledger currency, so the house's
-- side of every correction is one balance to explain. The purpose check is extended, not rewritten
-- (as in 0014 and 0015): other migrations may add purposes too.
do $$
declare def text;
begin
  select pg_get_constraintdef(c.oid) into def
  from pg_constraint c
  where c.conrelid = 'accounts'::regclass and c.conname = 'accounts_purpose_check';
  if position('''adjustments''' in def) = 0 then
    execute 'alter table accounts drop constraint accounts_purpose_check';
    execute 'alter table accounts add constraint accounts_purpose_check '
      || replace(def, 'ARRAY[', 'ARRAY[''adjustments''::text, ');
  end if;
end $$;
insert into accounts (kind, purpose, currency)
select 'house', 'adjustments', c
from unnest(array['ZAR', 'USD', 'EUR', 'GBP', 'INR']) as c
on conflict do nothing;
