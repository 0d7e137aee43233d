import type { BottomDrawerContentProps } from '@/components/ui/bottom-drawer';
import FundInvestmentDrawer from '@/features/funds/components/fund-drawer';
import OfferingDrawer from '@/features/invest/components/offering-drawer';
import IpoEquityDrawer from '@/features/ipo/components/ipo-drawer';
import StructuredDrawer from '@/features/quant/components/quant-drawer';
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

/** The 'quant' bottom drawer (Structured Investment, 85vh). */
export function QuantDrawer({ params, close, closeAndNavigate }: BottomDrawerContentProps<'quant'>) {
  return <StructuredDrawer id={params.id} close={close} closeAndNavigate={closeAndNavigate} {...tradeDeps} />;
}

/** The 'fund' bottom drawer (Fund Investment, 85vh). */
export function FundDrawer({ params, close, closeAndNavigate }: BottomDrawerContentProps<'fund'>) {
  return (
    <FundInvestmentDrawer id={params.id} close={close} closeAndNavigate={closeAndNavigate} {...tradeDeps} />
  );
}

/** The 'ipo' bottom drawer (IPO Equity, 85vh). */
export function IpoDrawer({ params, close, closeAndNavigate }: BottomDrawerContentProps<'ipo'>) {
  return <IpoEquityDrawer id={params.id} close={close} closeAndNavigate={closeAndNavigate} {...tradeDeps} />;
}
