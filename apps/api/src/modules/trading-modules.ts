import type { AppInstance } from '../lib/app-instance';
import { offeringRoutes } from './offerings/offerings.routes';
import { orderRoutes } from './orders/orders.routes';
import { quoteRoutes } from './quotes/quotes.routes';

/** Trading modules (issue 12): quotations, orders and receipts, offerings. Under /api. */
export async function tradingModules(app: AppInstance) {
  await app.register(quoteRoutes);
  await app.register(orderRoutes);
  await app.register(offeringRoutes);
}
