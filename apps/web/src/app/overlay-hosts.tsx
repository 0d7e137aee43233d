import { bottomDrawer, BottomDrawerHost } from '@/components/ui/bottom-drawer';
import { rightDrawer, RightDrawerHost } from '@/components/ui/right-drawer';
import { registerOverlayCloser } from './close-overlays';
import { bottomDrawerContents } from './registry/bottom-drawers';

// Only signed-in code opens a drawer, and its layout loads this module as it mounts: a drawer
// cannot show before the hosts (and this registration) are here.
registerOverlayCloser(() => {
  rightDrawer.close();
  bottomDrawer.close();
});

/**
 * The signed-in app's drawers (the bottom drawer with its registry of contents, the avatar's right
 * drawer). Loaded by `RootShell` once a signed-in route shows, so the sign-in page does not carry
 * them (decision 0039); modals stay in the entry, as the sign-in page opens some.
 */
export default function OverlayHosts() {
  return (
    <>
      <BottomDrawerHost contents={bottomDrawerContents} />
      <RightDrawerHost />
    </>
  );
}
