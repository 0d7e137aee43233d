import {
  plainId,
  ErrorCode,
  ORDER_LISTS,
  TradingMessages,
  envelope,
  order,
  orderListQuery,
  orderPreview,
  orderResult,
  previewQuery,
  receiptQuery,
  sellBody,
  stockBuyBody,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { markReplayed } from '../../lib/idempotent-reply';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { DomainError } from '../../plugins/errors';
import { idempotencyOf } from '../ledger/idempotency';
import { previewOfferingOrder } from '../offerings/offerings.service';
import { buyStock, listOrders, orderReceipt, previewOrder, sellOrder } from './orders.service';

const tags = ['trading'];
const orderIdParams = z.object({ id: plainId(TradingMessages.orderNotFound) });

/**
 * Stock orders, sells and receipts (issue 12). Under /api. Reads need approved KYC; a buy or a
 * sell also needs a PIN verified on this session in the last 5 minutes (and spends it when the
 * order is above PIN_EACH_ORDER_ABOVE) and an Idempotency-Key.
 */
export async function orderRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/client/app/v1/order/preview',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary:
          'Fee preview: exactly the fees, trade value and total the receipt will show if the order is placed now against the same quote (standard: symbol, market, country, quantity, quote_id; sell: order_id, quote_id; fo: offering_id, quantity, quote_id; otc: offering_id, quantity)',
        querystring: previewQuery,
        response: { 200: envelope(orderPreview) },
      },
    },
    async (request) => {
      const q = request.query;
      const { clientId } = principalOf(request);
      if (q.ttype === 'fo' || q.ttype === 'otc') {
        if (q.offering_id === undefined)
          throw new DomainError(ErrorCode.NotFound, TradingMessages.offeringNotFound, 404);
        if (q.quantity === undefined)
          throw new DomainError(ErrorCode.InvalidInput, TradingMessages.quantityRequired, 400);
        return ok(
          await previewOfferingOrder(ctx, clientId, {
            offeringId: q.offering_id,
            quantity: q.quantity,
            accountId: q.account_id,
            quoteId: q.quote_id,
          }),
        );
      }
      return ok(
        await previewOrder(ctx, clientId, {
          ttype: q.ttype,
          quantity: q.quantity,
          accountId: q.account_id,
          orderId: q.order_id,
          symbol: q.symbol,
          market: q.market,
          country: q.country,
          quoteId: q.quote_id,
        }),
      );
    },
  );

  app.post(
    '/client/app/v1/order/buy',
    {
      config: { idempotent: true, kyc: true, pin: true },
      schema: {
        tags,
        summary:
          'Buy a stock (ttype standard) at a quotation, during its trading hours: funds debited, position held (Idempotency-Key, PIN)',
        body: stockBuyBody,
        response: { 200: envelope(orderResult) },
      },
    },
    async (request, reply) => {
      const { clientId, sessionId } = principalOf(request);
      const body = request.body;
      const result = await buyStock(ctx, clientId, idempotencyOf(request, body), {
        symbol: body.symbol,
        market: body.market,
        country: body.country,
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
    '/client/app/v1/order/sell/:id',
    {
      config: { idempotent: true, kyc: true, pin: true },
      schema: {
        tags,
        summary:
          "Sell the whole holding at this client's unexpired quotation for the stock, at its price (ZA: rand, the quote ÷ 100); quote_id optional: the newest one (Idempotency-Key, PIN)",
        params: orderIdParams,
        body: sellBody,
        response: { 200: envelope(orderResult) },
      },
    },
    async (request, reply) => {
      const { clientId, sessionId } = principalOf(request);
      const body = request.body;
      const result = await sellOrder(ctx, clientId, idempotencyOf(request, body), {
        orderId: request.params.id,
        ttype: body.ttype,
        price: body.price,
        quoteId: body.quote_id,
        pinSessionId: sessionId,
        feeSchedule: body.fee_schedule,
      });
      markReplayed(reply, result);
      return ok(result.data, result.data.message);
    },
  );

  for (const list of ORDER_LISTS) {
    app.get(
      `/client/app/v1/order/${list}`,
      {
        config: { kyc: true },
        schema: {
          tags,
          summary:
            list === 'holding'
              ? 'Orders held (unrealised profit at the last price), newest first; dtype filters by ttype'
              : list === 'awaiting'
                ? 'Orders pending, awaiting allocation or listing, newest first; dtype filters by ttype'
                : 'Orders sold (realised profit) or rejected, newest first; dtype filters by ttype',
          querystring: orderListQuery,
          response: { 200: envelope(z.array(order)) },
        },
      },
      async (request) => ok(await listOrders(ctx, principalOf(request).clientId, list, request.query.dtype)),
    );
  }

  app.get(
    '/client/app/v1/order',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary: "One order's receipt (did = order id); another client's order is not found",
        querystring: receiptQuery,
        response: { 200: envelope(order) },
      },
    },
    async (request) =>
      ok(await orderReceipt(ctx, principalOf(request).clientId, request.query.did, request.query.ttype)),
  );
}
