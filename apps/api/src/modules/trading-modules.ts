import type { AppInstance } from '../lib/app-instance';
import { applicationRoutes } from './applications/applications.routes';
import { costBasisRoutes } from './cost-basis/cost-basis.routes';
import { fundRoutes } from './funds/funds.routes';
import { ipoRoutes } from './ipo/ipo.routes';
import { ipoOfferSummaries } from './ipo/ipo.service';
import { offeringRoutes } from './offerings/offerings.routes';
import { provideOfferingListDetails } from './offerings/offerings.service';
import { orderRoutes } from './orders/orders.routes';
import { portfolioRoutes } from './portfolio/portfolio.routes';
import { quantRoutes } from './quant/quant.routes';
import { quoteRoutes } from './quotes/quotes.routes';
import { standingRoutes } from './standing/standing.routes';
import { standingOfClient } from './standing/standing.service';
import { provideProfileStanding } from './client/client.service';

/** Trading modules (issue 12): quotations, orders and receipts, offerings. Under /api. */
export async function tradingModules(app: AppInstance) {
  provideOfferingListDetails('ipo', ipoOfferSummaries);
  // client_info's vip, score and order_num are the standing panel's figures (issue 24).
  provideProfileStanding(standingOfClient);
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
