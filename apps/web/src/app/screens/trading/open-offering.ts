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
    case 'ipo':
      bottomDrawer.open('ipo', { id: offering.id });
      return;
    case 'fund':
      bottomDrawer.open('fund', { id: offering.id });
      return;
    case 'quant':
      bottomDrawer.open('quant', { id: offering.id });
      return;
    default: {
      // Every dtype has its drawer: a dtype added to the contract fails to compile here.
      const unhandled: never = offering.dtype;
      void unhandled;
    }
  }
}
