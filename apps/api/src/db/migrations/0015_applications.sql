-- Applications (issue 14; docs/decisions/0035-applications.md): a trial bonus, a compensation
-- claim and a loan, each behind its client flag (clients.allow_bonus / allow_compensation /
-- allow_loan, migration 0001). Money moves only through postEntry, and every entry an application
-- posts is listed in application_entries, so `ledger check` can prove the house accounts of
-- bonuses, compensation and loans against the applications.

-- 1. Compensation is paid from a house account of its own (an expense of Imali), in every ledger
--    currency. As in 0014, the purpose check is extended, not rewritten: other migrations may add
--    purposes too.
do $$
declare def text;
begin
  select pg_get_constraintdef(c.oid) into def
  from pg_constraint c
  where c.conrelid = 'accounts'::regclass and c.conname = 'accounts_purpose_check';
  if position('''compensation''' in def) = 0 then
    execute 'alter table accounts drop constraint accounts_purpose_check';
    execute 'alter table accounts add constraint accounts_purpose_check '
      || replace(def, 'ARRAY[', 'ARRAY[''compensation''::text, ');
  end if;
end $$;
insert into accounts (kind, purpose, currency)
select 'house', 'compensation', c
from unnest(array['ZAR', 'USD', 'EUR', 'GBP', 'INR']) as c
on conflict do nothing;

-- 2. One row per application. `amount_minor` is the bonus granted, the compensation claimed or the
--    loan principal, in the currency of `account_id` (the client's cash account it is paid into).
--    A trial bonus is credited when accepted (status active) and reclaimed at expiry or when an
--    operator forfeits it; `reclaimed_minor` grows as it is taken back (all at once when the cash is
--    there, else as it becomes available). amount − reclaimed of a trial is not withdrawable.
create table applications (
  id bigint generated always as identity primary key,
  reference text not null unique,
  client_id bigint not null references clients(id),
  type text not null check (type in ('trial', 'compensation', 'loan')),
  status text not null,
  account_id bigint not null references accounts(id),
  currency text not null check (currency in ('ZAR', 'USD', 'EUR', 'GBP', 'INR')),
  amount_minor bigint not null check (amount_minor > 0),
  reason text not null default '',
  related_reference text,
  -- trial: the terms as accepted, when they expire, how much has been taken back
  terms jsonb,
  expires_at timestamptz,
  reclaimed_minor bigint not null default 0,
  -- loan: the quote shown before submitting, kept as shown
  term_months integer check (term_months between 1 and 120),
  annual_rate_bp integer check (annual_rate_bp >= 0),
  instalment_minor bigint check (instalment_minor > 0),
  total_repayable_minor bigint check (total_repayable_minor > 0),
  monthly_income_minor bigint check (monthly_income_minor >= 0),
  monthly_expenses_minor bigint check (monthly_expenses_minor >= 0),
  decision_reason text,
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by text,
  constraint applications_status_by_type check (
    (type = 'trial' and status in ('active', 'expired', 'forfeited'))
    or (type <> 'trial' and status in ('pending', 'approved', 'rejected'))
  ),
  constraint applications_reclaimed check (
    reclaimed_minor >= 0 and reclaimed_minor <= amount_minor and (type = 'trial' or reclaimed_minor = 0)
  ),
  constraint applications_trial_terms check (type <> 'trial' or (terms is not null and expires_at is not null)),
  constraint applications_loan_terms check (
    type <> 'loan' or (term_months is not null and annual_rate_bp is not null and instalment_minor is not null
      and total_repayable_minor is not null and monthly_income_minor is not null
      and monthly_expenses_minor is not null)
  ),
  constraint applications_rejected_reason check (status <> 'rejected' or coalesce(decision_reason, '') <> ''),
  constraint applications_decided check ((status in ('pending', 'active')) = (decided_at is null))
);
-- One trial bonus per client, ever.
create unique index applications_one_trial_idx on applications (client_id) where type = 'trial';
create index applications_client_idx on applications (client_id, created_at desc, id desc);
create index applications_pending_idx on applications (created_at) where status = 'pending';
-- Bonus still in an account (not withdrawable) and trials the expiry job has work on.
create index applications_bonus_outstanding_idx on applications (account_id)
  where type = 'trial' and reclaimed_minor < amount_minor;
create index applications_trial_due_idx on applications (expires_at)
  where type = 'trial' and reclaimed_minor < amount_minor;

-- 3. Evidence of a compensation claim: uploads of the claimant (the KYC upload rules). The
--    uploads.orphans job keeps a file referenced here.
create table application_evidence (
  application_id bigint not null references applications(id),
  upload_id uuid not null references uploads(id),
  primary key (application_id, upload_id)
);

-- 4. Every entry an application posted, and what it did to the client's account: a bonus
--    credited (+) or reclaimed (−), compensation credited (+), a loan disbursed (+).
create table application_entries (
  entry_id bigint primary key references journal_entries(id),
  application_id bigint not null references applications(id),
  kind text not null check (kind in ('bonus_credit', 'bonus_reclaim', 'compensation_credit', 'loan_disbursement')),
  amount_minor bigint not null check (amount_minor > 0),
  created_at timestamptz not null default now()
);
create index application_entries_application_idx on application_entries (application_id);

-- 5. An approved loan's repayment schedule, fixed at approval (annuity: equal instalments, the
--    last one absorbing rounding; see modules/applications/loan-terms.ts).
create table loan_instalments (
  application_id bigint not null references applications(id),
  seq integer not null check (seq >= 1),
  due_on date not null,
  instalment_minor bigint not null check (instalment_minor > 0),
  principal_minor bigint not null check (principal_minor >= 0),
  interest_minor bigint not null check (interest_minor >= 0),
  balance_after_minor bigint not null check (balance_after_minor >= 0),
  primary key (application_id, seq),
  check (instalment_minor = principal_minor + interest_minor)
);
