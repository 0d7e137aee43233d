import type { QueryClient } from '@tanstack/react-query';
import { authStorage } from '@/lib/auth-storage';
import { bottomDrawer } from '@/components/ui/bottom-drawer';
import { loader } from '@/components/ui/loader';
import { modal } from '@/components/ui/modal';
import { rightDrawer } from '@/components/ui/right-drawer';
import { logoutRequest } from '../api/logout';

let loggingOut = false;

export function isLoggingOut(): boolean {
  return loggingOut;
}

/**
 * Sign-out (spec section 4): flag, loader, close modals, call the server, then clear the profile
 * and the local session whatever the outcome, and go to /login.
 */
export async function logout(deps: {
  queryClient: QueryClient;
  navigate: (to: string) => void;
}): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  loader.show();
  modal.forceClose();
  rightDrawer.close();
  bottomDrawer.close();
  try {
    await logoutRequest();
  } catch (error) {
    console.error('Logout failed', error);
  } finally {
    authStorage.clear();
    deps.queryClient.clear();
    loader.hide();
    loggingOut = false;
    deps.navigate('/login');
  }
}
