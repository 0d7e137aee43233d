import type { QueryClient } from '@tanstack/react-query';
import { bottomDrawer } from '@/components/ui/bottom-drawer';
import { loader } from '@/components/ui/loader';
import { modal } from '@/components/ui/modal';
import { rightDrawer } from '@/components/ui/right-drawer';
import { toast } from '@/components/ui/toast';
import { http } from '@/lib/api-client';
import type { AppRouter } from './router';

/** Forced logout → error toast, everything closed, back to the root; offline → /error. */
export function wireHttpClient(router: AppRouter, queryClient: QueryClient): void {
  http.configure({
    onForcedLogout(message) {
      toast.error(message);
      modal.forceClose();
      rightDrawer.close();
      bottomDrawer.close();
      loader.reset();
      queryClient.clear();
      void router.navigate('/', { replace: true });
    },
    onOffline() {
      modal.forceClose();
      rightDrawer.close();
      bottomDrawer.close();
      if (window.location.pathname !== '/error') void router.navigate('/error', { replace: true });
    },
  });
}
