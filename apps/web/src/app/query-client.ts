import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // 'always': requests run even offline, so the HTTP client can send the user to /error
    // (spec section 8) instead of Query silently pausing them.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});
