-- Identity, second step: when the password was last re-entered on a session (Set PIN needs a
-- recent one), and a faster lookup of the last message sent to a number (ops `code show`).

alter table sessions add column password_verified_at timestamptz;

create index outbox_recipient_idx on outbox (recipient, created_at desc);
create index invitation_codes_advisor_idx on invitation_codes (advisor_id);
