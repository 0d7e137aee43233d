-- The system principal (issue 23, decision 0064): the maker of the approval requests that the
-- scheduled jobs open (a NAV strike, a structured product's start or maturity), so the policy in
-- force decides an automatic run as it decides a staff user's (0 checkers: done at once; else a
-- human checker approves it in the inbox). Owned by the staff module (the row) and the approvals
-- module (the decisions' guard).
--
-- It is a staff_users row because approval_requests.maker_staff_id and audit_log.staff_id
-- reference staff_users; it is never a person: a fixed id below the identity's start (9001), no
-- roles, disabled, and a password hash and sealed TOTP secret that are not hashes or secrets at
-- all ('!': argon2 verification of it fails, so no password signs it in, and no code is ever
-- checked). The checks keep it so: no role can be given to it and it cannot be enabled.
alter table staff_users add column system boolean not null default false;

insert into staff_users (id, email, display_name, password_hash, totp_secret_sealed, roles,
                         disabled_at, created_at, system)
  overriding system value
  values (9000, 'system', 'System (scheduled jobs)', '!', '!', '{}', now(), now(), true);

alter table staff_users add constraint staff_users_system_is_9000 check (system = (id = 9000));
alter table staff_users add constraint staff_users_system_never_signs_in check (
  not system or (roles = '{}' and disabled_at is not null and password_hash = '!' and totp_secret_sealed = '!')
);

-- The system user asks; it never decides (approves or rejects) a request, whoever made it. With
-- approval_decisions_maker_is_not_checker (0023) its own requests always need a human checker.
alter table approval_decisions add constraint approval_decisions_checker_is_not_system
  check (checker_staff_id <> 9000);
