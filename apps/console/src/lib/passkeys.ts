import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import {
  ErrorCode,
  type WebauthnAssertion,
  type WebauthnAttestation,
  type WebauthnCreationOptions,
  type WebauthnRequestOptions,
} from '@imali/contract';
import { ApiError } from './api-error';

/**
 * The browser's passkeys (WebAuthn, decision 0066), through @simplewebauthn/browser: the one place
 * the console calls navigator.credentials, so component tests stub this module.
 */

/** Whether this browser can use a passkey at all (the console offers one only then). */
export const passkeysSupported = () => browserSupportsWebAuthn();

/**
 * What a passkey prompt that ends without an answer (cancelled, timed out, no passkey for this
 * site) becomes: a step-up refusal, so the dialog stays open and a code can be typed instead.
 */
export const PASSKEY_NOT_USED =
  'The passkey did not answer (cancelled, timed out, or none for this site). Try again or enter a code.';

// The contract's options are the W3C JSON the library reads; its transports are a closed list
// of names where ours are strings (a new transport must not make the server's answer invalid).
export async function signWithPasskey(options: WebauthnRequestOptions): Promise<WebauthnAssertion> {
  try {
    const answer = await startAuthentication({
      optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
    });
    return answer as WebauthnAssertion;
  } catch {
    throw new ApiError(401, ErrorCode.InvalidCode, PASSKEY_NOT_USED);
  }
}

export async function createPasskey(options: WebauthnCreationOptions): Promise<WebauthnAttestation> {
  try {
    const answer = await startRegistration({
      optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
    });
    return answer as WebauthnAttestation;
  } catch (error) {
    const name = (error as Error).name;
    throw new ApiError(
      0,
      'PASSKEY',
      name === 'InvalidStateError'
        ? 'This device holds one of your passkeys already.'
        : 'No passkey was created (cancelled or timed out).',
    );
  }
}

/** The x-step-up-assertion header: base64url of the assertion's JSON (ASCII: base64url strings). */
export function assertionHeaderOf(assertion: WebauthnAssertion): string {
  return btoa(JSON.stringify(assertion)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
