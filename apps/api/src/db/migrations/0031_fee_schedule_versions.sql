-- Fee schedules as approved data (issue 23 screen 7, decision 0063; owner: fees).
--
-- One row per published schedule version of a country: the schedule as the JSON parseFeeSchedule
-- accepts (packages/money), proposed by one treasury user and approved by another (approval
-- action fees.change), in force from effective_from. The shipped files
-- (packages/money/fee-schedules, FEE_SCHEDULES_DIR) stay the version in force until a row's time
-- has come. The version label is unique across countries: an order stores the label it was priced
-- with and is re-priced with exactly that schedule.
create table fee_schedule_versions (
  id bigserial primary key,
  country text not null check (country ~ '^[A-Z]{2}$'),
  version text not null unique,
  schedule jsonb not null,
  effective_from timestamptz not null,
  maker_staff_id bigint not null references staff_users(id),
  approver_staff_id bigint not null references staff_users(id),
  approval_request_id bigint references approval_requests(id),
  created_at timestamptz not null,
  check (approver_staff_id <> maker_staff_id),
  check (schedule->>'country' = country and schedule->>'version' = version)
);
create index fee_schedule_versions_country_from on fee_schedule_versions (country, effective_from);

-- Published schedules are a record: never changed, never deleted (a change is a new version).
create function fee_schedule_versions_append_only() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only', tg_table_name using errcode = '42501';
end;
$$;
create trigger fee_schedule_versions_no_change before update or delete or truncate on fee_schedule_versions
  for each statement execute function fee_schedule_versions_append_only();
