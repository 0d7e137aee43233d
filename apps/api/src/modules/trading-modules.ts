import type { AppInstance } from '../lib/app-instance';
import { applicationRoutes } from './applications/applications.routes';
import { costBasisRoutes } from './cost-basis/cost-basis.routes';
import { fundRoutes } from './funds/funds.routes';
import { ipoRoutes } from './ipo/ipo.routes';
import { offeringRoutes } from './offerings/offerings.routes';
import { orderRoutes } from './orders/orders.routes';
import { portfolioRoutes } from './portfolio/portfolio.routes';
import { quantRoutes } from './quant/quant.routes';
import { quoteRoutes } from './quotes/quotes.routes';
import { standingRoutes } from './standing/standing.routes';

/** Trading modules (issue 12): quotations, orders and receipts, offerings. Under /api. */
export async function tradingModules(app: AppInstance) {
  await app.register(quoteRoutes);
  await app.register(orderRoutes);
  await app.register(offeringRoutes);
  await app.register(portfolioRoutes);
  await app.register(standingRoutes);
  await app.register(costBasisRoutes);
  await app.register(ipoRoutes);
  await app.register(fundRoutes);
  await app.register(quantRoutes);
  await app.register(applicationRoutes);
}
