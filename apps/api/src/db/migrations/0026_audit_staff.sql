-- The authenticated staff user behind an audit entry (issue 23, decisions 0056 and 0057). Null on
-- every older row and on entries of clients and jobs; the chain hashes it only when it is not null
-- (modules/audit/audit-chain.ts), so every row written before keeps its hash.
alter table audit_log add column staff_id bigint references staff_users(id);
create index audit_log_staff_idx on audit_log (staff_id, seq) where staff_id is not null;
