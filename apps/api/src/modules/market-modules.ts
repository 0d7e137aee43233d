import type { AppInstance } from '../lib/app-instance';
import { marketProductRoutes } from './market/market-product.routes';
import { stockDataRoutes } from './market/market.routes';

/** Market modules (issue 4). Registered at the root: they choose /market or /api prefixes. */
export async function marketModules(app: AppInstance) {
  // The stock-data API answers type-ahead search and quote polling at thousands of requests a
  // second: a log line per request and response cost 40% of its throughput at `info`
  // (docs/decisions/0021-http-hot-path.md). Its warnings and errors are still logged.
  await app.register(stockDataRoutes, { prefix: '/market', logLevel: 'warn' });
  await app.register(marketProductRoutes, { prefix: '/api' });
}
