import {
  okResult,
  staffMeSchema,
  webauthnRequestOptionsSchema,
  type StaffLoginInput,
  type StaffMe,
} from '@imali/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { signWithPasskey } from '../../lib/passkeys';

export const ME_KEY = ['me'] as const;

/** Who is signed in, or null: a 401 here is an answer (the sign-in screen), not an error. */
export const meQuery = queryOptions({
  queryKey: ME_KEY,
  queryFn: async (): Promise<StaffMe | null> => {
    try {
      return await api('/auth/me', { schema: staffMeSchema, allowUnauthenticated: true });
    } catch (error) {
      if (error instanceof ApiError && error.unauthenticated) return null;
      throw error;
    }
  },
  staleTime: Infinity,
  retry: false,
});

export const signIn = (input: StaffLoginInput) =>
  // A wrong password or code is a 401 the form shows, not an expired session.
  api('/auth/login', { method: 'POST', body: input, schema: staffMeSchema, allowUnauthenticated: true });

export const signOut = () =>
  api('/auth/logout', { method: 'POST', schema: okResult, allowUnauthenticated: true });

/**
 * Sign-in with email, password and a passkey instead of the code (decision 0066): a challenge for
 * this pending sign-in, the browser's passkey signs it, and the server checks password and
 * signature together (a failure answers as a wrong code does and counts toward the lock).
 */
export async function signInWithPasskey(input: { email: string; password: string }): Promise<StaffMe> {
  const options = await api('/auth/passkey/options', {
    method: 'POST',
    body: { email: input.email },
    schema: webauthnRequestOptionsSchema,
    allowUnauthenticated: true,
  });
  const credential = await signWithPasskey(options);
  return api('/auth/passkey/login', {
    method: 'POST',
    body: { ...input, credential },
    schema: staffMeSchema,
    allowUnauthenticated: true,
  });
}
