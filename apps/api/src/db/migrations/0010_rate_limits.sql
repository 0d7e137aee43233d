-- Per-IP rate limits shared by every API process (issue 11): one counter per route and client
-- IP, counted in one upsert, so N processes behind a proxy enforce one limit, not N.
-- (With REDIS_URL set the counters live in Redis instead.)
create table rate_limit_counters (
  key text primary key,
  hits integer not null,
  window_ends_at timestamptz not null
);
create index rate_limit_counters_window_idx on rate_limit_counters (window_ends_at);
