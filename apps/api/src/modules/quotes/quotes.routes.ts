import { envelope, priceQuery, quotation } from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { issueQuote } from './quotes.service';

const tags = ['trading'];

/** The quotation an order is priced at (issue 12). Under /api. */
export async function quoteRoutes(app: AppInstance) {
  app.get(
    '/market/app/v1/price',
    {
      config: { auth: 'client', kyc: true },
      schema: {
        tags,
        summary:
          'Latest price as a quotation bound to this client and stock, valid 20 s by the server clock and consumed by the order it prices: { price, S1, quote_id, expires_at }; price in the quote unit (ZA shares: cents, divide by 100)',
        querystring: priceQuery,
        response: { 200: envelope(quotation) },
      },
    },
    async (request) => ok(await issueQuote(app.ctx, principalOf(request).clientId, request.query)),
  );
}
