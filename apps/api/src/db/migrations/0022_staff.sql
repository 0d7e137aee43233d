-- Staff identity for the operator console (issue 23, decision 0057). Owned by the staff module.
-- Staff are not clients: their own table, their own sessions (a cookie on the ops origin, never a
-- client bearer token), their own roles. Passwords are argon2id; the TOTP secret is sealed at rest
-- (AES-256-GCM under the server's staff key), so a copy of the database alone cannot mint codes.

create table staff_users (
  id bigint generated always as identity (start with 9001) primary key,
  email text not null unique check (email = lower(email) and length(email) between 3 and 254),
  display_name text not null check (length(display_name) between 1 and 100),
  password_hash text not null,
  totp_secret_sealed text not null,
  -- The last TOTP time step accepted for this user: a code is accepted once (no replay), and only
  -- for a later step than the last one used.
  totp_last_step bigint not null default 0,
  roles text[] not null default '{}' check (
    roles <@ array['support', 'kyc_reviewer', 'payments_maker', 'payments_checker', 'product_ops',
                   'treasury', 'auditor', 'staff_admin']::text[]
  ),
  failed_logins integer not null default 0 check (failed_logins >= 0),
  locked_until timestamptz,
  disabled_at timestamptz,
  created_at timestamptz not null,
  created_by bigint references staff_users(id)
);

create table staff_sessions (
  id uuid primary key default gen_random_uuid(),
  -- SHA-256 of the cookie's token: the database never holds a usable session.
  token_hash text not null unique,
  staff_id bigint not null references staff_users(id),
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  absolute_expires_at timestamptz not null,
  ended_at timestamptz,
  end_reason text,
  ip text,
  user_agent text
);
create index staff_sessions_staff_idx on staff_sessions (staff_id) where ended_at is null;

-- The request the last accepted step-up code was spent on (SHA-256 of method, path and canonical
-- body): kept beside `totp_last_step`, which the same conditional UPDATE advances.
alter table staff_users add column totp_last_request_hash text;

-- The first staff admin is created by `ops staff bootstrap` while no staff user exists. The insert
-- checks that no row exists; this index makes two bootstraps racing past that check collide, so
-- there is exactly one bootstrapped user, ever.
alter table staff_users add column bootstrap boolean not null default false;
create unique index staff_users_one_bootstrap on staff_users (bootstrap) where bootstrap;
