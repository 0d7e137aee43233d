import { z } from 'zod';
import { kycSubmissionSummary } from './kyc-review';
import { cashAccount } from './ledger';
import { assetSummary, portfolioSummary, weekProfit } from './portfolio';
import { order } from './trading';

/**
 * The client 360 of the operator console (issue 23, decision 0061): one read of everything a staff
 * member needs about a client, each part read through the module that owns it. Staff routes under
 * /ops/v1 (clients.read); ending a session (clients.sessions.end) and notes (clients.note) act.
 */

export const clientSearchQuery = z.object({
  /** A client id, or the start of a mobile or of a name (case-insensitive). */
  query: z.string().trim().min(1).max(100),
});

export const clientSearchItem = z.object({
  id: z.number().int(),
  displayName: z.string(),
  mobile: z.string(),
  kycStatus: z.string(),
  createdAt: z.string(),
});
export const clientSearchResult = z.object({ items: z.array(clientSearchItem) });
export type ClientSearchResult = z.infer<typeof clientSearchResult>;

export const client360Account = z.object({
  id: z.number().int(),
  currency: z.string(),
  /** Decimal strings in the currency's unit (packages/money formatMinor). */
  balance: z.string(),
  available: z.string(),
  held: z.string(),
});

export const client360LedgerLine = z.object({
  postingId: z.number().int(),
  accountId: z.number().int(),
  currency: z.string(),
  /** Signed, in the currency's unit: positive credits the client's account. */
  amount: z.string(),
  kind: z.string(),
  description: z.string(),
  reference: z.string(),
  at: z.string(),
});

export const client360Position = z.object({
  accountId: z.number().int(),
  product: z.string(),
  instrumentId: z.number().int(),
  offeringKey: z.number().int(),
  quantity: z.string(),
  /** What the position cost, in minor units of the account's currency (a decimal integer string). */
  costMinor: z.string(),
});

export const client360Session = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  absoluteExpiresAt: z.string(),
  remember: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

export const client360AuditEntry = z.object({
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export const clientNote = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  staffId: z.number().int(),
  body: z.string(),
  createdAt: z.string(),
});
export type ClientNote = z.infer<typeof clientNote>;
export const clientNoteBody = z.object({ body: z.string().trim().min(1).max(4000) });
export const clientNotesList = z.object({ items: z.array(clientNote) });

/** One change of a staff flag on a client (migration 0030, decision 0065): who, when, why. */
export const clientFlagEvent = z.object({
  id: z.number().int(),
  flag: z.enum(['withdrawals_blocked']),
  value: z.boolean(),
  reason: z.string(),
  staffId: z.number().int(),
  createdAt: z.string(),
});
export type ClientFlagEvent = z.infer<typeof clientFlagEvent>;

/** PUT /ops/v1/clients/:id/flags/withdrawals-blocked (clients.flags.set): set or clear, with why. */
export const withdrawalsBlockedBody = z.object({
  blocked: z.boolean(),
  reason: z.string().trim().min(1).max(500),
});
export type WithdrawalsBlockedBody = z.infer<typeof withdrawalsBlockedBody>;

/** The client's application switches (the client panel offers a trial bonus, compensation, loans). */
export const applicationSwitch = z.enum(['bonus', 'compensation', 'loan']);
export type ApplicationSwitch = z.infer<typeof applicationSwitch>;
/**
 * PUT /ops/v1/clients/:id/flags/applications (clients.flags.set): turn one switch on or off, with
 * why (kept in the client's audit trail).
 */
export const applicationSwitchBody = z.object({
  flag: applicationSwitch,
  allowed: z.boolean(),
  reason: z.string().trim().min(1).max(500),
});
export type ApplicationSwitchBody = z.infer<typeof applicationSwitchBody>;
export const applicationSwitches = z.object({
  allowBonus: z.boolean(),
  allowCompensation: z.boolean(),
  allowLoan: z.boolean(),
});
export type ApplicationSwitches = z.infer<typeof applicationSwitches>;

export const client360 = z.object({
  profile: z.object({
    id: z.number().int(),
    displayName: z.string(),
    name: z.string().nullable(),
    mobile: z.string(),
    email: z.string().nullable(),
    country: z.string(),
    vip: z.number().int(),
    score: z.number().int(),
    hasPin: z.boolean(),
    pinLocked: z.boolean(),
    inviteCode: z.string().nullable(),
    registeredAt: z.string(),
  }),
  kyc: z.object({
    status: z.string(),
    reason: z.string().nullable(),
    /** Newest first; open one with GET /ops/v1/kyc/:submissionId. */
    submissions: z.array(kycSubmissionSummary),
  }),
  accounts: z.array(client360Account),
  recentLedgerLines: z.array(client360LedgerLine),
  orders: z.object({
    holding: z.array(order),
    awaiting: z.array(order),
    /** The most recent closed or rejected orders. */
    recentHistory: z.array(order),
  }),
  positions: z.array(client360Position),
  sessions: z.array(client360Session),
  /**
   * The client's switches (spec section 3) and the staff block on withdrawals (decision 0065), with
   * the history of who set or cleared the block and why, newest first.
   */
  flags: z.object({
    allowBonus: z.boolean(),
    allowCompensation: z.boolean(),
    allowLoan: z.boolean(),
    withdrawalsBlocked: z.boolean(),
    history: z.array(clientFlagEvent),
  }),
  auditTrail: z.array(client360AuditEntry),
  notes: z.array(clientNote),
});
export type Client360 = z.infer<typeof client360>;

/**
 * GET /ops/v1/clients/:id/dashboard (clients.view_as, decision 0065): a read-only "view as client"
 * of the client's Dashboard. Each figure is the client's own response schema, computed by the same
 * service the client's route calls (portfolio, asset, week profit, accounts), so staff see exactly
 * what the client sees. Every view is appended to the audit chain.
 */
export const clientDashboardView = z.object({
  client: z.object({ id: z.number().int(), displayName: z.string(), country: z.string() }),
  /** GET /api/stat/app/v1/portfolio (the total, no account_id). */
  portfolio: portfolioSummary,
  /** GET /api/stat/app/v1/asset. */
  assets: assetSummary,
  /** GET /api/stat/app/v1/week_profit. */
  weekProfit,
  /** GET /api/account/app/v1. */
  accounts: z.array(cashAccount),
  /** Orders as the Dashboard's glance lists them (holding and awaiting). */
  orders: z.object({ holding: z.array(order), awaiting: z.array(order) }),
  /** When the view was taken (the audit entry's time). */
  viewedAt: z.string(),
});
export type ClientDashboardView = z.infer<typeof clientDashboardView>;
