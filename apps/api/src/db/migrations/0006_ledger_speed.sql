-- Ledger throughput (see docs/decisions/0030-ledger-throughput.md): fewer statements, foreign-key
-- checks and index entries per FX transfer, with every guarantee of 0005 kept.

-- Nothing reads journal entries by client (statements read postings by account, transfers have
-- their own client index), so every entry paid for an index entry no query used.
drop index journal_entries_client_idx;

-- postings_account_currency_fk (account_id, currency) → accounts (id, currency) already proves the
-- account exists; the single-column key was a second check and a second row lock per posting.
alter table postings drop constraint postings_account_id_fkey;

-- What an account is (kind, purpose, owner, currency) is written once, at creation. As CHECK
-- constraints those five rules were re-planned and re-evaluated on every balance update (two per
-- transfer); as a trigger on insert and on update of those columns they are checked exactly when
-- they can change. The balance rules stay CHECK constraints.
alter table accounts
  drop constraint accounts_kind_check,
  drop constraint accounts_purpose_check,
  drop constraint accounts_currency_check,
  drop constraint accounts_owner,
  drop constraint accounts_client_purpose;
create function accounts_identity_rules() returns trigger language plpgsql as $$
declare
  v_broken text;
begin
  v_broken := case
    when new.kind not in ('client', 'house') then 'accounts_kind_check'
    when new.purpose not in ('cash', 'bank_clearing', 'fees', 'fx') then 'accounts_purpose_check'
    when new.currency not in ('ZAR', 'USD', 'EUR', 'GBP') then 'accounts_currency_check'
    when (new.kind = 'client') <> (new.client_id is not null) then 'accounts_owner'
    when new.kind = 'client' and new.purpose <> 'cash' then 'accounts_client_purpose'
  end;
  if v_broken is not null then
    raise exception 'new row for relation "accounts" violates check constraint "%"', v_broken
      using errcode = '23514', constraint = v_broken, table = 'accounts';
  end if;
  return new;
end $$;
create trigger accounts_identity_rules before insert or update of kind, purpose, client_id, currency on accounts
  for each row execute function accounts_identity_rules();

-- Same rules as 0005, one query instead of two. The check still runs at commit for every entry
-- except the one entry ledger_transfer vouches for in its own transaction: that function inserts
-- the entry and its four postings in one statement, built from two amounts as (-a, +a) in one
-- currency and (-c, +c) in the other, so re-reading them cost a PL/pgSQL call and a query per
-- transfer to prove what the statement already guarantees. Any other writer (deposits,
-- withdrawals, adjustments, a bug) is checked as before; `ledger check` re-proves every entry.
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
  if v_unbalanced > 0 then
    raise exception 'journal entry % does not balance', new.id using errcode = '23514';
  end if;
  return null;
end $$;
drop trigger journal_entries_balanced on journal_entries;
create constraint trigger journal_entries_balanced after insert on journal_entries
  deferrable initially deferred for each row
  when (new.id::text is distinct from current_setting('imali.vouched_entry', true))
  execute function journal_entry_balanced();

-- The FX transfer in three statements (0005 ran nine, and updated the key row it had inserted):
--   1-2. each client account's balance moves in its own UPDATE, lower id first, so the row locks
--        are still taken in id order. The debit's WHERE carries ownership, currency, the rate
--        still published and the available funds; the credit's, ownership and currency. When
--        either row is not updated, the refusal is diagnosed with 0005's precedence (account,
--        rate, funds) and raised as 'ledger:<CODE>', which rolls everything back.
--   3.   entry, four postings (FX house accounts looked up in place), transfer and idempotency
--        key with its stored answer, in one INSERT: the ids come from the identity sequences
--        first, so the answer is known before writing.
-- The key is inserted last and plainly: a replay, or a concurrent request with the same key, fails
-- that insert with a unique violation (after waiting for the other transaction, as before) and
-- rolls everything back; the caller then answers from the stored key (modules/fx/fx.service.ts).
-- So the function only ever returns a new transfer's answer (0005 returned {replayed, data}).
create or replace function ledger_transfer(
  p_client_id bigint,
  p_key text,
  p_request_hash text,
  p_from_account bigint,
  p_to_account bigint,
  p_from_currency text,
  p_to_currency text,
  p_amount bigint,
  p_converted bigint,
  p_rate_from text,
  p_rate_to text,
  p_rate_value numeric,
  p_rate_text text,
  p_amount_text text,
  p_converted_text text,
  p_reference text,
  p_at timestamptz,
  p_at_text text
) returns jsonb language plpgsql
-- Every statement below is a primary-key or unique-index lookup whatever the arguments; left to
-- choose, PostgreSQL kept re-planning the debit (custom plans) on every call.
set plan_cache_mode = force_generic_plan
as $$
declare
  v_entry bigint := nextval('journal_entries_id_seq');
  v_transfer bigint := nextval('transfers_id_seq');
  v_account bigint;
  v_moved boolean;
  v_response jsonb;
