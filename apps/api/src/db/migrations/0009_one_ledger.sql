-- One ledger (issue 11; docs/decisions/0030-ledger-throughput.md): FX transfers are written by
-- postEntry like every other entry, and the guarantees 0006 traded for throughput are the
-- database's again. Holds carry the purpose and reference of what they wait for; the house
-- accounts the investing half needs are created here.

-- 1. The FX transfer function (0005, rewritten by 0006) goes: modules/fx writes through postEntry.
drop function ledger_transfer(bigint, text, text, bigint, bigint, text, text, bigint, bigint, text, text,
  numeric, text, text, text, text, timestamptz, text);

-- 2. What an account is: CHECK constraints again (0006 imitated five of them with a trigger), with
--    the house purposes of the investing half. Fees are kept per kind, each its own account:
--    brokerage and transaction fees are Imali's revenue, securities transfer tax and VAT are owed to
--    the revenue service, and `fees` stays for any other fee (none is posted yet).
drop trigger accounts_identity_rules on accounts;
drop function accounts_identity_rules();
alter table accounts
  add constraint accounts_kind_check check (kind in ('client', 'house')),
  add constraint accounts_purpose_check check (purpose in (
    'cash', 'bank_clearing', 'fees', 'fx', 'securities_clearing',
    'fee_brokerage', 'fee_stt', 'fee_txn', 'fee_vat', 'bonus', 'loans'
  )),
  add constraint accounts_currency_check check (currency in ('ZAR', 'USD', 'EUR', 'GBP')),
  add constraint accounts_owner check ((kind = 'client') = (client_id is not null)),
  add constraint accounts_client_purpose check (kind = 'house' or purpose = 'cash');

insert into accounts (kind, purpose, currency)
select 'house', p, c
from unnest(array['securities_clearing', 'fee_brokerage', 'fee_stt', 'fee_txn', 'fee_vat', 'bonus', 'loans']) as p,
     unnest(array['ZAR', 'USD', 'EUR', 'GBP']) as c;

-- 3. A posting names an account that exists (0006 dropped this key as redundant with the
--    composite (account_id, currency) key; both stay now).
alter table postings add constraint postings_account_id_fkey foreign key (account_id) references accounts (id);

-- 4. An entry is closed once committed. It declares how many postings it has (at least two);
--    each posting takes one of its line numbers, at most that many, and carries the count through
--    a foreign key, so once the commit check below has seen them all, no later transaction can
--    add a posting to it (before, a posting inserted for an old entry was checked by nothing).
alter table journal_entries disable trigger journal_entries_append_only;
alter table postings disable trigger postings_append_only;
alter table journal_entries add column posting_count smallint;
update journal_entries e set posting_count = (select count(*) from postings p where p.entry_id = e.id);
alter table journal_entries
  alter column posting_count set not null,
  add constraint journal_entries_two_postings check (posting_count >= 2);
create unique index journal_entries_id_count_idx on journal_entries (id, posting_count);

alter table postings add column line_no smallint, add column entry_lines smallint;
update postings p set line_no = n.line_no, entry_lines = n.lines
from (
  select id, row_number() over (partition by entry_id order by id) as line_no,
         count(*) over (partition by entry_id) as lines
  from postings
) n
where n.id = p.id;
alter table postings
  alter column line_no set not null,
  alter column entry_lines set not null,
  add constraint postings_line_within_entry check (line_no >= 1 and line_no <= entry_lines),
  add constraint postings_entry_lines_fk foreign key (entry_id, entry_lines)
    references journal_entries (id, posting_count);
create unique index postings_entry_line_idx on postings (entry_id, line_no);
drop index postings_entry_idx;
-- Append-only again, and firing under session_replication_role = replica too.
alter table journal_entries enable always trigger journal_entries_append_only;
alter table postings enable always trigger postings_append_only;

-- 5. Every entry is checked at commit: all its postings present, and summing to zero per currency.
--    No setting exempts one (0006's WHEN clause read a session setting any transaction could
--    set); ENABLE ALWAYS keeps it firing under session_replication_role = replica too.
create or replace function journal_entry_balanced() returns trigger language plpgsql as $$
declare
  v_lines bigint;
  v_unbalanced bigint;
begin
  select coalesce(sum(n), 0), count(*) filter (where total <> 0) into v_lines, v_unbalanced
  from (select count(*) as n, sum(amount_minor) as total from postings where entry_id = new.id group by currency) t;
  if v_lines < 2 then
    raise exception 'journal entry % has fewer than two postings', new.id using errcode = '23514';
  end if;
  if v_lines <> new.posting_count then
    raise exception 'journal entry % has % of its % postings', new.id, v_lines, new.posting_count
      using errcode = '23514';
  end if;
  if v_unbalanced > 0 then
    raise exception 'journal entry % does not balance', new.id using errcode = '23514';
  end if;
  return null;
end $$;
drop trigger journal_entries_balanced on journal_entries;
create constraint trigger journal_entries_balanced after insert on journal_entries
  deferrable initially deferred for each row execute function journal_entry_balanced();
alter table journal_entries enable always trigger journal_entries_balanced;

-- 6. Holds: the purpose and the reference of what they wait for (a withdrawal today; orders and
--    subscriptions next), instead of a withdrawal id. A captured hold names the entry that posted
--    it and how much of it was posted (the rest was released). At most one active hold per
--    reference. Whether the referenced row exists and still justifies its hold is `ledger check`'s
--    (modules/ledger/ledger.repository.ts, one query per reference type).
alter table holds
  add column purpose text,
  add column reference_type text,
  add column reference_id bigint,
  add column captured_minor bigint,
  add column entry_id bigint references journal_entries (id);
update holds h set
  purpose = 'withdrawal',
  reference_type = 'withdrawal',
  reference_id = h.withdrawal_id,
  captured_minor = case when h.status = 'captured' then h.amount_minor end,
  entry_id = case when h.status = 'captured' then w.entry_id end,
  settled_at = case when h.status <> 'active' then coalesce(h.settled_at, w.decided_at, h.created_at) end
from withdrawals w
where w.id = h.withdrawal_id;
alter table holds
  drop column withdrawal_id,
  alter column purpose set not null,
  alter column reference_type set not null,
  alter column reference_id set not null,
  add constraint holds_purpose_check check (purpose in ('withdrawal', 'order', 'subscription')),
  add constraint holds_reference_check check (reference_type ~ '^[a-z][a-z_]*$' and reference_id > 0),
  add constraint holds_withdrawal_reference check (purpose <> 'withdrawal' or reference_type = 'withdrawal'),
  add constraint holds_settled check ((status = 'active') = (settled_at is null)),
  add constraint holds_captured check (
    (status = 'captured') = (captured_minor is not null)
    and (status = 'captured') = (entry_id is not null)
    and (captured_minor is null or (captured_minor > 0 and captured_minor <= amount_minor))
  );
create unique index holds_reference_active_idx on holds (reference_type, reference_id) where status = 'active';
create index holds_reference_idx on holds (reference_type, reference_id);
