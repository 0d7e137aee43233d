import type { BottomDrawerContentProps } from '@/components/ui/bottom-drawer';
import OfferingDrawer from '@/features/invest/components/offering-drawer';
import { tradeDeps } from './trade-deps';

/** The 'fo' bottom drawer (DD Trading Detail, 85vh). */
export function FoDrawer({ params, close, closeAndNavigate }: BottomDrawerContentProps<'fo'>) {
  return (
    <OfferingDrawer
      dtype="fo"
      id={params.id}
      close={close}
      closeAndNavigate={closeAndNavigate}
      {...tradeDeps}
    />
  );
}

/** The 'otc' bottom drawer (Block Trading, 85vh). */
export function OtcDrawer({ params, close, closeAndNavigate }: BottomDrawerContentProps<'otc'>) {
  return (
    <OfferingDrawer
      dtype="otc"
      id={params.id}
      close={close}
      closeAndNavigate={closeAndNavigate}
      {...tradeDeps}
    />
  );
}
