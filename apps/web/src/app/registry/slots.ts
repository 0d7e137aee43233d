import type { ComponentType } from 'react';
import { lazyRetry } from '@/lib/lazy-retry';

/**
 * Places in app screens that a later feature fills. Each is a lazy component or null (the screen
 * then shows an honest empty state).
 */
export const slots: {
  /** /me/profile, inside the element with id 'bank-section' (avatar drawer → Bank Accounts). */
  meBankSection: ComponentType | null;
  /** /me/records: balances and deposit/withdrawal/transfer history. */
  meRecords: ComponentType | null;
  /** /dashboard, under the portfolio hero: the wallet summary. */
  dashboardWallet: ComponentType | null;
  /** /dashboard: the country profile's default index cards with live values. */
  dashboardIndexCards: ComponentType | null;
} = {
  meBankSection: lazyRetry(() => import('@/features/wallet/components/bank-accounts-section')),
  meRecords: lazyRetry(() => import('@/features/wallet/components/wallet-records')),
  dashboardWallet: lazyRetry(() => import('@/features/wallet/components/wallet-overview')),
  dashboardIndexCards: lazyRetry(() => import('@/features/market/components/index-cards')),
};
