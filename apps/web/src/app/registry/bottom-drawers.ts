import { lazy } from 'react';
import type { BottomDrawerContents } from '@/components/ui/bottom-drawer';

/**
 * Content of the bottom slide-up drawer per type (fo, otc, ipo, fund, quant, trial, compensation,
 * loan, stock, withdraw, deposit). Titles and heights are fixed by the spec in
 * components/ui/bottom-drawer.tsx; a type without content here opens a "not available yet" panel.
 * Use `lazy(() => import('@/features/<f>/components/...'))` so the code loads on first open.
 */
export const bottomDrawerContents: BottomDrawerContents = {
  withdraw: lazy(() => import('@/features/wallet/components/withdraw-drawer')),
  deposit: lazy(() => import('@/features/wallet/components/deposit-drawer')),
  stock: lazy(() => import('@/features/market/components/stock-detail-drawer')),
};
