import { ErrorCode, Messages } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { newOpaqueToken, openWith, sealWith, sha256Hex } from '../../lib/crypto';
import { DomainError } from '../../plugins/errors';
import * as repo from './session.repository';

export interface Principal {
  clientId: number;
  /** The client's profile columns as read with the session, at the start of this request. */
  client: repo.AuthRow['client'];
  sessionId: string;
  pinVerifiedAt: Date | null;
  /** When the password was last re-entered on this session (pwd_verify); Set PIN needs it fresh. */
  passwordVerifiedAt: Date | null;
  absoluteExpiresAt: Date;
  remember: boolean;
}

const expired = (message: string = Messages.sessionExpired) =>
  new DomainError(ErrorCode.SessionExpired, message, 401);

// Writing last_seen_at on every request would make each read a write; a minute is fine-grained
// enough for a 30-minute idle limit.
const TOUCH_EVERY_MS = 60_000;

export async function startSession(
  ctx: AppContext,
  input: { clientId: number; remember: boolean; ip?: string; userAgent?: string },
) {
  const now = ctx.securityClock.now();
  const ttlHours = input.remember ? ctx.config.SESSION_REMEMBER_TTL_HOURS : ctx.config.SESSION_TTL_HOURS;
  const token = newOpaqueToken();
  const session = await repo.insertSession(
    ctx.db,
    {
      clientId: input.clientId,
      remember: input.remember,
      createdAt: now,
      lastSeenAt: now,
      absoluteExpiresAt: new Date(now.getTime() + ttlHours * 3_600_000),
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    },
    sha256Hex(token),
  );
  return { token, session };
}

/**
 * Resolves a bearer token to its session. A superseded token still works inside the grace window
 * (parallel tabs, requests in flight during a refresh); presented after it, it is treated as
 * stolen and the whole session is ended.
 */
export async function authenticate(ctx: AppContext, token: string | undefined): Promise<Principal> {
  if (!token) throw new DomainError(ErrorCode.Unauthenticated, Messages.sessionExpired, 401);
  const now = ctx.securityClock.now();
  const session = await repo.findByTokenHash(ctx.db, sha256Hex(token));
  if (!session) throw expired();
  if (session.endedAt) throw expired();
  if (session.absoluteExpiresAt <= now) {
    await repo.endSession(ctx.db, session.sessionId, 'expired', now);
    throw expired();
  }
  if (now.getTime() - session.lastSeenAt.getTime() > ctx.config.SESSION_IDLE_MINUTES * 60_000) {
    await repo.endSession(ctx.db, session.sessionId, 'idle', now);
    throw expired();
  }
  if (
    session.supersededAt &&
    now.getTime() - session.supersededAt.getTime() > ctx.config.REFRESH_GRACE_SECONDS * 1000
  ) {
    await repo.endSession(ctx.db, session.sessionId, 'token_reuse', now);
    throw expired();
  }
  // At most one write a minute per session, never one per request (decision 0038).
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await repo.touchSession(ctx.db, session.sessionId, now);
  }
  return {
    clientId: session.clientId,
    client: session.client,
    sessionId: session.sessionId,
    pinVerifiedAt: session.pinVerifiedAt,
    passwordVerifiedAt: session.passwordVerifiedAt,
    absoluteExpiresAt: session.absoluteExpiresAt,
    remember: session.remember,
  };
}

/**
 * Exchanges a valid token for its successor in the same session. A token has one successor: a
 * second refresh of it (another tab, a retried request) inside the grace window gets the same one.
 */
export async function refresh(ctx: AppContext, token: string | undefined) {
  const principal = await authenticate(ctx, token);
  const presented = token!;
  const next = newOpaqueToken();
  const rotation = await repo.rotateToken(ctx.db, {
    oldHash: sha256Hex(presented),
    newHash: sha256Hex(next),
    successorSealed: sealWith(presented, next),
    sessionId: principal.sessionId,
    at: ctx.securityClock.now(),
  });
  if (rotation.rotated) return { token: next, principal };
  const successor = rotation.successorSealed ? openWith(presented, rotation.successorSealed) : undefined;
  if (!successor) throw expired();
  return { token: successor, principal };
}

export const endSession = (ctx: AppContext, sessionId: string, reason: string) =>
  repo.endSession(ctx.db, sessionId, reason, ctx.securityClock.now());

