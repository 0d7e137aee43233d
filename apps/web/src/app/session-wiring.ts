import { loader } from '@/components/ui/loader';
import { toast } from '@/components/ui/toast';
import { http } from '@/lib/api-client';
import { handleOfflineLoads } from '@/lib/http';
import { closeOverlays } from './close-overlays';
import { loadedQueryClient } from './query-provider';
import type { AppRouter } from './router';

/** Forced logout → error toast, everything closed, back to the root; offline → /error. */
export function wireHttpClient(router: AppRouter): void {
  http.configure({
    onForcedLogout(message) {
      toast.error(message);
      closeOverlays();
      loader.reset();
      loadedQueryClient()?.clear();
      void router.navigate('/', { replace: true });
    },
    onOffline: goOffline,
  });
  // A piece of the app's code that cannot load without a connection goes there too.
  handleOfflineLoads(goOffline);

  function goOffline() {
    closeOverlays();
    if (window.location.pathname !== '/error') void router.navigate('/error', { replace: true });
  }
}
