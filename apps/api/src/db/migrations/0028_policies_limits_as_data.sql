-- Policies and client money limits as approved data (issue 23, decision 0063).
--
-- 1. approval_policy_versions: one row per (action, version) made by policy.change (and the
--    seeded ones) (owner: approvals). Its primary key makes two versions with one number impossible, even when two
--    policy.change approvals of one action execute at once; the execution also takes a
--    transaction-scoped advisory lock per action, so the second one waits and numbers after the first.
create table approval_policy_versions (
  action text not null,
  version integer not null check (version >= 1),
  -- The approval request that made it (null: seeded).
  approval_request_id bigint references approval_requests(id),
  created_at timestamptz not null default now(),
  primary key (action, version)
);
insert into approval_policy_versions (action, version)
select distinct action, version from approval_policies;
-- No foreign key from approval_policies: rows written outside policy.change (a test's fixture, a
-- hand-made repair) keep working; every number policy.change makes goes through this table.

-- 2. Client money limits (owner: limits): minimum deposit, minimum withdrawal and the daily
--    withdrawal cap per currency. Version 0 is the configuration (MONEY_MIN_DEPOSIT,
--    MONEY_MIN_WITHDRAWAL, MONEY_DAILY_WITHDRAWAL_CAP: today's values, so nothing changes until a
--    version is published); each published version lists every currency, is approved by a second
--    treasury user (approval action limits.change) and applies from its effective_from. The
--    version in force is the highest whose effective_from has come.
create table money_limit_versions (
  version integer primary key check (version >= 1),
  effective_from timestamptz not null,
  created_by bigint not null references staff_users(id),
  approved_by bigint not null references staff_users(id),
  approval_request_id bigint references approval_requests(id),
  created_at timestamptz not null,
  check (created_by <> approved_by)
);
create table money_limits (
  version integer not null references money_limit_versions(version),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  min_deposit_minor bigint not null check (min_deposit_minor >= 0),
  min_withdrawal_minor bigint not null check (min_withdrawal_minor >= 0),
  -- null: no daily cap for this currency.
  daily_withdrawal_cap_minor bigint check (daily_withdrawal_cap_minor >= 0),
  primary key (version, currency)
);

-- Published limits are a record: never changed, never deleted (a change is a new version).
create function money_limits_append_only() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only', tg_table_name using errcode = '42501';
end;
$$;
create trigger money_limits_no_change before update or delete or truncate on money_limits
  for each statement execute function money_limits_append_only();
create trigger money_limit_versions_no_change before update or delete or truncate on money_limit_versions
  for each statement execute function money_limits_append_only();
