-- Staff passkeys (issue 23, decision 0066; owner: staff). A passkey (WebAuthn credential) is an
-- option beside the TOTP code: at sign-in after the password, and for step-up. The TOTP secret
-- stays; a passkey never replaces it.

create table staff_passkeys (
  id bigint generated always as identity primary key,
  staff_user_id bigint not null references staff_users(id),
  -- The credential's id as the browser gives it (base64url): one credential, one staff user.
  credential_id text not null unique check (length(credential_id) between 16 and 1400),
  -- The COSE public key the authenticator registered: a public key, nothing to seal.
  public_key bytea not null,
  -- The authenticator's signature counter (0 for those that keep none): a lower one than stored
  -- means a cloned authenticator, and the assertion is refused.
  counter bigint not null default 0 check (counter >= 0),
  transports text[] not null default '{}',
  name text not null check (length(name) between 1 and 60),
  created_at timestamptz not null,
  last_used_at timestamptz
);
create index staff_passkeys_staff_idx on staff_passkeys (staff_user_id);

-- One-time WebAuthn challenges. Each is issued for one purpose and one staff user (for `login`,
-- the user of the email of that pending sign-in; none when the email is unknown, so it can never
-- be used) and, for `step_up`, the hash of the exact request it authorises (request-hash.ts). It
-- lives 5 minutes at most and is spent by one conditional DELETE … RETURNING: a replay, or a
-- second use racing the first, finds no row.
create table staff_webauthn_challenges (
  id uuid primary key default gen_random_uuid(),
  challenge text not null unique,
  purpose text not null check (purpose in ('register', 'login', 'step_up')),
  staff_user_id bigint references staff_users(id),
  request_hash text check (request_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  check ((purpose = 'step_up') = (request_hash is not null)),
  check (purpose = 'login' or staff_user_id is not null),
  check (expires_at > created_at and expires_at <= created_at + interval '5 minutes')
);
create index staff_webauthn_challenges_expiry on staff_webauthn_challenges (expires_at);
