import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** Refused requests (401, 403, 4xx) are not retried: the answer will not change. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
