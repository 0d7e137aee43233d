import { bottomDrawer } from '@/components/ui/bottom-drawer';
import { modal } from '@/components/ui/modal';
import { rightDrawer } from '@/components/ui/right-drawer';
import { searchDialog } from './layout/search-dialog';

/** Closes every modal, drawer and the search, without asking (offline, forced logout). */
export function closeOverlays(): void {
  modal.forceClose();
  rightDrawer.close();
  bottomDrawer.close();
  searchDialog.close();
}
