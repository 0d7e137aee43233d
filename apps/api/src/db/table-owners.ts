/**
 * Which module owns each table (decision 0047): only the owner's repository writes it; every other
 * module calls the owner's service. table-owners.test.ts reads the code and fails on any other
 * writer, so a second writer is a change to this file (or to the test's short list of exceptions),
 * seen in review, never an accident.
 *
 * Keys are the SQL names. Owners are folders under src/modules, except rate_limit_counters
 * (src/plugins/rate-limit-store.ts, below every module). Some tables are kept by SQL triggers of a
 * migration, not by TypeScript: their owner is the module whose rules the trigger carries.
 */
export const TABLE_OWNERS = {
  // identity
  advisors: 'invite',
  invitation_codes: 'invite',
  clients: 'client',
  sessions: 'session',
  session_tokens: 'session',
  login_failures: 'auth',
  verification_codes: 'auth',
  outbox: 'outbox',
  uploads: 'uploads',
  kyc_submissions: 'kyc',
  audit_log: 'audit',
  audit_chain_head: 'audit',
  rate_limit_counters: 'plugins/rate-limit-store',
  // staff of the operator console (issue 23, decision 0057)
  staff_users: 'staff',
  staff_sessions: 'staff',
  // staff passkeys and their one-time WebAuthn challenges (decision 0066)
  staff_passkeys: 'staff',
  staff_webauthn_challenges: 'staff',
  // staff notes on a client (issue 23, decision 0061): append-only
  client_notes: 'client',
  client_flag_events: 'client',
  // four-eyes approvals (issue 23, decision 0058): policies change only through an approval
  approval_policies: 'approvals',
  approval_requests: 'approvals',
  approval_decisions: 'approvals',
  // policies and client money limits as approved data (decision 0063)
  approval_policy_versions: 'approvals',
  money_limit_versions: 'limits',
  money_limits: 'limits',
  fee_schedule_versions: 'fees',
  // ledger and cash
  accounts: 'ledger',
  journal_entries: 'ledger',
  postings: 'ledger',
  idempotency_keys: 'ledger',
  holds: 'ledger',
  bank_cards: 'bankcards',
  bank_card_shared_approvals: 'bankcards',
  deposits: 'deposits',
  // Bank statements and their lines, matched to deposits (issue 23, decision 0059).
  bank_statements: 'reconciliation',
  bank_statement_lines: 'reconciliation',
  withdrawals: 'withdrawals',
  exchange_rates: 'fx',
  transfers: 'fx',
  // market
  instruments: 'market',
  market_settings: 'market',
  watchlist_items: 'market',
  news_articles: 'market',
  // Declared closures and early closes (decision 0055): ops commands through market's exchange-calendar.ts.
  exchange_closures: 'market',
  // trading: every order and movement goes through orders, every offering through offerings
  offerings: 'offerings',
  quotes: 'quotes',
  orders: 'orders',
  position_movements: 'orders',
  ipo_terms: 'ipo',
  ipo_applications: 'ipo',
  fund_terms: 'funds',
  fund_navs: 'funds',
  fund_orders: 'funds',
  structured_products: 'quant',
  applications: 'applications',
  application_evidence: 'applications',
  application_entries: 'applications',
  loan_instalments: 'applications',
  // portfolio: positions and stats are kept by the position_movements and order-status triggers
  // (migrations 0016, 0017, 0019), adding the figures each movement carries; the daily rows by the
  // snapshot job through portfolio's service.
  portfolio_positions: 'portfolio',
  portfolio_stats: 'portfolio',
  portfolio_daily: 'portfolio',
  // FIFO lots: a buy's lot is opened by the position_movements trigger (migrations 0017, 0019); a
  // sale consumes lots in cost-basis.repository (relieveSale, called by orders.service's
  // insertPositionMovement under the position's lock).
  cost_lots: 'cost-basis',
} as const;

export type TableName = keyof typeof TABLE_OWNERS;
export type TableOwner = (typeof TABLE_OWNERS)[TableName];
