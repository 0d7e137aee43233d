import type { MenuEntry } from './identity';

/**
 * The menu the server delivers after login (spec section 2). `component` is a key of the web's
 * route registry (apps/web/src/app/route-registry.ts); the server may leave entries out per user.
 */
export const DEFAULT_MENU: MenuEntry[] = [
  { path: '/dashboard', name: 'Dashboard', component: 'dashboard', meta: { title: 'Home', icon: 'home' } },
  {
    path: '/market',
    name: 'Market',
    component: 'market',
    meta: { title: 'Market', icon: 'chart' },
    // Spec section 2: ranking is a view of its own (its path is ours).
    children: [
      {
        path: 'ranking',
        name: 'MarketRanking',
        component: 'market/ranking',
        meta: { title: 'Ranking', icon: 'chart' },
      },
    ],
  },
  {
    path: '/discover',
    name: 'Discover',
    component: 'discover',
    meta: { title: 'Discover', icon: 'compass' },
  },
  {
    path: '/portfolio',
    name: 'Portfolio',
    component: 'portfolio',
    redirect: '/portfolio/summary',
    meta: { title: 'Portfolio', icon: 'briefcase' },
    children: [
      {
        path: 'summary',
        name: 'PortfolioSummary',
        component: 'portfolio/summary',
        meta: { title: 'Summary', icon: 'pie' },
      },
      {
        path: 'holding',
        name: 'PortfolioHolding',
        component: 'portfolio/holding',
        meta: { title: 'Holding', icon: 'layers' },
      },
      {
        path: 'awaiting',
        name: 'PortfolioAwaiting',
        component: 'portfolio/awaiting',
        meta: { title: 'Awaiting', icon: 'clock' },
      },
      {
        path: 'history',
        name: 'PortfolioHistory',
        component: 'portfolio/history',
        meta: { title: 'History', icon: 'history' },
      },
      // Spec section 2: the order list and the order receipt are views of their own (paths ours):
      // /portfolio/orders?list=holding|awaiting|history&dtype=…, /portfolio/order/:id.
      {
        path: 'orders',
        name: 'PortfolioOrders',
        component: 'portfolio/orders',
        meta: { title: 'Orders', icon: 'receipt' },
      },
      {
        path: 'order/:id',
        name: 'PortfolioOrder',
        component: 'portfolio/order',
        meta: { title: 'Order Details', icon: 'receipt' },
      },
    ],
  },
  {
    path: '/me',
    name: 'Me',
    component: 'me',
    redirect: '/me/profile',
    meta: { title: 'Me', icon: 'user' },
    children: [
      {
        path: 'profile',
        name: 'MeProfile',
        component: 'me/profile',
        meta: { title: 'Profile', icon: 'user' },
      },
      {
        path: 'application',
        name: 'MeApplication',
        component: 'me/application',
        meta: { title: 'Application', icon: 'file' },
      },
      {
        path: 'records',
        name: 'MeRecords',
        component: 'me/records',
        meta: { title: 'Records', icon: 'receipt' },
      },
    ],
  },
];
