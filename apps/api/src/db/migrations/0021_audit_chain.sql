-- The audit trail becomes a hash chain no one can rewrite (issue 23, decision 0056).
-- Each row gets `seq` (1, 2, 3 … in the order of appending, no gaps), `prev_hash` (the previous
-- row's hash) and `row_hash` (SHA-256 of the row's canonical form, which holds prev_hash). The
-- hash is computed in TypeScript, by one function (modules/audit/audit-chain.ts), never here:
-- SQL only guards the chain (decision 0050).

alter table audit_log
  add column seq bigint,
  add column prev_hash text,
  add column row_hash text;

-- @backfill audit-chain
-- migrate.ts runs backfillAuditChain (modules/audit/audit-chain-backfill.ts) here, in this
-- migration's transaction: it numbers the rows already logged in id order and chains them with
-- the same function that chains every new row.

alter table audit_log
  alter column seq set not null,
  alter column prev_hash set not null,
  alter column row_hash set not null,
  add constraint audit_log_seq_positive check (seq > 0),
  add constraint audit_log_prev_hash_hex check (prev_hash ~ '^[0-9a-f]{64}$'),
  add constraint audit_log_row_hash_hex check (row_hash ~ '^[0-9a-f]{64}$');
-- Two rows can never claim the same place in the chain (no fork); also the order verify walks.
create unique index audit_log_seq_key on audit_log (seq);

-- The head: one row, the last appended seq and hash (0 and 64 zeros while the log is empty).
-- An append locks it FOR UPDATE first, so appends from concurrent transactions chain one after
-- the other instead of both onto the same row.
create table audit_chain_head (
  one boolean primary key default true check (one),
  seq bigint not null check (seq >= 0),
  row_hash text not null check (row_hash ~ '^[0-9a-f]{64}$')
);
insert into audit_chain_head (seq, row_hash)
select coalesce(max(seq), 0),
       coalesce((select row_hash from audit_log order by seq desc limit 1), repeat('0', 64))
  from audit_log;

-- A new row must extend the head exactly (next seq, previous hash); the head then moves to it.
-- Under READ COMMITTED a second transaction that read the same head waits on the head row here
-- and, once the first commits, finds it moved and is refused: the chain cannot fork.
create function audit_log_extend_chain() returns trigger language plpgsql as $$
begin
  update audit_chain_head set seq = new.seq, row_hash = new.row_hash
   where one and seq = new.seq - 1 and row_hash = new.prev_hash;
  if not found then
    raise exception 'audit_log row seq % does not extend the chain head (lock audit_chain_head first)',
      new.seq;
  end if;
  return new;
end $$;
create trigger audit_log_extend_chain before insert on audit_log
  for each row execute function audit_log_extend_chain();

-- Append-only: every UPDATE, DELETE and TRUNCATE of audit_log is refused, whatever it touches.
create function audit_log_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only: % refused', tg_op;
end $$;
create trigger audit_log_append_only before update or delete or truncate on audit_log
  for each statement execute function audit_log_refuse_change();

-- The head moves only by an audit_log insert (the trigger above, one trigger level down).
create function audit_chain_head_guard() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and pg_trigger_depth() > 1 then
    return new;
  end if;
  raise exception 'audit_chain_head moves only when audit_log is appended to: % refused', tg_op;
end $$;
create trigger audit_chain_head_guard before update or delete on audit_chain_head
  for each row execute function audit_chain_head_guard();
create trigger audit_chain_head_no_truncate before truncate on audit_chain_head
  for each statement execute function audit_chain_head_guard();
