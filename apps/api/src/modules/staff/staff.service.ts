import {
  ErrorCode,
  permissionsOf,
  STAFF_ROLES,
  type StaffLoginInput,
  type StaffPasskeyLoginInput,
  type StaffMe,
  type StaffPermission,
  type StaffRole,
  type StaffSession,
  type StaffUser,
} from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { hashSecret, newOpaqueToken, sha256Hex, verifySecret } from '../../lib/crypto';
import { DomainError, notFound } from '../../plugins/errors';
import { inAuditedTransaction, record } from '../audit/audit.service';
import * as repo from './staff.repository';
import { isSystemStaff } from './system-staff';
import {
  countOwnPasskeys,
  parseAssertionHeader,
  PasskeyMessages,
  verifyPasskeyAssertion,
} from './staff-passkeys';
import {
  isBase32Secret,
  matchTotpStep,
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
  staffSecretKey,
  totpUri,
} from './staff-secrets';

/** The signed-in staff user of a request (plugins/auth.ts `staffOf`). */
export interface StaffPrincipal {
  id: number;
  email: string;
  displayName: string;
  roles: StaffRole[];
  permissions: StaffPermission[];
  sessionId: string;
  /** The session's absolute end (10 hours after sign-in); idle ends it sooner. */
  sessionExpiresAt: Date;
}

export const StaffMessages = {
  invalidCredentials: 'Incorrect email, password or code.',
  locked: 'Too many failed sign-in attempts. This staff account is locked',
  signedOut: 'Your staff session has ended. Please sign in again.',
  signInFirst: 'Please sign in to the operator console.',
  stepUpRequired: 'Enter a new code from your authenticator app to confirm this action.',
  stepUpInvalid: 'That code is wrong or was already used. Wait for the next code and try again.',
  ownRoles: 'A staff admin cannot change their own roles: another staff admin must.',
  systemUser:
    'The system user asks for the scheduled runs and never signs in: it has no roles and stays disabled.',
  ownDisable: 'You cannot disable your own staff account.',
  emailTaken: 'A staff user with this email already exists.',
  bootstrapDone: 'The first staff admin already exists: staff are now created by a staff admin.',
  weakPassword: 'A staff password needs at least 12 characters.',
} as const;

/** The audit actor of a staff user's actions. */
export const staffActor = (staff: Pick<StaffPrincipal, 'id'>) => `staff:${staff.id}`;

const STAFF_MIN_PASSWORD = 12;
// Writing last_seen_at on every request would make each read a write; a minute is fine-grained
// enough for a 15-minute idle limit (as the client sessions do, decision 0038).
const TOUCH_EVERY_MS = 60_000;

const invalidCredentials = () =>
  new DomainError(ErrorCode.InvalidCredentials, StaffMessages.invalidCredentials, 401);
const sessionEnded = () => new DomainError(ErrorCode.SessionExpired, StaffMessages.signedOut, 401);

function lockedError(until: Date, now: Date) {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return new DomainError(
    ErrorCode.LoginLocked,
    `${StaffMessages.locked} for ${minutes} more minute${minutes === 1 ? '' : 's'}.`,
    429,
    { 'retry-after': String(retryAfter) },
  );
}

// Unknown emails still pay for one argon2 verification, so timing does not tell them apart.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashSecret('not a staff password'));

const asRoles = (roles: readonly string[]) => STAFF_ROLES.filter((r) => roles.includes(r)) as StaffRole[];

/**
 * Password + TOTP sign-in. Every timer here runs on `ctx.securityClock` (real time, decision
 * 0044): an authenticator app's codes follow the real time, and a demo's shifted app clock must
 * not lengthen a session or shorten a lock. A wrong password and a wrong (or replayed) code give
 * the same answer and count toward the same lock: STAFF_LOGIN_MAX_FAILURES in a row lock the user
 * for STAFF_LOCK_MINUTES, counted by one conditional UPDATE (repo.countFailedLogin).
 */
export async function signInStaff(
  ctx: AppContext,
  input: StaffLoginInput,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; principal: StaffPrincipal }> {
  return signIn(ctx, input, meta, async (user, now) => {
    const step = matchTotpStep(
      openTotpSecret(staffSecretKey(ctx.config), user.totpSecretSealed),
      input.totpCode,
      now,
      user.totpLastStep,
    );
    return step === undefined ? undefined : { step };
  });
}

