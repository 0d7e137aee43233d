/**
 * A stub of @simplewebauthn/browser for component tests (decision 0066): happy-dom has no
 * navigator.credentials. Use with `vi.mock('@simplewebauthn/browser', () => passkeyBrowserStub)`
 * (hoisted: import the stub with vi.hoisted or from this file, which has no other imports).
 */
import { vi } from 'vitest';

/** What the stubbed browser's passkey answers to a request for a signature. */
export const STUB_ASSERTION = {
  id: 'Y3JlZGVudGlhbC0x',
  rawId: 'Y3JlZGVudGlhbC0x',
  type: 'public-key' as const,
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
    authenticatorData: 'YXV0aERhdGE',
    signature: 'c2lnbmF0dXJl',
    userHandle: 'aW1hbGktc3RhZmYtMQ',
  },
  authenticatorAttachment: 'platform' as const,
  clientExtensionResults: {},
};

/** What it answers to a request for a new passkey. */
export const STUB_ATTESTATION = {
  id: 'Y3JlZGVudGlhbC0x',
  rawId: 'Y3JlZGVudGlhbC0x',
  type: 'public-key' as const,
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
    attestationObject: 'bm9uZQ',
    transports: ['internal'],
  },
  authenticatorAttachment: 'platform' as const,
  clientExtensionResults: {},
};

export const passkeyBrowserStub = {
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(async () => STUB_ASSERTION),
  startRegistration: vi.fn(async () => STUB_ATTESTATION),
};

/** The request options a stubbed server hands out. */
export const REQUEST_OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'localhost',
  timeout: 120000,
  allowCredentials: [],
  userVerification: 'required' as const,
};

/** The x-step-up-assertion header's value decoded back into the assertion. */
export const decodeAssertionHeader = (value: string | null) =>
  value ? (JSON.parse(atob(value.replace(/-/g, '+').replace(/_/g, '/'))) as unknown) : null;
