import {
  plainIdOf,
  TradingMessages,
  envelope,
  offering,
  orderResult,
  quantActionBody,
  quantRecordBody,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { markReplayed } from '../../lib/idempotent-reply';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { idempotencyOf } from '../ledger/idempotency';
import { cancelSubscription, exitEarly, productDetail, productNotFound, subscribe } from './quant.service';

const tags = ['structured products'];

/** A path id: anything but a plain positive integer is not found (404, not 400). */
const idParams = z.object({ id: z.string() });
const pathId = (raw: string, missing: () => Error): number => {
  const id = plainIdOf(raw);
  if (id === undefined) throw missing();
  return id;
};
const productId = (raw: string) => pathId(raw, productNotFound);
const orderId = (raw: string) => pathId(raw, () => notFound(TradingMessages.orderNotFound));

// Reads need approved KYC; subscribing, cancelling and exiting move money: KYC, a PIN verified on
// this session in the last 5 minutes and an Idempotency-Key (as every order).
export async function quantRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/qt/app/v1/:id',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary:
          'One structured product: terms (underlying, start, maturity, protection, participation, cap, limits, early exit) and its key information sheet computed from them; another type or unknown → 404',
        params: idParams,
        response: { 200: envelope(offering) },
      },
    },
    async (request) => ok(await productDetail(ctx, productId(request.params.id))),
  );

  app.post(
    '/qt/app/v1/record/:id',
    {
      config: { idempotent: true, kyc: true, pin: true },
      schema: {
        tags,
        summary:
          "Subscribe an amount: amount + entry costs are held ('subscription') until the start date; no amount → 400 'Enter an amount.'; account_id omitted → the account in the product's currency (PIN, Idempotency-Key)",
        params: idParams,
        body: quantRecordBody,
        response: { 200: envelope(orderResult) },
      },
    },
    async (request, reply) => {
      const { clientId, sessionId } = principalOf(request);
      const body = request.body;
      const result = await subscribe(ctx, clientId, idempotencyOf(request, body), {
        offeringId: productId(request.params.id),
        amount: body.amount,
        accountId: body.account_id,
        pinSessionId: sessionId,
      });
      markReplayed(reply, result);
      return ok(result.data, result.data.message);
    },
  );

  app.post(
    '/qt/app/v1/cancel/:id',
    {
      config: { idempotent: true, kyc: true, pin: true },
      schema: {
        tags,
        summary:
          'Cancel a structured-product subscription before the start: its hold is released (status rejected, reason Cancelled) (PIN, Idempotency-Key)',
        params: idParams,
        body: quantActionBody,
        response: { 200: envelope(orderResult) },
      },
    },
    async (request, reply) => {
      const { clientId } = principalOf(request);
      const result = await cancelSubscription(
        ctx,
        clientId,
        idempotencyOf(request, {}),
        orderId(request.params.id),
      );
      markReplayed(reply, result);
      return ok(result.data, result.data.message);
    },
  );

  app.post(
    '/qt/app/v1/exit/:id',
    {
      config: { idempotent: true, kyc: true, pin: true },
      schema: {
        tags,
        summary:
          "Exit a running structured product early where its terms allow: paid the payoff formula at today's level less the disclosed early-exit cost (PIN, Idempotency-Key)",
        params: idParams,
        body: quantActionBody,
        response: { 200: envelope(orderResult) },
      },
    },
    async (request, reply) => {
      const { clientId, sessionId } = principalOf(request);
      const result = await exitEarly(ctx, clientId, idempotencyOf(request, {}), {
        orderId: orderId(request.params.id),
        pinSessionId: sessionId,
      });
      markReplayed(reply, result);
      return ok(result.data, result.data.message);
    },
  );
}
