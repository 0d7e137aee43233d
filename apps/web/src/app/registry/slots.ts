import { lazy, type ComponentType } from 'react';

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
  meBankSection: lazy(() => import('@/features/wallet/components/bank-accounts-section')),
  meRecords: lazy(() => import('@/features/wallet/components/wallet-records')),
  dashboardWallet: lazy(() => import('@/features/wallet/components/wallet-overview')),
  dashboardIndexCards: lazy(() => import('@/features/market/components/index-cards')),
};