export const endAllSessions = (ctx: AppContext, clientId: number, reason: string) =>
  repo.endClientSessions(ctx.db, clientId, reason, ctx.securityClock.now());

/** Records activity now, whatever the last write was: the idle deadline then is exactly now + idle. */
export const touchSession = (ctx: AppContext, sessionId: string) =>
  repo.touchSession(ctx.db, sessionId, ctx.securityClock.now());

export const markPinVerified = (ctx: AppContext, sessionId: string) =>
  repo.setPinVerified(ctx.db, sessionId, ctx.securityClock.now());

export const markPasswordVerified = (ctx: AppContext, sessionId: string) =>
  repo.setPasswordVerified(ctx.db, sessionId, ctx.securityClock.now());

export const countActiveSessions = (ctx: AppContext, clientId: number) =>
  repo.countActiveSessions(ctx.db, clientId);

/** Money-moving actions call this: the PIN must have been verified on this session recently. */
export function assertFreshPin(ctx: AppContext, principal: Principal) {
  const at = principal.pinVerifiedAt;
  if (!at || ctx.securityClock.now().getTime() - at.getTime() > ctx.config.PIN_FRESH_MINUTES * 60_000) {
    throw new DomainError(ErrorCode.PinRequired, Messages.pinRequired, 403);
  }
}

/**
 * For the actions that need a PIN of their own (each withdrawal, each order above the configured
 * amount): spends the session's fresh PIN verification inside the caller's transaction, so one
 * verification authorises one such action however many requests arrive at once. A refused action
 * rolls back and keeps the verification.
 */
export async function spendFreshPin(ctx: AppContext, sessionId: string) {
  const freshSince = new Date(ctx.securityClock.now().getTime() - ctx.config.PIN_FRESH_MINUTES * 60_000);
  if (!(await repo.spendPinVerification(ctx.db, sessionId, freshSince))) {
    throw new DomainError(ErrorCode.PinRequired, Messages.pinRequired, 403);
  }
}

export function assertKycApproved(principal: Principal) {
  if (principal.client.kycStatus !== 'approved') {
    throw new DomainError(ErrorCode.KycRequired, Messages.kycRequired, 403);
  }
}

// --- Read by the operator console (KYC duplicate flags, client 360; decision 0061) ---

export interface SharedNetwork {
  clientId: number;
  ip: string;
  /** The same IP address and the same user agent: most likely the same device. */
  sameDevice: boolean;
}

/**
 * Other clients seen on the IP addresses of this client's recent sessions. Two index probes (the
 * client's sessions, then every session per IP), capped: a shared office or mobile-carrier address
 * can carry many clients, and the reviewer needs to see that there are some, not all of them.
 */
export async function sharedNetworksOf(
  ctx: AppContext,
  clientId: number,
  opts: { recentSessions?: number; limit?: number } = {},
): Promise<SharedNetwork[]> {
  const mine = await repo.recentNetworksOf(ctx.db, clientId, opts.recentSessions ?? 20);
  const devices = new Set(mine.filter((s) => s.ip).map((s) => `${s.ip}\u0000${s.userAgent ?? ''}`));
  const ips = [...new Set(mine.map((s) => s.ip).filter((ip): ip is string => !!ip))];
  if (ips.length === 0) return [];
  const others = await repo.otherClientsOnIps(ctx.db, ips, clientId, opts.limit ?? 50);
  const byClient = new Map<number, SharedNetwork>();
  for (const o of others) {
    const sameDevice = devices.has(`${o.ip}\u0000${o.userAgent ?? ''}`);
    const seen = byClient.get(o.clientId);
    if (!seen || (sameDevice && !seen.sameDevice))
      byClient.set(o.clientId, { clientId: o.clientId, ip: o.ip!, sameDevice });
  }
  return [...byClient.values()];
}

/** A client's live sessions (client 360). */
export const liveSessionsOf = (ctx: AppContext, clientId: number) =>
  repo.liveSessionsOf(ctx.db, clientId, ctx.securityClock.now());

/** Ends one session of this client (an operator's action); false when not theirs or already ended. */
export const endClientSession = (ctx: AppContext, clientId: number, sessionId: string, reason: string) =>
  repo.endOwnSession(ctx.db, clientId, sessionId, reason, ctx.securityClock.now());
