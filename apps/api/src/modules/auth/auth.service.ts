import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, Messages } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { hashSecret, safeEqual, sha256Hex, sixDigitCode, verifySecret } from '../../lib/crypto';
import { DomainError } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import * as invites from '../invite/invite.service';
import * as outbox from '../outbox/outbox.service';
import * as sessions from '../session/session.service';
import * as clientWrites from '../client/client-writes.service';
import * as repo from './auth.repository';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** Tries per verification code before it is dead (a 6-digit code must not be guessable). */
export const CODE_MAX_ATTEMPTS = 5;
/**
 * Codes per mobile per hour. Each new code brings fresh tries, so without a cap an attacker could
 * keep requesting codes to keep guessing; it also stops anyone flooding a stranger's phone.
 */
export const CODES_PER_MOBILE_PER_HOUR = 5;

const invalidCredentials = () =>
  new DomainError(ErrorCode.InvalidCredentials, Messages.invalidCredentials, 401);
const invalidCode = () => new DomainError(ErrorCode.InvalidCode, Messages.verificationFailed, 400);

// Unknown usernames still pay for one argon2 verification, so timing does not tell them apart.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashSecret('0'.repeat(32)));

// ---------- lockout ----------

/**
 * Claims one password attempt for `username` (see repo.claimAttempt), or throws 429 LOGIN_LOCKED
 * saying when the lock ends: LOGIN_MAX_FAILURES failures in the last LOGIN_WINDOW_MINUTES lock it.
 * Counted by the username typed, so unknown usernames lock the same way and the answer tells an
 * attacker nothing about which accounts exist. A right password clears the failures.
 */
async function claimAttempt(ctx: AppContext, username: string, ip: string | undefined) {
  const now = ctx.securityClock.now();
  const windowMs = ctx.config.LOGIN_WINDOW_MINUTES * 60_000;
  const claim = await repo.claimAttempt(ctx.db, {
    username,
    ip: ip ?? null,
    at: now,
    since: new Date(now.getTime() - windowMs),
    max: ctx.config.LOGIN_MAX_FAILURES,
  });
  // Keep the table small; a day is far beyond any window.
  if (Math.random() < 0.01) await repo.pruneFailures(ctx.db, new Date(now.getTime() - 86_400_000));
  if (claim.claimed) return;
  // Unlocks when the oldest of the last `max` failures leaves the window.
  const unlocksAt = claim.oldestFailure.getTime() + windowMs;
  const retryAfter = Math.max(1, Math.ceil((unlocksAt - now.getTime()) / 1000));
  throw new DomainError(ErrorCode.LoginLocked, loginLockedMessage(retryAfter), 429, {
    'retry-after': String(retryAfter),
  });
}

/** The lockout message with when it ends, in whole minutes (rounded up). */
export function loginLockedMessage(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${Messages.loginLocked} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

// ---------- sign in / out ----------

export async function login(
  ctx: AppContext,
  input: { username: string; password: string; remember: boolean; ip?: string; userAgent?: string },
) {
  const username = input.username.trim();
  await claimAttempt(ctx, username, input.ip);
  const client = await repo.findClientByMobile(ctx.db, username);
  const valid = await verifySecret(client?.passwordHash ?? (await dummy()), input.password);
  if (!client || !valid) throw invalidCredentials();
  await repo.clearFailures(ctx.db, username);
  await clientWrites.resetPinFailures(ctx.db, client.id);
  const { token } = await sessions.startSession(ctx, {
    clientId: client.id,
    remember: input.remember,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  return { refresh_token: token, remember: input.remember };
}

export const logout = (ctx: AppContext, sessionId: string) => sessions.endSession(ctx, sessionId, 'logout');

export async function refresh(ctx: AppContext, token: string | undefined) {
  const { token: next } = await sessions.refresh(ctx, token);
  return { refresh_token: next };
}

/**
 * The session check. Activity is written at most once a minute, so the deadline the server
 * enforces (last write + idle) can be up to a minute before now + idle: the check writes it now,
 * and the expiry it reports is the one the server will enforce.
 */
export async function sessionStatus(ctx: AppContext, principal: sessions.Principal) {
  await sessions.touchSession(ctx, principal.sessionId);
  const idleEnd = ctx.securityClock.now().getTime() + ctx.config.SESSION_IDLE_MINUTES * 60_000;
  const expiresAt = new Date(Math.min(idleEnd, principal.absoluteExpiresAt.getTime()));
  return { valid: true as const, kycStatus: principal.client.kycStatus, expires_at: expiresAt.toISOString() };
}

/**
 * Checks the password of a signed-in client (pwd_verify, change_pwd). Wrong answers count toward
 * the same lockout as sign-in, so a stolen session cannot be used to guess the password.
 */
export async function verifyPassword(ctx: AppContext, clientId: number, passwordMd5: string, ip?: string) {
  const client = await repo.findClientById(ctx.db, clientId);
  if (!client) throw new DomainError(ErrorCode.SessionExpired, Messages.sessionExpired, 401);
  await claimAttempt(ctx, client.mobile, ip);
  if (!(await verifySecret(client.passwordHash, passwordMd5))) {
    throw new DomainError(ErrorCode.IncorrectPassword, Messages.incorrectPassword, 400);
  }
  await repo.clearFailures(ctx.db, client.mobile);
  return client;
}

export async function changePassword(
  ctx: AppContext,
  principal: sessions.Principal,
  input: { oldPassword: string; newPassword: string; ip?: string },
) {
  const client = await verifyPassword(ctx, principal.clientId, input.oldPassword, input.ip);
  const hash = await hashSecret(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await clientWrites.setPassword(tx, client.id, hash, ctx.clock.now());
    await sessions.endAllSessions(txCtx, client.id, 'password_changed');
    await audit.record(txCtx, {
      actor: `client:${client.id}`,
      action: 'client.password_change',
      subjectType: 'client',
      subjectId: String(client.id),
      before: { passwordChangedAt: client.passwordChangedAt.toISOString() },
      after: { passwordChangedAt: ctx.clock.now().toISOString(), sessionsEnded: true },
    });
  });
}

// ---------- registration ----------

export async function register(
  ctx: AppContext,
  input: { mobile: string; password: string; inviteCode: string },
) {
  // The invitation is checked before the mobile, so that without a valid code nobody learns
  // which numbers are registered.
  const preCheck = await invites.findActive(ctx, input.inviteCode);
  if (!preCheck) throw new DomainError(ErrorCode.InvalidInvitationCode, Messages.invalidInvitationCode, 400);
  const passwordHash = await hashSecret(input.password);
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const invite = await invites.findActive(txCtx, input.inviteCode);
    if (!invite) throw new DomainError(ErrorCode.InvalidInvitationCode, Messages.invalidInvitationCode, 400);
    const now = ctx.clock.now();
    const inserted = await clientWrites.insertClient(tx, {
      mobile: input.mobile,
      passwordHash,
      advisorId: invite.advisorId,
      inviteCode: invite.code,
      passwordChangedAt: now,
      createdAt: now,
    });
    if (!inserted) throw new DomainError(ErrorCode.MobileTaken, Messages.mobileTaken, 409);
    await invites.countUse(txCtx, invite.code);
  });
}

