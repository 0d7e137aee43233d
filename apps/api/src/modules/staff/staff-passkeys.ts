import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import {
  ErrorCode,
  webauthnAssertionSchema,
  type StaffPasskey,
  type StaffPasskeyCreateInput,
  type StaffStepUpOptionsInput,
  type WebauthnAssertion,
  type WebauthnCreationOptions,
  type WebauthnRequestOptions,
} from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import { inAuditedTransaction, record } from '../audit/audit.service';
import { requestHashOf } from './request-hash';
import * as repo from './staff.repository';

/**
 * Staff passkeys (decision 0066): WebAuthn credentials, an option beside the TOTP code at sign-in
 * (after the password) and for step-up. @simplewebauthn/server checks the signatures; here are the
 * one-time challenges (each bound to its purpose, its staff user and, for step-up, the hash of the
 * exact request), the relying party, and the registered credentials.
 */

/** How long a challenge may be answered: the browser's prompt, not more (the table caps it at 5 minutes). */
const CHALLENGE_TTL_MS = 5 * 60_000;
/** The browser's own timeout for its prompt. */
const PROMPT_TIMEOUT_MS = 120_000;
const RP_NAME = 'Imali operator console';

export const PasskeyMessages = {
  noPasskey:
    'You have no passkey yet: use a code from your authenticator app, or add a passkey under Security.',
  totpOnly: 'Adding or removing a passkey needs a code from your authenticator app, not a passkey.',
  registrationFailed: 'The passkey could not be added: its answer did not match. Try again.',
  duplicate: 'This passkey is registered already.',
  badOrigin: 'Passkeys work only from the operator console’s own address.',
} as const;

/**
 * The relying party of a request: STAFF_WEBAUTHN_RP_ID, or the host of its Origin when that is
 * one of the console's (OPS_ORIGIN). WebAuthn checks the same on the browser's side: a passkey
 * made on one host is not offered on another.
 */
export function relyingPartyOf(
  ctx: AppContext,
  origin: string | undefined,
): { rpID: string; origins: string[] } {
  const origins = ctx.config.opsOrigins;
  if (ctx.config.STAFF_WEBAUTHN_RP_ID) return { rpID: ctx.config.STAFF_WEBAUTHN_RP_ID, origins };
  if (!origin || !origins.includes(origin)) {
    throw new DomainError(ErrorCode.Forbidden, PasskeyMessages.badOrigin, 403);
  }
  return { rpID: new URL(origin).hostname, origins };
}

async function issueChallenge(
  ctx: AppContext,
  challenge: string,
  purpose: repo.ChallengePurpose,
  staffUserId: number | null,
  requestHash: string | null = null,
) {
  const now = ctx.securityClock.now();
  await repo.insertChallenge(ctx.db, {
    challenge,
    purpose,
    staffUserId,
    requestHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
}

const requestOptionsOf = (options: Awaited<ReturnType<typeof generateAuthenticationOptions>>) =>
  ({
    challenge: options.challenge,
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    ...(options.rpId !== undefined ? { rpId: options.rpId } : {}),
    ...(options.allowCredentials
      ? {
          allowCredentials: options.allowCredentials.map((c) => ({
            id: c.id,
            type: 'public-key' as const,
            ...(c.transports ? { transports: [...c.transports] } : {}),
          })),
        }
      : {}),
    ...(options.userVerification ? { userVerification: options.userVerification } : {}),
  }) satisfies WebauthnRequestOptions;

/**
 * Sign-in with a passkey, step 1: a challenge for the pending sign-in of `email`. The answer is the
 * same whatever the email (no credential list: staff passkeys are discoverable), so it tells
 * nothing about who is staff; for an unknown email the challenge has no user and is never accepted.
 */
export async function passkeyLoginOptions(
  ctx: AppContext,
  email: string,
  origin: string | undefined,
): Promise<WebauthnRequestOptions> {
  const { rpID } = relyingPartyOf(ctx, origin);
  const user = await repo.findStaffByEmail(ctx.db, email.trim().toLowerCase());
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials: [],
    userVerification: 'required',
    timeout: PROMPT_TIMEOUT_MS,
  });
  await issueChallenge(ctx, options.challenge, 'login', user?.id ?? null);
  return requestOptionsOf(options);
}

