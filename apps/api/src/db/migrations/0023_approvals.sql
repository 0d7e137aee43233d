-- Four-eyes approvals as data (issue 23, decision 0058). Owned by the approvals module.
--
-- approval_policies: amount tiers per action, versioned, with effective dates. The policy in force
-- for an action and an amount is, among the rows of the action's latest version whose
-- effective_from has come, the one of the amount's currency (else the currency-less one) with the
-- highest min_amount_minor <= amount. A change is a whole new version, itself approved
-- (action 'policy.change').
create table approval_policies (
  id bigint generated always as identity primary key,
  action text not null check (action ~ '^[a-z_]+(\.[a-z_]+)+$'),
  -- null: any currency not listed for this version, and actions without an amount.
  currency text check (currency ~ '^[A-Z]{3}$'),
  min_amount_minor bigint not null default 0 check (min_amount_minor >= 0),
  checkers_required smallint not null check (checkers_required between 0 and 2),
  checker_permission text not null check (checker_permission ~ '^[a-z_]+(\.[a-z_]+)+$'),
  effective_from timestamptz not null,
  version integer not null check (version >= 1),
  -- null: seeded by this migration; otherwise the staff user who made / approved the change.
  created_by bigint references staff_users(id),
  approved_by bigint references staff_users(id),
  created_at timestamptz not null default now(),
  -- A manual ledger adjustment and a policy change always need a second pair of eyes, whatever a
  -- later policy says.
  check (action not in ('ledger.adjust', 'policy.change') or checkers_required >= 1),
  unique nulls not distinct (action, version, currency, min_amount_minor)
);
create index approval_policies_action_idx on approval_policies (action, version);

-- The default tiers (version 1, in force from the start). R50,000.00 = 5,000,000 cents: "over
-- R50,000" starts at 5,000,001; "over R1,000,000" at 100,000,001. A currency with no tiers of its
-- own gets the currency-less row: one checker, whatever the amount (fail closed).
insert into approval_policies (action, currency, min_amount_minor, checkers_required, checker_permission, effective_from, version)
select a.action, t.currency, t.min_amount_minor, greatest(t.checkers_required, a.floor), 'payouts.approve',
       '2000-01-01T00:00:00Z', 1
  from (values ('withdrawal.pay', 0), ('compensation.payout', 0), ('loan.payout', 0), ('ledger.adjust', 1))
       as a(action, floor)
 cross join (values ('ZAR', 0::bigint, 0), ('ZAR', 5000001, 1), ('ZAR', 100000001, 2), (null, 0, 1))
       as t(currency, min_amount_minor, checkers_required);

insert into approval_policies (action, currency, min_amount_minor, checkers_required, checker_permission, effective_from, version)
select action, null, 0, 1, permission, '2000-01-01T00:00:00Z', 1
  from (values ('ipo.allot', 'products.approve'),
               ('fund.nav_strike', 'products.approve'),
               ('quant.start', 'products.approve'),
               ('quant.mature', 'products.approve'),
               ('offering.settle', 'products.approve'),
               ('fx.rate_publish', 'treasury.approve'),
               ('fees.change', 'treasury.approve'),
               ('limits.change', 'treasury.approve'),
               ('policy.change', 'treasury.approve')) as a(action, permission);

-- One request for one action on one item, waiting for its checkers.
create table approval_requests (
  id bigint generated always as identity (start with 7001) primary key,
  action text not null,
  -- What the request is about, e.g. 'withdrawal:123': at most one pending request per item.
  item_key text not null check (length(item_key) between 1 and 200),
  -- The payload as RFC 8785 canonical JSON, and the SHA-256 (hex) of that text: what the checker
  -- approves is exactly what executes.
  payload jsonb not null,
  payload_hash text not null check (payload_hash ~ '^[0-9a-f]{64}$'),
  amount_minor bigint check (amount_minor >= 0),
  currency text check (currency ~ '^[A-Z]{3}$'),
  maker_staff_id bigint not null references staff_users(id),
  policy_id bigint not null references approval_policies(id),
  policy_version integer not null,
  checkers_required smallint not null check (checkers_required between 1 and 2),
  checker_permission text not null,
  status text not null default 'pending'
    check (status in ('pending', 'approved', 'rejected', 'expired', 'cancelled')),
  created_at timestamptz not null,
  expires_at timestamptz not null check (expires_at > created_at),
  decided_at timestamptz,
  executed_at timestamptz,
  outcome jsonb,
  -- Approved means executed: the approval is consumed in the transaction that executes it.
  check ((status = 'approved') = (executed_at is not null)),
  check ((status = 'pending') = (decided_at is null)),
  -- The target of approval_decisions' composite key, so a decision's copied maker is the request's.
  unique (id, maker_staff_id)
);
create unique index approval_requests_one_pending on approval_requests (action, item_key)
  where status = 'pending';
create index approval_requests_pending_idx on approval_requests (created_at) where status = 'pending';

-- Each checker's decision on a request. maker <> checker is enforced here, by the database: the
-- maker is copied from the request (the composite foreign key makes the copy true).
create table approval_decisions (
  id bigint generated always as identity primary key,
  request_id bigint not null,
  maker_staff_id bigint not null,
  checker_staff_id bigint not null references staff_users(id),
  decision text not null check (decision in ('approve', 'reject')),
  reason text check (reason is null or length(reason) between 1 and 500),
  decided_at timestamptz not null,
  -- The hash of the HTTP request the checker's step-up code was bound to (decision 0057): null
  -- only for a decision made without one (a service call in a test or a local command).
  step_up_hash text check (step_up_hash ~ '^[0-9a-f]{64}$'),
  foreign key (request_id, maker_staff_id) references approval_requests (id, maker_staff_id),
  constraint approval_decisions_maker_is_not_checker check (checker_staff_id <> maker_staff_id),
  check (decision = 'approve' or reason is not null),
  unique (request_id, checker_staff_id)
);

-- Decisions are a record: never changed, never deleted.
create function approval_decisions_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'approval_decisions is append-only' using errcode = '42501';
end;
$$;
create trigger approval_decisions_no_change before update or delete or truncate on approval_decisions
  for each statement execute function approval_decisions_append_only();

-- The withdrawals module's part of the payout path: the bank's reference of the payment sent,
-- kept on the withdrawal when it is marked paid (null for those paid before issue 23).
alter table withdrawals add column payment_reference text check (length(payment_reference) between 1 and 100);
