import { modal } from '@/components/ui/modal';
import { searchDialog } from './layout/search-store';

/** Closers of overlays whose code is loaded with the signed-in app (the drawers). */
const lazyClosers = new Set<() => void>();

/** Called by the module that hosts an overlay when it loads (app/overlay-hosts.tsx). */
export function registerOverlayCloser(close: () => void): void {
  lazyClosers.add(close);
}

/** Closes every modal, drawer and the search, without asking (offline, forced logout). */
export function closeOverlays(): void {
  modal.forceClose();
  for (const close of lazyClosers) close();
  searchDialog.close();
}
