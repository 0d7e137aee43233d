import type { ComponentType } from 'react';

/** A lazily loaded screen module: its default export is the screen component. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/**
 * Server menu `component` keys (packages/contract/src/menu.ts) → lazy screens. The server decides
 * which entries a user gets; this table decides what each one renders. A feature adds a screen by
 * adding (or replacing) one line here; see apps/web/README.md.
 */
export const screenRegistry: Record<string, ScreenLoader> = {
  dashboard: () => import('../screens/dashboard-screen'),
  // /market, and its child view /market/ranking.
  market: () => import('../screens/market/market-route'),
  'market/ranking': () => import('../screens/market/ranking-screen'),
  discover: () => import('../screens/discover-screen'),
  portfolio: () => import('../screens/portfolio/portfolio-screen'),
  'portfolio/summary': () => import('../screens/portfolio/summary-tab'),
  'portfolio/holding': () => import('../screens/portfolio/holding-tab'),
  'portfolio/awaiting': () => import('../screens/portfolio/awaiting-tab'),
  'portfolio/history': () => import('../screens/portfolio/history-tab'),
  'portfolio/orders': () => import('../screens/portfolio/orders-screen'),
  'portfolio/order': () => import('../screens/portfolio/order-screen'),
  me: () => import('../screens/me/me-screen'),
  'me/profile': () => import('../screens/me/profile-tab'),
  'me/application': () => import('../screens/me/application-tab'),
  'me/records': () => import('../screens/me/records-tab'),
};
