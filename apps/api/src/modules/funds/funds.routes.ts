import {
  plainIdOf,
  envelope,
  fundDetail as fundDetailSchema,
  fundNavHistory,
  fundNavQuery,
  fundPreview,
  fundPreviewQuery,
  fundSubscribeBody,
  orderResult,
  TradingMessages,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { markReplayed } from '../../lib/idempotent-reply';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { idempotencyOf } from '../ledger/idempotency';
import {
  fundDetail,
  fundNavs,
  fundNotFound,
  previewSubscription,
  requestRedemption,
  subscribeToFund,
} from './funds.service';

const tags = ['funds'];

/** A path id: anything but a plain positive integer is not found (404, not 400). */
const idParams = z.object({ id: z.string() });
function idOf(raw: string, missing: () => Error): number {
  const id = plainIdOf(raw);
  if (id === undefined) throw missing();
  return id;
}
const orderNotFound = () => notFound(TradingMessages.orderNotFound);

// Reads need approved KYC; a subscription or redemption also a PIN verified on this session in
// the last 5 minutes (`pin: true`) and an Idempotency-Key. Funds have no quotation: both are priced
// at the next valuation (forward pricing).
export async function fundRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/funds/app/v1/:id',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary:
          'One fund: terms, key facts, yearly costs on the minimum in rand, latest NAV, and the valuation an order placed now is priced at; another type or unknown → 404',
        params: idParams,
        response: { 200: envelope(fundDetailSchema) },
      },
    },
    async (request) => ok(await fundDetail(ctx, idOf(request.params.id, fundNotFound))),
  );

  app.get(
    '/funds/app/v1/:id/nav',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary: 'NAVs struck (cents per unit, one per JSE business day) over a range, for the chart',
        params: idParams,
        querystring: fundNavQuery,
        response: { 200: envelope(fundNavHistory) },
      },
    },
    async (request) => ok(await fundNavs(ctx, idOf(request.params.id, fundNotFound), request.query.range)),
  );

  app.get(
    '/funds/app/v1/:id/preview',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary:
          'What a subscription of an amount holds now, when it is priced, indicative units at the latest NAV and the yearly costs in rand',
        params: idParams,
        querystring: fundPreviewQuery,
        response: { 200: envelope(fundPreview) },
      },
    },
    async (request) => {
      const { clientId } = principalOf(request);
      return ok(
        await previewSubscription(ctx, clientId, idOf(request.params.id, fundNotFound), {
          amount: request.query.amount,
          accountId: request.query.account_id,
        }),
      );
    },
  );

  app.post(
    '/funds/app/v1/record/:id',
    {
      config: { idempotent: true, kyc: true, pin: true },
      schema: {
        tags,
        summary:
          "Subscribe an amount to a fund: it is held and the order is pending until the next valuation (forward pricing); account_id empty → the client's account in the fund's currency (PIN, Idempotency-Key)",
        params: idParams,
        body: fundSubscribeBody,
        response: { 200: envelope(orderResult) },
      },
    },
    async (request, reply) => {
      const { clientId, sessionId } = principalOf(request);
      const body = request.body;
      const result = await subscribeToFund(ctx, clientId, idempotencyOf(request, body), {
        offeringId: idOf(request.params.id, fundNotFound),
        amount: body.amount,
        accountId: body.account_id,
        pinSessionId: sessionId,
      });
      markReplayed(reply, result);
      return ok(result.data, result.data.message);
    },
  );

  app.post(
    '/funds/app/v1/redeem/:id',
    {
      config: { idempotent: true, kyc: true, pin: true },
      schema: {
        tags,
        summary:
          'Redeem a fund holding at the next NAV (no quotation): paid at that valuation, units × NAV less the platform fee for the days held (PIN, Idempotency-Key)',
        params: idParams,
        response: { 200: envelope(orderResult) },
      },
    },
    async (request, reply) => {
      const { clientId } = principalOf(request);
      const orderId = idOf(request.params.id, orderNotFound);
      const result = await requestRedemption(ctx, clientId, idempotencyOf(request, { orderId }), {
        orderId,
      });
      markReplayed(reply, result);
      return ok(result.data, result.data.message);
    },
  );
}
