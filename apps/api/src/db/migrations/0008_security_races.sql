-- Security pass (issue 10).
-- A rotated refresh token keeps its successor sealed with a key only the old token's holder can
-- derive, so a second refresh inside the grace window receives that same successor instead of
-- forking the session into two token lines.
alter table session_tokens add column successor_sealed text;

-- A card number already on another client's live card is refused unless an operator approved
-- that second registration (audited); the approval names the client and the card number.
create table bank_card_shared_approvals (
  client_id bigint not null references clients (id),
  card_no text not null,
  approved_by text not null,
  reason text not null,
  created_at timestamptz not null default now(),
  primary key (client_id, card_no)
);
create index bank_cards_card_no_idx on bank_cards (card_no) where deleted_at is null;
