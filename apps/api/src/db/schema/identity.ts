import {
  bigint,
  boolean,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { COST_BASIS_METHODS } from '@imali/contract';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const advisors = pgTable('advisors', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const invitationCodes = pgTable('invitation_codes', {
  code: text('code').primaryKey(),
  advisorId: uuid('advisor_id').notNull(),
  active: boolean('active').notNull().default(true),
  uses: integer('uses').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const clients = pgTable('clients', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  mobile: text('mobile').notNull().unique(),
  country: text('country').notNull().default('ZA'),
  passwordHash: text('password_hash').notNull(),
  pinHash: text('pin_hash'),
  pinFailedAttempts: integer('pin_failed_attempts').notNull().default(0),
  name: text('name'),
  email: text('email'),
  avatarUploadId: uuid('avatar_upload_id'),
  kycStatus: text('kyc_status', { enum: ['unverified', 'pending', 'approved', 'rejected'] })
    .notNull()
    .default('unverified'),
  kycReason: text('kyc_reason'),
  vip: integer('vip').notNull().default(0),
  score: integer('score').notNull().default(0),
  orderNum: integer('order_num').notNull().default(0),
  allowCompensation: boolean('allow_compensation').notNull().default(false),
  allowBonus: boolean('allow_bonus').notNull().default(false),
  allowLoan: boolean('allow_loan').notNull().default(false),
  /** Set by staff (migration 0030, decision 0065): withdrawal requests refused, payouts not paid. */
  withdrawalsBlocked: boolean('withdrawals_blocked').notNull().default(false),
  /** How a sale's cost is found for positions opened from now on (migration 0017). */
  costBasisMethod: text('cost_basis_method', { enum: COST_BASIS_METHODS }).notNull().default('average'),
  service: text('service').notNull().default(''),
  advisorId: uuid('advisor_id'),
  inviteCode: text('invite_code'),
  passwordChangedAt: ts('password_changed_at').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  clientId: bigint('client_id', { mode: 'number' }).notNull(),
  remember: boolean('remember').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  absoluteExpiresAt: ts('absolute_expires_at').notNull(),
  endedAt: ts('ended_at'),
  endReason: text('end_reason'),
  pinVerifiedAt: ts('pin_verified_at'),
  /** Set by pwd_verify (migration 0004): Set PIN needs a recent one on the same session. */
  passwordVerifiedAt: ts('password_verified_at'),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

export const sessionTokens = pgTable('session_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: uuid('session_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  supersededAt: ts('superseded_at'),
  /** The successor token, sealed with a key derived from this token (migration 0008). */
  successorSealed: text('successor_sealed'),
});

export const loginFailures = pgTable('login_failures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull(),
  ip: text('ip'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const verificationCodes = pgTable('verification_codes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  mobile: text('mobile').notNull(),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
});

export const outbox = pgTable('outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
});

export const uploads = pgTable('uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerClientId: bigint('owner_client_id', { mode: 'number' }).notNull(),
  purpose: text('purpose').notNull(),
  mime: text('mime').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  content: bytea('content').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const kycSubmissions = pgTable('kyc_submissions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  clientId: bigint('client_id', { mode: 'number' }).notNull(),
  fullName: text('full_name').notNull(),
  idNo: text('id_no').notNull(),
  mobile: text('mobile').notNull(),
  dob: date('dob', { mode: 'string' }).notNull(),
  idFrontUploadId: uuid('id_front_upload_id').notNull(),
  idBackUploadId: uuid('id_back_upload_id'),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  reason: text('reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
  decidedBy: text('decided_by'),
  /** Set when the decision asked for a new image of one document (migration 0025, decision 0061). */
  requestedDocument: text('requested_document', { enum: ['id_front', 'id_back'] }),
});

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  subjectType: text('subject_type').notNull(),
  subjectId: text('subject_id').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: ts('created_at').notNull().defaultNow(),
  // The hash chain (migration 0021, decision 0056): the order of appending without gaps, the
  // previous row's hash, and this row's (modules/audit/audit-chain.ts says what is hashed).
  seq: bigint('seq', { mode: 'number' }).notNull(),
  prevHash: text('prev_hash').notNull(),
  rowHash: text('row_hash').notNull(),
  // The authenticated staff user who acted (migration 0026); hashed only when not null.
  staffId: bigint('staff_id', { mode: 'number' }),
});

/**
 * The audit chain's head (migration 0021): one row, the last appended `seq` and `row_hash`.
 * Appends lock it FOR UPDATE, so they chain one after another; only audit_log's insert trigger
 * moves it.
 */
export const auditChainHead = pgTable('audit_chain_head', {
  one: boolean('one').primaryKey().default(true),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  rowHash: text('row_hash').notNull(),
});

/** Per-IP rate-limit counters shared by every API process (migration 0010). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: ts('window_ends_at').notNull(),
});

// Staff of the operator console (migration 0022, issue 23): owned by the staff module.
export const staffUsers = pgTable('staff_users', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  displayName: text('display_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  totpSecretSealed: text('totp_secret_sealed').notNull(),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
  totpLastRequestHash: text('totp_last_request_hash'),
  bootstrap: boolean('bootstrap').notNull().default(false),
  roles: text('roles').array().notNull().default([]),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdBy: bigint('created_by', { mode: 'number' }),
});

export const staffSessions = pgTable('staff_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull(),
  staffId: bigint('staff_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  endReason: text('end_reason'),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

/** A staff user's passkeys (migration 0032, decision 0066): owned by the staff module. */
export const staffPasskeys = pgTable('staff_passkeys', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  staffUserId: bigint('staff_user_id', { mode: 'number' }).notNull(),
  credentialId: text('credential_id').notNull(),
  publicKey: bytea('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').array().notNull().default([]),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull(),
  lastUsedAt: ts('last_used_at'),
});

/** One-time WebAuthn challenges (migration 0032): spent by one conditional DELETE … RETURNING. */
export const staffWebauthnChallenges = pgTable('staff_webauthn_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  challenge: text('challenge').notNull(),
  purpose: text('purpose', { enum: ['register', 'login', 'step_up'] }).notNull(),
  staffUserId: bigint('staff_user_id', { mode: 'number' }),
  requestHash: text('request_hash'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** Who set or cleared a client flag and why (migration 0030, decision 0065): client module, append-only. */
export const clientFlagEvents = pgTable('client_flag_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  clientId: bigint('client_id', { mode: 'number' }).notNull(),
  flag: text('flag', { enum: ['withdrawals_blocked'] }).notNull(),
  value: boolean('value').notNull(),
  reason: text('reason').notNull(),
  staffId: bigint('staff_id', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull(),
});

/** Staff notes on a client (migration 0025, decision 0061): owned by the client module, append-only. */
export const clientNotes = pgTable('client_notes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  clientId: bigint('client_id', { mode: 'number' }).notNull(),
  staffId: bigint('staff_id', { mode: 'number' }).notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull(),
});
