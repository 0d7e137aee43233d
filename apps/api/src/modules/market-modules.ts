import { STOCK_DATA_BASE } from '@imali/contract';
import type { AppInstance } from '../lib/app-instance';
import { marketProductRoutes } from './market/market-product.routes';
import { stockDataRoutes } from './market/market.routes';

/**
 * Market modules (issue 4). Registered at the root: the stock-data API under its own base
 * (`STOCK_DATA_BASE`, /market-data: no client route shares it, decision 0043), the product API's
 * market routes under /api.
 */
export async function marketModules(app: AppInstance) {
  // The stock-data API answers type-ahead search and quote polling at thousands of requests a
  // second: a log line per request and response cost 40% of its throughput at `info`
  // (docs/decisions/0021-http-hot-path.md). Its warnings and errors are still logged.
  await app.register(stockDataRoutes, { prefix: STOCK_DATA_BASE, logLevel: 'warn' });
  await app.register(marketProductRoutes, { prefix: '/api' });
}
