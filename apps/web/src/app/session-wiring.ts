import type { QueryClient } from '@tanstack/react-query';
import { loader } from '@/components/ui/loader';
import { toast } from '@/components/ui/toast';
import { http } from '@/lib/api-client';
import { closeOverlays } from './close-overlays';
import type { AppRouter } from './router';

/** Forced logout → error toast, everything closed, back to the root; offline → /error. */
export function wireHttpClient(router: AppRouter, queryClient: QueryClient): void {
  http.configure({
    onForcedLogout(message) {
      toast.error(message);
      closeOverlays();
      loader.reset();
      queryClient.clear();
      void router.navigate('/', { replace: true });
    },
    onOffline() {
      closeOverlays();
      if (window.location.pathname !== '/error') void router.navigate('/error', { replace: true });
    },
  });
}
