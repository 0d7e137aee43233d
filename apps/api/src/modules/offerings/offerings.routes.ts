import {
  plainIdOf,
  envelope,
  foBuyBody,
  offering,
  orderResult,
  otcAllocateBody,
  tradingListQuery,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { markReplayed } from '../../lib/idempotent-reply';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { idempotencyOf } from '../ledger/idempotency';
import {
  buyFixedTerm,
  listTradingOfferings,
  offeringDetail,
  offeringNotFound,
  requestAllocation,
} from './offerings.service';

const tags = ['trading'];

/** A path id: anything but a plain positive integer is no offering (404, not 400). */
const idParams = z.object({ id: z.string() });
function offeringIdOf(raw: string): number {
  const id = plainIdOf(raw);
  if (id === undefined) throw offeringNotFound();
  return id;
}

// Reads and orders need approved KYC, as every money screen does; a buy or allocation also needs
// a PIN verified on this session in the last 5 minutes (`pin: true`), and one of its own when it
// is above PIN_EACH_ORDER_ABOVE (spent inside the order's transaction by the orders module). The
// fee preview of an fo buy or otc allocation is the orders module's GET /client/app/v1/order/preview
// (ttype fo|otc, offering_id), which calls previewOfferingOrder here.
export async function offeringRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/stat/app/v1/trading_list',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary:
          'Open and upcoming offerings (fo, otc, …; dtype=all or none for every type; hot=1 for the hot list), hot first, then closing soonest, with terms and key facts',
        querystring: tradingListQuery,
        response: { 200: envelope(z.array(offering)) },
      },
    },
    async (request) => {
      const { dtype, hot } = request.query;
      return ok(await listTradingOfferings(ctx, { dtype, hotOnly: hot === '1' }));
    },
  );

  for (const dtype of ['fo', 'otc'] as const) {
    app.get(
      `/${dtype}/app/v1/:id`,
      {
        config: { kyc: true },
        schema: {
          tags,
          summary: `One ${dtype === 'fo' ? 'fixed-term (DD Trading)' : 'block (OTC)'} offering with its key facts; another type or unknown → 404`,
          params: idParams,
          response: { 200: envelope(offering) },
        },
      },
      async (request) => ok(await offeringDetail(ctx, dtype, offeringIdOf(request.params.id))),
    );
  }

  app.post(
    '/fo/app/v1/buy',
    {
      config: { idempotent: true, kyc: true, pin: true },
      schema: {
        tags,
        summary:
          "Buy a fixed-term offering at the client's quotation during trading hours; the position is locked for the term (PIN, Idempotency-Key)",
        body: foBuyBody,
        response: { 200: envelope(orderResult) },
      },
    },
    async (request, reply) => {
      const { clientId, sessionId } = principalOf(request);
      const body = request.body;
      const result = await buyFixedTerm(ctx, clientId, idempotencyOf(request, body), {
        offeringId: body.id,
        quantity: body.quantity,
        accountId: body.account_id,
        quoteId: body.quote_id,
        pinSessionId: sessionId,
        feeSchedule: body.fee_schedule,
      });
      markReplayed(reply, result);
      return ok(result.data, result.data.message);
    },
  );

  app.post(
    '/otc/app/v1/record/allocate/:id',
    {
      config: { idempotent: true, kyc: true, pin: true },
      schema: {
        tags,
        summary:
          'Request an allocation of a block at the block price; funds (trade value + fees) are held until the operator settles (PIN, Idempotency-Key)',
        params: idParams,
        body: otcAllocateBody,
        response: { 200: envelope(orderResult) },
      },
    },
    async (request, reply) => {
      const { clientId, sessionId } = principalOf(request);
      const body = request.body;
      const result = await requestAllocation(ctx, clientId, idempotencyOf(request, body), {
        offeringId: offeringIdOf(request.params.id),
        quantity: body.quantity,
        accountId: body.account_id,
        pinSessionId: sessionId,
        feeSchedule: body.fee_schedule,
      });
      markReplayed(reply, result);
      return ok(result.data, result.data.message);
    },
  );
}
