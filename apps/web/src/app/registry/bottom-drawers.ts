import { lazyRetry } from '@/lib/lazy-retry';
import type { BottomDrawerContents } from '@/components/ui/bottom-drawer';

/**
 * Content of the bottom slide-up drawer per type (fo, otc, ipo, fund, quant, trial, compensation,
 * loan, stock, withdraw, deposit). Titles, heights and each type's params are fixed in
 * components/ui/bottom-drawer.tsx (`BottomDrawerParams`): content for a type must take
 * `BottomDrawerContentProps<type>`, or this table does not compile. A type without content here
 * opens a "not available yet" panel.
 * Use `lazyRetry(() => import('@/features/<f>/components/...'))` so the code loads on first open.
 */
export const bottomDrawerContents: BottomDrawerContents = {
  withdraw: lazyRetry(() => import('@/features/wallet/components/withdraw-drawer')),
  deposit: lazyRetry(() => import('@/features/wallet/components/deposit-drawer')),
  // The market feature's stock detail with the invest feature's Buy, composed in app/.
  stock: lazyRetry(() => import('../screens/trading/stock-drawer')),
  fo: lazyRetry(() => import('../screens/trading/offering-drawers').then((m) => ({ default: m.FoDrawer }))),
  otc: lazyRetry(() => import('../screens/trading/offering-drawers').then((m) => ({ default: m.OtcDrawer }))),
  ipo: lazyRetry(() => import('../screens/trading/offering-drawers').then((m) => ({ default: m.IpoDrawer }))),
  fund: lazyRetry(() =>
    import('../screens/trading/offering-drawers').then((m) => ({ default: m.FundDrawer })),
  ),
  quant: lazyRetry(() =>
    import('../screens/trading/offering-drawers').then((m) => ({ default: m.QuantDrawer })),
  ),
  trial: lazyRetry(() => import('@/features/applications/components/trial-drawer')),
  compensation: lazyRetry(() => import('@/features/applications/components/compensation-drawer')),
  loan: lazyRetry(() => import('@/features/applications/components/loan-drawer')),
};