/**
 * Step-up with a passkey: a challenge bound to the hash of the exact request the console is about
 * to send (`requestHashOf`, as plugins/auth.ts computes it). 409 when the user has no passkey.
 */
export async function passkeyStepUpOptions(
  ctx: AppContext,
  staff: { id: number },
  request: StaffStepUpOptionsInput,
  origin: string | undefined,
): Promise<WebauthnRequestOptions> {
  const { rpID } = relyingPartyOf(ctx, origin);
  const passkeys = await repo.listPasskeys(ctx.db, staff.id);
  if (passkeys.length === 0) throw new DomainError(ErrorCode.Conflict, PasskeyMessages.noPasskey, 409);
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: 'required',
    timeout: PROMPT_TIMEOUT_MS,
  });
  const hash = requestHashOf(request.method, request.path, request.body ?? null);
  await issueChallenge(ctx, options.challenge, 'step_up', staff.id, hash);
  return requestOptionsOf(options);
}

/** A new passkey, step 1: the creation options (a discoverable credential, user verification required). */
export async function passkeyRegistrationOptions(
  ctx: AppContext,
  staff: { id: number; email: string; displayName: string },
  origin: string | undefined,
): Promise<WebauthnCreationOptions> {
  const { rpID } = relyingPartyOf(ctx, origin);
  const existing = await repo.listPasskeys(ctx.db, staff.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: staff.email,
    userDisplayName: staff.displayName,
    // A stable handle per staff user (no personal data in it): the authenticator keeps one
    // passkey per user and site, replacing an older one of the same user.
    userID: new TextEncoder().encode(`imali-staff-${staff.id}`),
    timeout: PROMPT_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    // Discoverable (sign-in names no credential) and verified (PIN or biometrics on the device).
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await issueChallenge(ctx, options.challenge, 'register', staff.id);
  return {
    rp: { name: options.rp.name, ...(options.rp.id ? { id: options.rp.id } : {}) },
    user: options.user,
    challenge: options.challenge,
    pubKeyCredParams: options.pubKeyCredParams.map((p) => ({ alg: p.alg, type: 'public-key' as const })),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    excludeCredentials: (options.excludeCredentials ?? []).map((c) => ({
      id: c.id,
      type: 'public-key' as const,
      ...(c.transports ? { transports: [...c.transports] } : {}),
    })),
    ...(options.authenticatorSelection
      ? {
          authenticatorSelection: {
            ...(options.authenticatorSelection.authenticatorAttachment
              ? { authenticatorAttachment: options.authenticatorSelection.authenticatorAttachment }
              : {}),
            ...(options.authenticatorSelection.residentKey
              ? { residentKey: options.authenticatorSelection.residentKey }
              : {}),
            ...(options.authenticatorSelection.requireResidentKey !== undefined
              ? { requireResidentKey: options.authenticatorSelection.requireResidentKey }
              : {}),
            ...(options.authenticatorSelection.userVerification
              ? { userVerification: options.authenticatorSelection.userVerification }
              : {}),
          },
        }
      : {}),
    ...(options.attestation ? { attestation: options.attestation } : {}),
    ...(options.extensions?.credProps !== undefined
      ? { extensions: { credProps: options.extensions.credProps } }
      : {}),
    ...(options.hints ? { hints: [...options.hints] } : {}),
  };
}

/** The challenge a WebAuthn answer signed (from its clientDataJSON); undefined when unreadable. */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A new passkey, step 2 (the route has TOTP step-up): spends the registration challenge, checks
 * the authenticator's answer and keeps its public key, audited.
 */
export async function registerPasskey(
  ctx: AppContext,
  staff: { id: number },
  input: StaffPasskeyCreateInput,
  origin: string | undefined,
): Promise<StaffPasskey> {
  const { rpID, origins } = relyingPartyOf(ctx, origin);
  const now = ctx.securityClock.now();
  const failed = () => new DomainError(ErrorCode.InvalidInput, PasskeyMessages.registrationFailed, 400);
  const challenge = challengeOf(input.credential.response.clientDataJSON);
  if (!challenge) throw failed();
  const spent = await repo.spendChallenge(ctx.db, {
    challenge,
    purpose: 'register',
    staffUserId: staff.id,
    now,
  });
  if (!spent) throw failed();
  const verification = await verifyRegistrationResponse({
    response: input.credential as RegistrationResponseJSON,
    expectedChallenge: spent.challenge,
    expectedOrigin: origins,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) throw failed();
  const { credential } = verification.registrationInfo;
  const row = await inAuditedTransaction(ctx, async (tx, txCtx) => {
    if (await repo.findPasskeyByCredentialId(tx, credential.id)) {
      throw new DomainError(ErrorCode.Conflict, PasskeyMessages.duplicate, 409);
    }
    const inserted = await repo.insertPasskey(tx, {
      staffUserId: staff.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? input.credential.response.transports ?? [],
      name: input.name,
      createdAt: now,
    });
    await record(txCtx, {
      actor: `staff:${staff.id}`,
      staffId: staff.id,
      action: 'staff.passkey_add',
      subjectType: 'staff_passkey',
      subjectId: String(inserted.id),
      before: null,
      after: { name: inserted.name, transports: inserted.transports },
    });
    return inserted;
  });
  return passkeyOf(row);
}

/** Removes one of the caller's own passkeys (TOTP step-up), audited; 404 for another's. */
export async function removePasskey(ctx: AppContext, staff: { id: number }, id: number): Promise<void> {
  await inAuditedTransaction(ctx, async (tx, txCtx) => {
    const removed = await repo.deletePasskey(tx, staff.id, id);
    if (!removed) throw notFound();
    await record(txCtx, {
      actor: `staff:${staff.id}`,
      staffId: staff.id,
      action: 'staff.passkey_remove',
      subjectType: 'staff_passkey',
      subjectId: String(id),
      before: { name: removed.name },
      after: null,
    });
  });
}

export async function listOwnPasskeys(ctx: AppContext, staff: { id: number }): Promise<StaffPasskey[]> {
  return (await repo.listPasskeys(ctx.db, staff.id)).map(passkeyOf);
}

export const countOwnPasskeys = (ctx: AppContext, staffId: number) => repo.countPasskeys(ctx.db, staffId);

function passkeyOf(row: repo.StaffPasskeyRow): StaffPasskey {
  return {
    id: row.id,
    name: row.name,
    transports: row.transports,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The step-up header's value (base64url of the assertion's JSON), parsed; undefined when malformed. */
export function parseAssertionHeader(value: string): WebauthnAssertion | undefined {
  if (value.length > 16_000) return undefined;
  try {
    const parsed = webauthnAssertionSchema.safeParse(
      JSON.parse(Buffer.from(value, 'base64url').toString('utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks a passkey's assertion for `purpose`: its challenge is spent first (one conditional
 * DELETE: for this user, this purpose, for step-up one of `requestHashes`, unexpired), then the
 * credential must be this user's and its signature, origin, relying party and user verification
 * right, and its counter must move forward. True or false, never a reason: the caller answers as
 * for a wrong code.
 */
export async function verifyPasskeyAssertion(
  ctx: AppContext,
  check: {
    purpose: 'login' | 'step_up';
    staffId: number;
    assertion: WebauthnAssertion;
    origin: string | undefined;
    requestHashes?: readonly string[];
  },
): Promise<boolean> {
  let rp: { rpID: string; origins: string[] };
  try {
    rp = relyingPartyOf(ctx, check.origin);
  } catch {
    return false;
  }
  const now = ctx.securityClock.now();
  const challenge = challengeOf(check.assertion.response.clientDataJSON);
  if (!challenge) return false;
  const spent = await repo.spendChallenge(ctx.db, {
    challenge,
    purpose: check.purpose,
    staffUserId: check.staffId,
    ...(check.requestHashes ? { requestHashes: check.requestHashes } : {}),
    now,
  });
  if (!spent) return false;
  const passkey = await repo.findPasskeyByCredentialId(ctx.db, check.assertion.id);
  if (!passkey || passkey.staffUserId !== check.staffId) return false;
  const verification = await verifyAuthenticationResponse({
    response: check.assertion as AuthenticationResponseJSON,
    expectedChallenge: spent.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports as WebAuthnCredential['transports'],
    },
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) return false;
  return repo.usePasskey(ctx.db, passkey.id, verification.authenticationInfo.newCounter, now);
}
