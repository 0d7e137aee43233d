import { ErrorCode, Messages, type ClientProfile } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { hashSecret, verifySecret } from '../../lib/crypto';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import * as auth from '../auth/auth.service';
import * as sessions from '../session/session.service';
import { fileUrl } from '../uploads/uploads.service';
import * as repo from './client.repository';

type ClientRow = NonNullable<Awaited<ReturnType<typeof repo.findById>>>;

const sessionGone = () => new DomainError(ErrorCode.SessionExpired, Messages.sessionExpired, 401);

export async function requireClient(ctx: AppContext, clientId: number): Promise<ClientRow> {
  const client = await repo.findById(ctx.db, clientId);
  if (!client) throw sessionGone();
  return client;
}

export const findByMobile = (ctx: AppContext, mobile: string) => repo.findByMobile(ctx.db, mobile.trim());

export const isPinLocked = (ctx: AppContext, client: Pick<ClientRow, 'pinFailedAttempts'>) =>
  client.pinFailedAttempts >= ctx.config.PIN_MAX_FAILURES;

/** Spec section 3: every profile field, with its default. */
export async function profileOf(
  ctx: AppContext,
  client: sessions.Principal['client'],
  accounts?: Promise<unknown[]>,
): Promise<ClientProfile> {
  // Both reads go to the pool together (one wait), as the accounts did alone (decision 0038).
  const [accountList, standing] = await Promise.all([
    // The accounts (the money area) and the standing (the standing module) come on the context
    // (modules/wiring.ts, decision 0048): identity imports neither.
    accounts ?? ctx.wiring.profile.accounts(ctx, client.id),
    ctx.wiring.profile.standing(ctx, client.id),
  ]);
  return {
    id: client.id,
    name: client.name ?? '',
    email: client.email ?? '',
    mobile: client.mobile,
    avatar: client.avatarUploadId ? fileUrl(client.avatarUploadId) : '',
    verified: client.kycStatus,
    kycStatus: client.kycStatus,
    kyc_reason: client.kycStatus === 'rejected' ? (client.kycReason ?? '') : '',
    vip: standing?.vip ?? client.vip,
    score: standing?.score ?? client.score,
    order_num: standing?.orderNum ?? client.orderNum,
    has_pin: client.hasPin,
    pin_locked: isPinLocked(ctx, client),
    allow_compensation: client.allowCompensation,
    allow_bonus: client.allowBonus,
    allow_loan: client.allowLoan,
    service: client.service,
    accounts: accountList,
    country: client.country,
  };
}

/**
 * client_info: the client row came with the session (one statement authenticated the request and
 * read it), so only the accounts and the standing's facts are read here, together.
 */
export const getProfile = (ctx: AppContext, principal: sessions.Principal) =>
  profileOf(ctx, principal.client, ctx.wiring.profile.accounts(ctx, principal.clientId));

/** Step 1 of Set PIN: the password, re-entered on this session. */
export async function verifyPasswordForSession(
  ctx: AppContext,
  principal: sessions.Principal,
  passwordMd5: string,
  ip?: string,
) {
  await auth.verifyPassword(ctx, principal.clientId, passwordMd5, ip);
  await sessions.markPasswordVerified(ctx, principal.sessionId);
}

export async function setPin(ctx: AppContext, principal: sessions.Principal, pinMd5: string) {
  const at = principal.passwordVerifiedAt;
  const freshMs = ctx.config.PIN_FRESH_MINUTES * 60_000;
  if (!at || ctx.securityClock.now().getTime() - at.getTime() > freshMs) {
    throw new DomainError(ErrorCode.Forbidden, Messages.passwordCheckRequired, 403);
  }
  const client = await requireClient(ctx, principal.clientId);
  const pinHash = await hashSecret(pinMd5);
  await ctx.db.transaction(async (tx) => {
    await repo.setPin(tx, client.id, pinHash);
    await audit.record(
      { ...ctx, db: tx },
      {
        actor: `client:${client.id}`,
        action: client.pinHash ? 'client.pin_change' : 'client.pin_set',
        subjectType: 'client',
        subjectId: String(client.id),
        before: { hasPin: client.pinHash !== null, pinLocked: isPinLocked(ctx, client) },
        after: { hasPin: true, pinLocked: false },
      },
    );
  });
}

/**
 * Verifies the PIN for this session. PIN_MAX_FAILURES wrong answers lock PIN use until the next
 * password sign-in; a right one marks the session PIN-verified (money actions need it fresh).
 * Each attempt is claimed before the PIN is evaluated, so a burst cannot evaluate more than that.
 */
export async function verifyPin(ctx: AppContext, principal: sessions.Principal, pinMd5: string) {
  const client = await requireClient(ctx, principal.clientId);
  if (!client.pinHash) throw new DomainError(ErrorCode.PinNotSet, Messages.pinNotSet, 400);
  const locked = () => new DomainError(ErrorCode.PinLocked, Messages.pinLocked, 423);
  const attempts = await repo.claimPinAttempt(ctx.db, client.id, ctx.config.PIN_MAX_FAILURES);
  if (attempts === undefined) throw locked();
  if (!(await verifySecret(client.pinHash, pinMd5))) {
    if (attempts >= ctx.config.PIN_MAX_FAILURES) throw locked();
    throw new DomainError(ErrorCode.IncorrectPin, Messages.incorrectPin, 400);
  }
  await repo.resetPinFailures(ctx.db, client.id);
  await sessions.markPinVerified(ctx, principal.sessionId);
}

export async function setAvatar(ctx: AppContext, clientId: number, uploadId: string) {
  await repo.setAvatar(ctx.db, clientId, uploadId);
}

// ---------- the operator console (decision 0061) ----------

/** The client by id for staff: 404 when there is none (requireClient's 401 is for a session's client). */
export async function findClient(ctx: AppContext, clientId: number): Promise<ClientRow> {
  const client = await repo.findById(ctx.db, clientId);
  if (!client) throw notFound('No such client.');
  return client;
}

/** What the console calls a client: the KYC name when there is one, else "Client <id>". */
export const displayNameOf = (client: { id: number; name: string | null }) =>
  client.name?.trim() || `Client ${client.id}`;

/** Display names of these clients, by id (one query). */
export async function displayNamesOf(ctx: AppContext, ids: number[]): Promise<Map<number, string>> {
  const rows = await repo.findManyByIds(ctx.db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, displayNameOf(r)]));
}

export async function searchClients(ctx: AppContext, query: string, limit = 20) {
  const q = query.trim();
  if (!q) return [];
  const rows = await repo.search(ctx.db, q, limit);
  return rows.map((r) => ({ ...r, displayName: displayNameOf(r) }));
}

/** Appends a staff note on a client (client_notes is append-only), audited in the same transaction. */
export async function addNote(
  ctx: AppContext,
  input: { clientId: number; staffId: number; body: string; actor: string },
) {
  const body = input.body.trim();
  if (!body) throw new DomainError(ErrorCode.InvalidInput, 'A note needs some text.', 400);
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await findClient(txCtx, input.clientId);
    const note = await repo.insertNote(tx, {
      clientId: input.clientId,
      staffId: input.staffId,
      body,
      createdAt: ctx.clock.now(),
    });
    await audit.record(txCtx, {
      actor: input.actor,
      staffId: input.staffId,
      action: 'client.note',
      subjectType: 'client',
      subjectId: String(input.clientId),
      before: null,
      after: { noteId: note.id },
    });
    return note;
  });
}

export const listNotes = (ctx: AppContext, clientId: number, limit = 50) =>
  repo.listNotes(ctx.db, clientId, limit);