begin
  -- One account on both sides would be debited twice below (the service refuses it first).
  if p_from_account = p_to_account then
    raise exception 'ledger:ACCOUNT_NOT_FOUND';
  end if;
  v_moved := true;
  foreach v_account in array array[least(p_from_account, p_to_account), greatest(p_from_account, p_to_account)] loop
    if v_account = p_from_account then
      update accounts set balance_minor = balance_minor - p_amount
        where id = p_from_account and kind = 'client' and client_id = p_client_id
          and currency = p_from_currency and balance_minor - held_minor >= p_amount
          and exists (
            select 1 from exchange_rates
            where from_currency = p_rate_from and to_currency = p_rate_to and rate = p_rate_value
          )
          -- Priced from the reverse pair: still right only while no direct pair is published.
          and (p_rate_from = p_from_currency or not exists (
            select 1 from exchange_rates where from_currency = p_from_currency and to_currency = p_to_currency
          ));
    else
      update accounts set balance_minor = balance_minor + p_converted
        where id = p_to_account and kind = 'client' and client_id = p_client_id and currency = p_to_currency;
    end if;
    if not found then
      v_moved := false;
      exit;
    end if;
  end loop;

  if not v_moved then
    if (
      select count(*) from accounts
      where kind = 'client' and client_id = p_client_id
        and ((id = p_from_account and currency = p_from_currency) or (id = p_to_account and currency = p_to_currency))
    ) < 2 then
      raise exception 'ledger:ACCOUNT_NOT_FOUND';
    end if;
    if not exists (
      select 1 from exchange_rates
      where from_currency = p_rate_from and to_currency = p_rate_to and rate = p_rate_value
    ) or (p_rate_from <> p_from_currency and exists (
      select 1 from exchange_rates where from_currency = p_from_currency and to_currency = p_to_currency
    )) then
      raise exception 'ledger:RATE_CHANGED';
    end if;
    raise exception 'ledger:INSUFFICIENT_FUNDS';
  end if;

  -- Transaction-local, and only for this entry id (see journal_entries_balanced above).
  perform set_config('imali.vouched_entry', v_entry::text, true);
  v_response := jsonb_build_object(
    'id', v_transfer,
    'from_account', p_from_account,
    'to_account', p_to_account,
    'from_currency', p_from_currency,
    'to_currency', p_to_currency,
    'amount', p_amount_text,
    'converted_amount', p_converted_text,
    'rate', p_rate_text,
    'created_at', p_at_text
  );

  with entry as (
    insert into journal_entries (id, kind, description, reference, client_id, created_by, created_at)
    overriding system value
    values (v_entry, 'transfer', format('Transfer %s to %s at %s', p_from_currency, p_to_currency, p_rate_text),
            p_reference, p_client_id, 'client:' || p_client_id, p_at)
  ), transfer as (
    insert into transfers (id, client_id, entry_id, from_account_id, to_account_id, from_currency, to_currency,
                           amount_minor, converted_minor, rate, created_at)
    overriding system value
    values (v_transfer, p_client_id, v_entry, p_from_account, p_to_account, p_from_currency, p_to_currency,
            p_amount, p_converted, p_rate_text::numeric, p_at)
  ), answer as (
    insert into idempotency_keys (client_id, key, request_hash, response, created_at)
    values (p_client_id, p_key, p_request_hash, v_response, p_at)
  )
  insert into postings (entry_id, account_id, currency, amount_minor, created_at) values
    (v_entry, p_from_account, p_from_currency, -p_amount, p_at),
    (v_entry, (select id from accounts where kind = 'house' and purpose = 'fx' and currency = p_from_currency),
     p_from_currency, p_amount, p_at),
    (v_entry, (select id from accounts where kind = 'house' and purpose = 'fx' and currency = p_to_currency),
     p_to_currency, -p_converted, p_at),
    (v_entry, p_to_account, p_to_currency, p_converted, p_at);

  return v_response;
end $$;
