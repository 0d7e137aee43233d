import type { AppInstance } from '../app';
import { marketProductRoutes } from './market/market-product.routes';
import { stockDataRoutes } from './market/market.routes';

/** Market modules (issue 4). Registered at the root: they choose /market or /api prefixes. */
export async function marketModules(app: AppInstance) {
  await app.register(stockDataRoutes, { prefix: '/market' });
  await app.register(marketProductRoutes, { prefix: '/api' });
}