/**
 * Password + passkey sign-in (decision 0066): the same as `signInStaff` with a passkey's signature
 * over the challenge issued for this email's pending sign-in instead of the code. A wrong or
 * replayed assertion is a failed sign-in like a wrong code: same answer, same lock.
 */
export async function signInStaffWithPasskey(
  ctx: AppContext,
  input: StaffPasskeyLoginInput,
  origin: string | undefined,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; principal: StaffPrincipal }> {
  return signIn(ctx, input, meta, async (user) => {
    const ok = await verifyPasskeyAssertion(ctx, {
      purpose: 'login',
      staffId: user.id,
      assertion: input.credential,
      origin,
    });
    return ok ? { passkey: true } : undefined;
  });
}

/** The second factor of a sign-in: the TOTP step it spends, or a verified passkey; undefined when wrong. */
type SecondFactor = (
  user: repo.StaffUserRow,
  now: Date,
) => Promise<{ step: number } | { passkey: true } | undefined>;

async function signIn(
  ctx: AppContext,
  input: { email: string; password: string },
  meta: { ip?: string; userAgent?: string },
  secondFactor: SecondFactor,
): Promise<{ token: string; principal: StaffPrincipal }> {
  const now = ctx.securityClock.now();
  const email = input.email.trim().toLowerCase();
  const user = await repo.findStaffByEmail(ctx.db, email);
  const passwordOk = await verifySecret(user?.passwordHash ?? (await dummy()), input.password);
  if (!user) throw invalidCredentials();
  if (user.lockedUntil && user.lockedUntil > now) throw lockedError(user.lockedUntil, now);
  const factor = passwordOk && !user.disabledAt ? await secondFactor(user, now) : undefined;
  if (factor === undefined) return failLogin(ctx, user.id, now);
  const step = 'step' in factor ? factor.step : undefined;

  const token = newOpaqueToken();
  const principal = await inAuditedTransaction(ctx, async (tx, txCtx) => {
    // Spends the code's step and clears the count, unless a racing request spent it or locked
    // the user first: then this attempt failed after all.
    if (!(await repo.acceptLogin(tx, user.id, step, now))) return undefined;
    const session = await repo.insertSession(tx, {
      tokenHash: sha256Hex(token),
      staffId: user.id,
      createdAt: now,
      absoluteExpiresAt: new Date(now.getTime() + ctx.config.STAFF_SESSION_HOURS * 3_600_000),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    await record(txCtx, {
      actor: staffActor(user),
      staffId: user.id,
      action: 'staff.login',
      subjectType: 'staff_session',
      subjectId: session.id,
      before: null,
      after: {
        ip: session.ip,
        userAgent: session.userAgent,
        ...('passkey' in factor ? { secondFactor: 'passkey' } : {}),
      },
    });
    const roles = asRoles(user.roles);
    return {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      roles,
      permissions: permissionsOf(roles),
      sessionId: session.id,
      sessionExpiresAt: session.absoluteExpiresAt,
    } satisfies StaffPrincipal;
  });
  if (!principal) return failLogin(ctx, user.id, now);
  return { token, principal };
}

async function failLogin(ctx: AppContext, staffId: number, now: Date): Promise<never> {
  const lockUntil = new Date(now.getTime() + ctx.config.STAFF_LOCK_MINUTES * 60_000);
  const counted = await repo.countFailedLogin(
    ctx.db,
    staffId,
    now,
    ctx.config.STAFF_LOGIN_MAX_FAILURES,
    lockUntil,
  );
  if (!counted) {
    // Locked by a concurrent attempt meanwhile.
    const user = await repo.findStaffById(ctx.db, staffId);
    if (user?.lockedUntil && user.lockedUntil > now) throw lockedError(user.lockedUntil, now);
  } else if (counted.lockedUntil && counted.lockedUntil > now) {
    await record(ctx, {
      actor: 'system:staff-lockout',
      action: 'staff.locked',
      subjectType: 'staff_user',
      subjectId: String(staffId),
      before: null,
      after: { lockedUntil: counted.lockedUntil.toISOString() },
    });
  }
  throw invalidCredentials();
}

/**
 * The staff user of a session cookie's token; 401 otherwise. Ends a session past its absolute
 * end, idle for more than STAFF_IDLE_MINUTES, or whose user was disabled. Records activity at
 * most once a minute.
 */
export async function authenticateStaff(ctx: AppContext, token: string | undefined): Promise<StaffPrincipal> {
  if (!token) throw new DomainError(ErrorCode.Unauthenticated, StaffMessages.signInFirst, 401);
  const now = ctx.securityClock.now();
  const found = await repo.findSessionByTokenHash(ctx.db, sha256Hex(token));
  if (!found || found.session.endedAt) throw sessionEnded();
  const { session, staff } = found;
  const end = async (reason: string) => {
    await repo.endSession(ctx.db, session.id, reason, now);
    return sessionEnded();
  };
  if (staff.disabledAt) throw await end('disabled');
  if (session.absoluteExpiresAt <= now) throw await end('expired');
  if (now.getTime() - session.lastSeenAt.getTime() > ctx.config.STAFF_IDLE_MINUTES * 60_000)
    throw await end('idle');
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
    await repo.touchSession(ctx.db, session.id, now);
  const roles = asRoles(staff.roles);
  return {
    id: staff.id,
    email: staff.email,
    displayName: staff.displayName,
    roles,
    permissions: permissionsOf(roles),
    sessionId: session.id,
    sessionExpiresAt: session.absoluteExpiresAt,
  };
}

/** Ends one session (sign-out, revocation); a session already ended stays as it ended. */
export async function endStaffSession(ctx: AppContext, sessionId: string, reason: string): Promise<void> {
  await repo.endSession(ctx.db, sessionId, reason, ctx.securityClock.now());
}

/** Signs the caller out, audited. */
export async function signOutStaff(ctx: AppContext, staff: StaffPrincipal) {
  await inAuditedTransaction(ctx, async (tx, txCtx) => {
    if (!(await repo.endSession(tx, staff.sessionId, 'logout', ctx.securityClock.now()))) return;
    await record(txCtx, auditOf(staff, 'staff.logout', 'staff_session', staff.sessionId, null, null));
  });
}

/**
 * What a step-up request carries: a TOTP code (x-step-up-code) or a passkey's assertion
 * (x-step-up-assertion, base64url of its JSON) with the request's Origin (the relying party).
 */
export interface StepUpProof {
  code?: string | undefined;
  assertion?: string | undefined;
  origin?: string | undefined;
  /** The hash of the request as sent (its body before validation), when it differs. */
  rawRequestHash?: string | undefined;
  /** Only a code will do (adding or removing a passkey). */
  totpOnly?: boolean;
}

/**
 * Step-up (decision 0057): a fresh TOTP code for the exact request being approved. The code must
 * be the current one (±1 step) and for a later step than any code this user spent before (sign-in
 * included); its step is spent on `requestHash` in one conditional UPDATE, so a code authorises
 * one request: the same code again, for this request or another, is refused (401 INVALID_CODE).
 * Or a passkey (decision 0066): the assertion of a challenge issued for this user and this
 * request's hash, unexpired and spent here once (a conditional DELETE); any other answers as a
 * wrong code does. Call it in the transaction of the action (pass that ctx) to spend it only if the
 * action commits; plugins/auth.ts calls it before the handler for routes with `stepUp`.
 */
export async function verifyStepUp(
  ctx: AppContext,
  staff: Pick<StaffPrincipal, 'id'>,
  proof: string | undefined | StepUpProof,
  requestHash: string,
): Promise<void> {
  const given: StepUpProof = typeof proof === 'object' ? proof : { code: proof };
  const code = given.code;
  const refused = () => new DomainError(ErrorCode.InvalidCode, StaffMessages.stepUpInvalid, 401);
  if (!code && given.assertion) {
    if (given.totpOnly) throw new DomainError(ErrorCode.InvalidCode, PasskeyMessages.totpOnly, 401);
    const assertion = parseAssertionHeader(given.assertion);
    const ok =
      assertion !== undefined &&
      (await verifyPasskeyAssertion(ctx, {
        purpose: 'step_up',
        staffId: staff.id,
        assertion,
        origin: given.origin,
        requestHashes: [requestHash, ...(given.rawRequestHash ? [given.rawRequestHash] : [])],
      }));
    if (!ok) throw refused();
    return;
  }
  if (!code) throw new DomainError(ErrorCode.InvalidCode, StaffMessages.stepUpRequired, 401);
  const user = await repo.findStaffById(ctx.db, staff.id);
  const step =
    user && /^\d{6}$/.test(code)
      ? matchTotpStep(
          openTotpSecret(staffSecretKey(ctx.config), user.totpSecretSealed),
          code,
          ctx.securityClock.now(),
          user.totpLastStep,
        )
      : undefined;
  if (step === undefined || !(await repo.spendStepUp(ctx.db, staff.id, step, requestHash))) {
    throw refused();
  }
}

export interface NewStaffInput {
  email: string;
  displayName: string;
  password: string;
  roles: readonly StaffRole[];
  /** A base32 secret to use (the demo seed's fixed ones); a new random one otherwise. */
  totpSecret?: string;
}

/**
 * Creates a staff user and returns the TOTP secret (to be shown once, as the otpauth URI). `by`
 * is the staff admin creating it; 'bootstrap' creates the first staff user and works only while
 * there is none (a race of two gives one; the other 409); 'seed' is the demo seed's and tests'
 * (no creator, actor `system:seed`).
 */
export async function createStaffUser(
  ctx: AppContext,
  input: NewStaffInput,
  by: StaffPrincipal | 'bootstrap' | 'seed',
): Promise<{ id: number; totpSecret: string; otpauthUri: string }> {
  const email = input.email.trim().toLowerCase();
  if (input.password.length < STAFF_MIN_PASSWORD) {
    throw new DomainError(ErrorCode.InvalidInput, StaffMessages.weakPassword, 400);
  }
  const totpSecret = input.totpSecret ?? newTotpSecret();
  if (!isBase32Secret(totpSecret))
    throw new DomainError(ErrorCode.InvalidInput, 'The TOTP secret must be base32.', 400);
  const roles = asRoles(input.roles);
  const row: repo.NewStaffRow = {
    email,
    displayName: input.displayName.trim(),
    passwordHash: await hashSecret(input.password),
    totpSecretSealed: sealTotpSecret(staffSecretKey(ctx.config), totpSecret),
    roles,
    createdAt: ctx.clock.now(),
    createdBy: typeof by === 'object' ? by.id : null,
  };
  const id = await inAuditedTransaction(ctx, async (tx, txCtx) => {
    let newId: number;
    if (by === 'bootstrap') {
      const inserted = await repo.insertBootstrapStaff(tx, row).catch((error: unknown) => {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      });
      if (inserted === undefined) throw new DomainError(ErrorCode.Conflict, StaffMessages.bootstrapDone, 409);
      newId = inserted;
    } else {
      if (await repo.findStaffByEmail(tx, email)) {
        throw new DomainError(ErrorCode.Conflict, StaffMessages.emailTaken, 409);
      }
      newId = (await repo.insertStaff(tx, row)).id;
    }
    await record(txCtx, {
      actor: typeof by === 'object' ? staffActor(by) : by === 'bootstrap' ? `staff:${newId}` : 'system:seed',
      ...(typeof by === 'object' ? { staffId: by.id } : by === 'bootstrap' ? { staffId: newId } : {}),
      action: by === 'bootstrap' ? 'staff.bootstrap' : 'staff.create',
      subjectType: 'staff_user',
      subjectId: String(newId),
      before: null,
      after: { email, displayName: row.displayName, roles },
    });
    return newId;
  });
  return { id, totpSecret, otpauthUri: totpUri(totpSecret, email) };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** True while no staff user exists (the server then offers the bootstrap secret). */
export async function hasNoStaff(ctx: AppContext) {
  return (await repo.countStaff(ctx.db)) === 0;
}

// ---------- reads and staff administration ----------

/** The signed-in user as /auth/me answers, with how many passkeys they have. */
export async function staffMeOf(ctx: AppContext, staff: StaffPrincipal): Promise<StaffMe> {
  return {
    id: staff.id,
    email: staff.email,
    displayName: staff.displayName,
    roles: staff.roles,
    permissions: staff.permissions,
    sessionExpiresAt: staff.sessionExpiresAt.toISOString(),
    passkeys: await countOwnPasskeys(ctx, staff.id),
  };
}

function staffUserOf(row: repo.StaffUserRow): StaffUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    roles: asRoles(row.roles),
    disabled: row.disabledAt !== null,
    lockedUntil: row.lockedUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    // The column `system` is true exactly for this id (CHECK staff_users_system_is_9000, migration 0029).
    system: isSystemStaff(row.id),
  };
}

export async function getStaffUser(ctx: AppContext, id: number): Promise<StaffUser> {
  const row = await repo.findStaffById(ctx.db, id);
  if (!row) throw notFound();
  return staffUserOf(row);
}

export async function listStaffUsers(ctx: AppContext): Promise<StaffUser[]> {
  return (await repo.listStaff(ctx.db)).map(staffUserOf);
}

/** Open sessions: the caller's own, or everyone's with `all` (staff.read). */
export async function listStaffSessions(
  ctx: AppContext,
  staff: StaffPrincipal,
  all: boolean,
): Promise<StaffSession[]> {
  const rows = await repo.listActiveSessions(ctx.db, ctx.securityClock.now(), all ? undefined : staff.id);
  return rows.map(({ session, email }) => ({
    id: session.id,
    staffId: session.staffId,
    email,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    absoluteExpiresAt: session.absoluteExpiresAt.toISOString(),
    ip: session.ip,
    userAgent: session.userAgent,
    current: session.id === staff.sessionId,
  }));
}

/** Ends a session: one's own, or anyone's with staff.manage. 404 for another's without it. */
export async function revokeStaffSession(ctx: AppContext, staff: StaffPrincipal, sessionId: string) {
  const session = await repo.findSession(ctx.db, sessionId);
  if (!session || (session.staffId !== staff.id && !staff.permissions.includes('staff.manage')))
    throw notFound();
  await inAuditedTransaction(ctx, async (tx, txCtx) => {
    const own = session.staffId === staff.id;
    if (!(await repo.endSession(tx, sessionId, own ? 'logout' : 'revoked', ctx.securityClock.now()))) return;
    await record(
      txCtx,
      auditOf(staff, 'staff.session_end', 'staff_session', sessionId, null, { staffId: session.staffId }),
    );
  });
}

export async function setStaffRoles(
  ctx: AppContext,
  staff: StaffPrincipal,
  id: number,
  roles: readonly StaffRole[],
) {
  if (id === staff.id) throw new DomainError(ErrorCode.Forbidden, StaffMessages.ownRoles, 403);
  // The database refuses it too (migration 0029); this says why instead of a 500.
  if (isSystemStaff(id)) throw new DomainError(ErrorCode.Conflict, StaffMessages.systemUser, 409);
  return inAuditedTransaction(ctx, async (tx, txCtx) => {
    const before = await repo.findStaffById(tx, id);
    if (!before) throw notFound();
    const after = (await repo.setRoles(tx, id, asRoles(roles)))!;
    await record(
      txCtx,
      auditOf(
        staff,
        'staff.roles_set',
        'staff_user',
        String(id),
        { roles: before.roles },
        { roles: after.roles },
      ),
    );
    return staffUserOf(after);
  });
}

/** Disables a staff user and ends their sessions, in one transaction. */
export async function disableStaffUser(ctx: AppContext, staff: StaffPrincipal, id: number) {
  if (id === staff.id) throw new DomainError(ErrorCode.Forbidden, StaffMessages.ownDisable, 403);
  return inAuditedTransaction(ctx, async (tx, txCtx) => {
    const now = ctx.securityClock.now();
    const before = await repo.findStaffById(tx, id);
    if (!before) throw notFound();
    const after = (await repo.disableStaff(tx, id, now)) ?? before;
    const ended = await repo.endSessionsOf(tx, id, 'disabled', now);
    if (!before.disabledAt) {
      await record(
        txCtx,
        auditOf(
          staff,
          'staff.disable',
          'staff_user',
          String(id),
          { disabled: false },
          { disabled: true, sessionsEnded: ended },
        ),
      );
    }
    return staffUserOf(after);
  });
}

function auditOf(
  staff: StaffPrincipal,
  action: string,
  subjectType: string,
  subjectId: string,
  before: unknown,
  after: unknown,
) {
  return { actor: staffActor(staff), staffId: staff.id, action, subjectType, subjectId, before, after };
}

export { totpUri };
