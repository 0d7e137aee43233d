import { z } from 'zod';

/**
 * Staff passkeys (issue 23, decision 0066): a WebAuthn credential, an option beside the TOTP code
 * at sign-in (after the password) and for step-up. The WebAuthn JSON shapes are the W3C's
 * `PublicKeyCredential*JSON` (what @simplewebauthn's server emits and its browser half reads).
 */

/**
 * Step-up with a passkey instead of a code: the assertion (AuthenticationResponseJSON) of a
 * challenge issued for the hash of this exact request (POST /ops/v1/auth/passkey/step-up-options),
 * as base64url of its JSON, in this header. Either this or x-step-up-code.
 */
export const STEP_UP_ASSERTION_HEADER = 'x-step-up-assertion';

/** base64url without padding: how WebAuthn's JSON carries bytes. */
const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url.')
  .max(8_000);
const transportSchema = z.string().max(32);
const credentialDescriptor = z.object({
  id: base64url,
  type: z.literal('public-key'),
  transports: z.array(transportSchema).max(10).optional(),
});
const userVerification = z.enum(['required', 'preferred', 'discouraged']);

/** PublicKeyCredentialRequestOptionsJSON: what navigator.credentials.get signs (sign-in, step-up). */
export const webauthnRequestOptionsSchema = z.object({
  challenge: base64url,
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: userVerification.optional(),
});
export type WebauthnRequestOptions = z.infer<typeof webauthnRequestOptionsSchema>;

/** PublicKeyCredentialCreationOptionsJSON: what navigator.credentials.create answers (a new passkey). */
export const webauthnCreationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: base64url, name: z.string(), displayName: z.string() }),
  challenge: base64url,
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['required', 'preferred', 'discouraged']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.string()).optional(),
});
export type WebauthnCreationOptions = z.infer<typeof webauthnCreationOptionsSchema>;

/**
 * The extension outputs the browser reports (clientExtensionResults). Open by the standard: each
 * extension defines its own output (credProps gives `{ rk: boolean }`, others objects or bytes),
 * and the server reads none of them, so they are only bounded here, not typed.
 */
const clientExtensionResults = z.record(z.string().max(64), z.unknown());

/** AuthenticationResponseJSON: a passkey's signature over a challenge (navigator.credentials.get). */
export const webauthnAssertionSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResults.default({}),
});
export type WebauthnAssertion = z.infer<typeof webauthnAssertionSchema>;

/** RegistrationResponseJSON: a new credential (navigator.credentials.create). */
export const webauthnAttestationSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(transportSchema).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResults.default({}),
});
export type WebauthnAttestation = z.infer<typeof webauthnAttestationSchema>;

/** Sign-in with a passkey, step 1 (POST /ops/v1/auth/passkey/options): the challenge of this pending sign-in. */
export const staffPasskeyLoginOptionsInput = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254),
});
export type StaffPasskeyLoginOptionsInput = z.infer<typeof staffPasskeyLoginOptionsInput>;

/** Sign-in with a passkey, step 2 (POST /ops/v1/auth/passkey/login): the password and the passkey's signature. */
export const staffPasskeyLoginInput = staffPasskeyLoginOptionsInput.extend({
  password: z.string().min(1, 'Enter your password.').max(200),
  credential: webauthnAssertionSchema,
});
export type StaffPasskeyLoginInput = z.infer<typeof staffPasskeyLoginInput>;

/**
 * The request a passkey step-up is for (POST /ops/v1/auth/passkey/step-up-options): the method,
 * the path as it will be sent (with /ops/v1 and any query string) and the JSON body exactly as it
 * will be sent (null when none). The challenge is bound to their hash.
 */
export const staffStepUpOptionsInput = z.object({
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  path: z.string().startsWith('/ops/').max(2_000),
  // Any JSON: the body of whichever step-up route comes next; only its hash is kept.
  body: z.unknown(),
});
export type StaffStepUpOptionsInput = z.infer<typeof staffStepUpOptionsInput>;

/** A new passkey of the signed-in staff user (POST /ops/v1/staff/passkeys, TOTP step-up). */
export const staffPasskeyCreateInput = z.object({
  name: z.string().trim().min(1, 'Name this passkey (e.g. “Work laptop”).').max(60),
  credential: webauthnAttestationSchema,
});
export type StaffPasskeyCreateInput = z.infer<typeof staffPasskeyCreateInput>;

export const staffPasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  transports: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type StaffPasskey = z.infer<typeof staffPasskeySchema>;
