-- Bank-statement reconciliation of EFT deposits (issue 23, decision 0059). Owned by the
-- reconciliation module. A statement is the bank's CSV export of the client trust account,
-- imported whole or not at all; each line of it is kept as the bank printed it. A credit line is
-- confirmed against one pending deposit at most, and a deposit is confirmed by one line at most:
-- the deposit is credited through the deposits module (one ledger entry) in the same transaction.

create table bank_statements (
  id bigint generated always as identity primary key,
  -- SHA-256 of the file's bytes: the same file imported twice is refused.
  file_sha256 text not null unique check (file_sha256 ~ '^[0-9a-f]{64}$'),
  file_name text check (length(file_name) <= 200),
  currency text not null check (currency in ('ZAR', 'USD', 'EUR', 'GBP', 'INR')),
  line_count integer not null check (line_count > 0),
  credit_total_minor bigint not null check (credit_total_minor >= 0),
  debit_total_minor bigint not null check (debit_total_minor <= 0),
  first_date date not null,
  last_date date not null check (last_date >= first_date),
  imported_at timestamptz not null,
  -- The audit actor ('staff:<id>'), and the staff user when one imported it.
  imported_by text not null,
  imported_by_staff_id bigint references staff_users(id)
);
create index bank_statements_imported_idx on bank_statements (imported_at desc, id desc);

create table bank_statement_lines (
  id bigint generated always as identity primary key,
  statement_id bigint not null references bank_statements(id),
  -- The line's number in the file (the header is line 1), as the import's errors name it.
  line_no integer not null check (line_no >= 2),
  posted_on date not null,
  description text not null,
  reference text not null,
  -- Signed: a credit (money in) is positive, a debit negative; never zero.
  amount_minor bigint not null check (amount_minor <> 0),
  balance_minor bigint not null,
  -- The bank line's identity across statements: SHA-256 of date|reference|amount|balance. A line
  -- already imported in an earlier statement is kept, flagged as a duplicate of that line, and is
  -- never confirmed.
  bank_line_key text not null check (bank_line_key ~ '^[0-9a-f]{64}$'),
  duplicate_of_line_id bigint references bank_statement_lines(id),
  status text not null default 'open' check (status in ('open', 'confirmed', 'duplicate')),
  deposit_id bigint references deposits(id),
  confirmed_at timestamptz,
  confirmed_by text,
  unique (statement_id, line_no),
  constraint bank_statement_lines_duplicate check ((status = 'duplicate') = (duplicate_of_line_id is not null)),
  constraint bank_statement_lines_confirmed check (
    (status = 'confirmed') = (deposit_id is not null)
    and (status = 'confirmed') = (confirmed_at is not null)
    and (status = 'confirmed') = (confirmed_by is not null)
  ),
  constraint bank_statement_lines_confirmed_credit check (status <> 'confirmed' or amount_minor > 0)
);
-- A deposit is credited by one bank line at most (the service refuses first; this is the floor).
create unique index bank_statement_lines_deposit_once on bank_statement_lines (deposit_id)
  where deposit_id is not null;
-- One original per bank line: every repeat is a flagged duplicate.
create unique index bank_statement_lines_key_once on bank_statement_lines (bank_line_key)
  where duplicate_of_line_id is null;
create index bank_statement_lines_statement_idx on bank_statement_lines (statement_id, line_no);
