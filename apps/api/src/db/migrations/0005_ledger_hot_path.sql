-- Ledger hot path (issue 3, see docs/decisions/0011-ledger-transfer-hot-path.md): cheaper
-- integrity checks and the FX transfer as one database call.

-- A posting's currency must be its account's currency: a composite foreign key (checked in C)
-- instead of a PL/pgSQL trigger per posting.
create unique index accounts_id_currency_idx on accounts (id, currency);
alter table postings add constraint postings_account_currency_fk
  foreign key (account_id, currency) references accounts (id, currency);
drop trigger postings_currency on postings;
drop function postings_currency_matches();

-- "Every entry sums to zero per currency" checked once per entry at commit (it was once per
-- posting). Postings are append-only and only ever inserted with their entry, in its transaction.
drop trigger postings_balanced on postings;
drop function postings_entry_balanced();
create function journal_entry_balanced() returns trigger language plpgsql as $$
begin
  if (select count(*) from postings where entry_id = new.id) < 2 then
    raise exception 'journal entry % has fewer than two postings', new.id using errcode = '23514';
  end if;
  if exists (
    select 1 from postings where entry_id = new.id
    group by currency having sum(amount_minor) <> 0
  ) then
    raise exception 'journal entry % does not balance', new.id using errcode = '23514';
  end if;
  return null;
end $$;
create constraint trigger journal_entries_balanced after insert on journal_entries
  deferrable initially deferred for each row execute function journal_entry_balanced();

-- One FX transfer in one call: idempotency key, row locks in id order, rate still published,
-- funds available, entry with four postings, balances, transfer row, stored answer. The service
-- (modules/fx/fx.service.ts) prices it with packages/money and passes the published rate row it
-- used; anything refused raises 'ledger:<CODE>' so the whole call rolls back, key included.
create function ledger_transfer(
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
) returns jsonb language plpgsql as $$
declare
  v_existing idempotency_keys%rowtype;
  v_from accounts%rowtype;
  v_to accounts%rowtype;
  v_fx_from bigint;
  v_fx_to bigint;
  v_entry bigint;
  v_transfer bigint;
  v_response jsonb;
begin
  insert into idempotency_keys (client_id, key, request_hash, created_at)
  values (p_client_id, p_key, p_request_hash, p_at)
  on conflict do nothing;
  if not found then
    select * into v_existing from idempotency_keys where client_id = p_client_id and key = p_key;
    if v_existing.request_hash is distinct from p_request_hash or v_existing.response is null then
      raise exception 'ledger:IDEMPOTENCY_MISMATCH';
    end if;
    return jsonb_build_object('replayed', true, 'data', v_existing.response);
  end if;

  perform 1 from accounts where id in (p_from_account, p_to_account) order by id for update;
  select * into v_from from accounts where id = p_from_account;
  select * into v_to from accounts where id = p_to_account;
  if v_from.id is null or v_from.kind <> 'client' or v_from.client_id <> p_client_id
     or v_to.id is null or v_to.kind <> 'client' or v_to.client_id <> p_client_id
     or v_from.currency <> p_from_currency or v_to.currency <> p_to_currency then
    raise exception 'ledger:ACCOUNT_NOT_FOUND';
  end if;

  perform 1 from exchange_rates
    where from_currency = p_rate_from and to_currency = p_rate_to and rate = p_rate_value;
  if not found then
    raise exception 'ledger:RATE_CHANGED';
  end if;
  -- Priced from the reverse pair: still right only while no direct pair is published.
  if p_rate_from <> p_from_currency and exists (
    select 1 from exchange_rates where from_currency = p_from_currency and to_currency = p_to_currency
  ) then
    raise exception 'ledger:RATE_CHANGED';
  end if;

  if v_from.balance_minor - v_from.held_minor < p_amount then
    raise exception 'ledger:INSUFFICIENT_FUNDS';
  end if;

  select id into v_fx_from from accounts where kind = 'house' and purpose = 'fx' and currency = p_from_currency;
  select id into v_fx_to from accounts where kind = 'house' and purpose = 'fx' and currency = p_to_currency;

  insert into journal_entries (kind, description, reference, client_id, created_by, created_at)
  values ('transfer', format('Transfer %s to %s at %s', p_from_currency, p_to_currency, p_rate_text),
          p_reference, p_client_id, 'client:' || p_client_id, p_at)
  returning id into v_entry;

  insert into postings (entry_id, account_id, currency, amount_minor, created_at) values
    (v_entry, p_from_account, p_from_currency, -p_amount, p_at),
    (v_entry, v_fx_from, p_from_currency, p_amount, p_at),
    (v_entry, v_fx_to, p_to_currency, -p_converted, p_at),
    (v_entry, p_to_account, p_to_currency, p_converted, p_at);

  update accounts set balance_minor = balance_minor + case when id = p_from_account then -p_amount else p_converted end
    where id in (p_from_account, p_to_account);

  insert into transfers (client_id, entry_id, from_account_id, to_account_id, from_currency, to_currency,
                         amount_minor, converted_minor, rate, created_at)
  values (p_client_id, v_entry, p_from_account, p_to_account, p_from_currency, p_to_currency,
          p_amount, p_converted, p_rate_text::numeric, p_at)
  returning id into v_transfer;

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
  update idempotency_keys set response = v_response where client_id = p_client_id and key = p_key;
  return jsonb_build_object('replayed', false, 'data', v_response);
end $$;
