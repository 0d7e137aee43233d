-- Identity: advisors and invitations, clients, sessions, codes, uploads, KYC, audit.

create table advisors (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  created_at timestamptz not null default now()
);

create table invitation_codes (
  code text primary key,
  advisor_id uuid not null references advisors(id),
  active boolean not null default true,
  uses integer not null default 0,
  created_at timestamptz not null default now()
);

create table clients (
  id bigint generated always as identity (start with 10000001) primary key,
  mobile text not null unique check (mobile ~ '^[0-9]{9,15}$'),
  country text not null default 'ZA',
  password_hash text not null,
  pin_hash text,
  pin_failed_attempts integer not null default 0,
  name text,
  email text,
  avatar_upload_id uuid,
  kyc_status text not null default 'unverified'
    check (kyc_status in ('unverified', 'pending', 'approved', 'rejected')),
  kyc_reason text,
  vip integer not null default 0,
  score integer not null default 0,
  order_num integer not null default 0,
  allow_compensation boolean not null default false,
  allow_bonus boolean not null default false,
  allow_loan boolean not null default false,
  service text not null default '',
  advisor_id uuid references advisors(id),
  invite_code text references invitation_codes(code),
  password_changed_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);

-- A session is one sign-in; its tokens rotate. PIN freshness belongs to the session, not a token.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  client_id bigint not null references clients(id),
  remember boolean not null default false,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  absolute_expires_at timestamptz not null,
  ended_at timestamptz,
  end_reason text,
  pin_verified_at timestamptz,
  ip text,
  user_agent text
);
create index sessions_client_idx on sessions (client_id) where ended_at is null;

create table session_tokens (
  token_hash text primary key,
  session_id uuid not null references sessions(id),
  created_at timestamptz not null default now(),
  superseded_at timestamptz
);
create index session_tokens_session_idx on session_tokens (session_id);

create table login_failures (
  id bigint generated always as identity primary key,
  username text not null,
  ip text,
  created_at timestamptz not null default now()
);
create index login_failures_username_idx on login_failures (username, created_at);

create table verification_codes (
  id bigint generated always as identity primary key,
  mobile text not null,
  purpose text not null,
  code_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index verification_codes_mobile_idx on verification_codes (mobile, purpose, created_at desc);

-- Messages we would send by SMS; with no gateway configured, operators read them here.
create table outbox (
  id bigint generated always as identity primary key,
  channel text not null,
  recipient text not null,
  body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

-- Private files: bytes live in the database so that any API process can serve them.
create table uploads (
  id uuid primary key default gen_random_uuid(),
  owner_client_id bigint not null references clients(id),
  purpose text not null,
  mime text not null,
  size_bytes integer not null,
  content bytea not null,
  created_at timestamptz not null default now()
);
create index uploads_owner_idx on uploads (owner_client_id);

alter table clients add constraint clients_avatar_fk foreign key (avatar_upload_id) references uploads(id);

create table kyc_submissions (
  id bigint generated always as identity primary key,
  client_id bigint not null references clients(id),
  full_name text not null,
  id_no text not null,
  mobile text not null,
  dob date not null,
  id_front_upload_id uuid not null references uploads(id),
  id_back_upload_id uuid references uploads(id),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  reason text,
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by text
);
create index kyc_submissions_client_idx on kyc_submissions (client_id, created_at desc);
create index kyc_submissions_status_idx on kyc_submissions (status);

create table audit_log (
  id bigint generated always as identity primary key,
  actor text not null,
  action text not null,
  subject_type text not null,
  subject_id text not null,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
create index audit_log_subject_idx on audit_log (subject_type, subject_id);
