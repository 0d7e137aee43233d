import { okResult, staffMeSchema, type StaffLoginInput, type StaffMe } from '@imali/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

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