// ---------- verification codes and password reset ----------

const codeHash = (mobile: string, purpose: string, code: string) => sha256Hex(`${purpose}:${mobile}:${code}`);

/**
 * Issues a 6-digit code for `purpose`. Answers the same whether the mobile exists or not; only
 * an existing client gets a message. A new code retires the previous ones.
 */
export async function requestCode(
  ctx: AppContext,
  input: { mobile: string; purpose: 'reset_pwd' },
  log?: Log,
) {
  const client = await repo.findClientByMobile(ctx.db, input.mobile);
  if (!client) return;
  const now = ctx.securityClock.now();
  const issued = await repo.countCodesSince(
    ctx.db,
    input.mobile,
    input.purpose,
    new Date(now.getTime() - 3_600_000),
  );
  if (issued >= CODES_PER_MOBILE_PER_HOUR) {
    log?.warn({ mobileEnding: input.mobile.slice(-3) }, 'verification code cap reached');
    return;
  }
  const code = sixDigitCode();
  const ttl = ctx.config.VERIFICATION_CODE_TTL_MINUTES;
  await repo.retireCodes(ctx.db, input.mobile, input.purpose, now);
  await repo.insertCode(ctx.db, {
    mobile: input.mobile,
    purpose: input.purpose,
    codeHash: codeHash(input.mobile, input.purpose, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttl * 60_000),
  });
  await outbox.sendSms(
    ctx,
    input.mobile,
    `Your Imali verification code is ${code}. It expires in ${ttl} minutes. Never share it.`,
    log,
  );
}

/**
 * Every comparison spends one of the code's CODE_MAX_ATTEMPTS tries first, right or wrong, and
 * the verify step and the reset step draw on the same count: a code is compared at most that
 * many times however the guesses arrive.
 */
async function checkCode(ctx: AppContext, mobile: string, purpose: string, code: string) {
  const row = await repo.spendCodeTry(ctx.db, mobile, purpose, ctx.securityClock.now(), CODE_MAX_ATTEMPTS);
  if (!row || !safeEqual(row.codeHash, codeHash(mobile, purpose, code))) throw invalidCode();
  return row;
}

/**
 * Without a password: the verify step (checks the code, keeps it usable). With one: the reset
 * step (consumes the code, stores the password, ends every session of the client).
 */
export async function resetPassword(
  ctx: AppContext,
  input: { mobile: string; code: string; password?: string },
) {
  const purpose = 'reset_pwd';
  const row = await checkCode(ctx, input.mobile, purpose, input.code);
  if (input.password === undefined) return 'verified' as const;
  const client = await repo.findClientByMobile(ctx.db, input.mobile);
  if (!client) throw invalidCode();
  const hash = await hashSecret(input.password);
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    if (!(await repo.consumeCode(tx, row.id, ctx.securityClock.now()))) throw invalidCode();
    await clientWrites.setPassword(tx, client.id, hash, ctx.clock.now());
    await sessions.endAllSessions(txCtx, client.id, 'password_reset');
    await repo.clearFailures(tx, client.mobile);
    await audit.record(txCtx, {
      actor: `client:${client.id}`,
      action: 'client.password_reset',
      subjectType: 'client',
      subjectId: String(client.id),
      before: { passwordChangedAt: client.passwordChangedAt.toISOString() },
      after: { passwordChangedAt: ctx.clock.now().toISOString(), sessionsEnded: true, by: 'sms_code' },
    });
  });
  return 'reset' as const;
}
