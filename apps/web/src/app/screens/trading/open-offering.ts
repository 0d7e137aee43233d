import type { Offering } from '@imali/contract';
import { bottomDrawer } from '@/components/ui/bottom-drawer';

/** Opens the bottom drawer of an offering's type (spec section 2: fo DD Trading Detail, otc Block Trading). */
export function openOffering(offering: Pick<Offering, 'id' | 'dtype'>): void {
  switch (offering.dtype) {
    case 'fo':
      bottomDrawer.open('fo', { id: offering.id });
      return;
    case 'otc':
      bottomDrawer.open('otc', { id: offering.id });
      return;
    default:
      // ipo, fund and quant come with the subscriptions issue: their drawers say "not available yet".
      bottomDrawer.open(offering.dtype);
  }
}
