/**
 * A software WebAuthn authenticator for API tests (decision 0066): an ES256 key pair from
 * node:crypto, and the bytes a real authenticator would send, built by hand as the WebAuthn spec
 * lays them out (authenticatorData, clientDataJSON, a "none" attestation object in CBOR, a DER
 * ECDSA signature). It answers the options the server gives, as navigator.credentials would.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  WebauthnAssertion,
  WebauthnAttestation,
  WebauthnCreationOptions,
  WebauthnRequestOptions,
} from '@imali/contract';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

/** CBOR (RFC 8949) heads and the few items a "none" attestation needs. */
function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
const cborBytes = (bytes: Buffer) => Buffer.concat([cborHead(2, bytes.length), bytes]);
const cborText = (text: string) => Buffer.concat([cborHead(3, Buffer.byteLength(text)), Buffer.from(text)]);
/** A small integer (−24 ≤ n ≤ 23), the COSE keys' labels and values. */
const cborInt = (n: number) => (n >= 0 ? Buffer.from([n]) : Buffer.from([0x20 | (-1 - n)]));

// authenticatorData flags: user present, user verified, attested credential data included.
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Buffer;
  private userHandle: string | undefined;
  /** The signature counter: up by one on each use (as most authenticators do). */
  counter = 0;

  constructor(
    /** The page's origin (the console's): the browser writes it into clientDataJSON. */
    readonly origin: string,
    /** Keeps no signature counter (always 0), as synced passkeys do: only the challenge stops a replay. */
    readonly counterless = false,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key of an EC2 P-256 key for ES256: {1: 2, 3: -7, -1: 1, -2: x, -3: y}.
    this.cosePublicKey = Buffer.concat([
      Buffer.from([0xa5]),
      cborInt(1),
      cborInt(2),
      cborInt(3),
      cborInt(-7),
      cborInt(-1),
      cborInt(1),
      cborInt(-2),
      cborBytes(Buffer.from(jwk.x!, 'base64url')),
      cborInt(-3),
      cborBytes(Buffer.from(jwk.y!, 'base64url')),
    ]);
  }

  get id() {
    return b64url(this.credentialId);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private counterBytes() {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(this.counter);
    return bytes;
  }

  /** navigator.credentials.create: a new discoverable credential for `options.rp.id`. */
  register(options: WebauthnCreationOptions): WebauthnAttestation {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    this.userHandle = options.user.id;
    const idLength = Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | UV | AT]),
      this.counterBytes(),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      this.cosePublicKey,
    ]);
    // {"fmt": "none", "attStmt": {}, "authData": bytes}
    const attestationObject = Buffer.concat([
      Buffer.from([0xa3]),
      cborText('fmt'),
      cborText('none'),
      cborText('attStmt'),
      Buffer.from([0xa0]),
      cborText('authData'),
      cborBytes(authData),
    ]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * navigator.credentials.get: a signature over `options.challenge`. `userVerified: false` as a
   * device without PIN or biometrics answers; `origin` as a page elsewhere would (phishing).
   */
  assert(
    options: WebauthnRequestOptions,
    opts: { userVerified?: boolean; origin?: string } = {},
  ): WebauthnAssertion {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    if (!this.counterless) this.counter += 1;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | (opts.userVerified === false ? 0 : UV)]),
      this.counterBytes(),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, opts.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}

/** The x-step-up-assertion header's value: base64url of the assertion's JSON. */
export const assertionHeader = (assertion: WebauthnAssertion) =>
  Buffer.from(JSON.stringify(assertion)).toString('base64url');
