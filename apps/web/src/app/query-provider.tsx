import type { ReactNode } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { createStore, useStore } from '@/lib/create-store';
import { loadOrOffline } from '@/lib/http';

/**
 * TanStack Query's client, loaded only when the signed-in app needs it (the route guard for a
 * signed-in path, or the signed-in layout): the sign-in page does not download query-core
 * (decision 0039). Until then the context holds no client, which the sign-in page allows for.
 */
const clientStore = createStore<QueryClient | null>(null);
let loading: Promise<QueryClient> | null = null;

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= loadOrOffline(() => import('./query-client')).then(
    ({ queryClient }) => {
      if (clientStore.get() !== queryClient) {
        // What QueryClientProvider does on mount: follow focus and online state.
        queryClient.mount();
        clientStore.set(queryClient);
      }
      return queryClient;
    },
    (error: unknown) => {
      // Not kept failed: offline, the next navigation (Try again on /error) loads it again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The client if it was loaded already (e.g. to clear it on a forced logout). */
export function loadedQueryClient(): QueryClient | null {
  return clientStore.get();
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const client = useStore(clientStore);
  return <QueryClientContext.Provider value={client ?? undefined}>{children}</QueryClientContext.Provider>;
}
