import {
  plainIdOf,
  envelope,
  ipoOffering,
  ipoPreviewQuery,
  ipoReconfirmBody,
  ipoSubscribeBody,
  orderPreview,
  orderResult,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { markReplayed } from '../../lib/idempotent-reply';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { idempotencyOf } from '../ledger/idempotency';
import { offeringNotFound } from '../offerings/offerings.service';
import { orderNotFound } from '../orders/orders.service';
import {
  cancelApplication,
  ipoDetail,
  previewSubscription,
  reconfirmApplication,
  subscribe,
} from './ipo.service';

const tags = ['ipo'];
const idParams = z.object({ id: z.string() });
/** A path id: anything but a plain positive integer is not found (404, not 400). */
function idOf(raw: string, notFound: () => Error): number {
  const id = plainIdOf(raw);
  if (id === undefined) throw notFound();
  return id;
}

/**
 * IPOs (issue 13). Reads need approved KYC; an application, cancellation or reconfirmation moves
 * funds (a hold), so it also needs a PIN verified on this session in the last 5 minutes and an
 * Idempotency-Key. Under /api.
 */
export async function ipoRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/ipo/app/v1/:id',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary:
          'One IPO: terms (price or range, lots, window, allotment and listing dates, allocation rule) and its key-facts sheet; another type or unknown → 404',
        params: idParams,
        response: { 200: envelope(ipoOffering) },
      },
    },
    async (request) => {
      const { clientId } = principalOf(request);
      return ok(await ipoDetail(ctx, clientId, idOf(request.params.id, offeringNotFound)));
    },
  );

  app.get(
    '/ipo/app/v1/preview/:id',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary:
          'Fee preview of an application: exactly what it would hold now (lots × lot size × upper or final price + fees); lots default to the minimum',
        params: idParams,
        querystring: ipoPreviewQuery,
        response: { 200: envelope(orderPreview) },
      },
    },
    async (request) => {
      const { clientId } = principalOf(request);
      return ok(
        await previewSubscription(ctx, clientId, {
          offeringId: idOf(request.params.id, offeringNotFound),
          lots: request.query.lots,
          accountId: request.query.account_id,
        }),
      );
    },
  );

  app.post(
    '/ipo/app/v1/record/sub/:id',
    {
      config: { idempotent: true, kyc: true, pin: true },
      schema: {
        tags,
        summary:
          'Apply for an IPO: { lots, account_id } (both optional: the minimum lots from the account in the offering currency); the funds are held until allotment (PIN, Idempotency-Key)',
        params: idParams,
        body: ipoSubscribeBody,
        response: { 200: envelope(orderResult) },
      },
    },
    async (request, reply) => {
      const { clientId, sessionId } = principalOf(request);
      const body = request.body ?? {};
      const result = await subscribe(ctx, clientId, idempotencyOf(request, body), {
        offeringId: idOf(request.params.id, offeringNotFound),
        lots: body.lots,
        accountId: body.account_id,
        pinSessionId: sessionId,
        feeSchedule: body.fee_schedule,
      });
      markReplayed(reply, result);
      return ok(result.data, result.data.message);
    },
  );

  app.post(
    '/ipo/app/v1/record/cancel/:id',
    {
      config: { idempotent: true, kyc: true, pin: true },
      schema: {
        tags,
        summary:
          'Cancel an IPO application while the subscription window is open; the held funds are released (PIN, Idempotency-Key)',
        params: idParams,
        response: { 200: envelope(orderResult) },
      },
    },
    async (request, reply) => {
      const { clientId } = principalOf(request);
      const orderId = idOf(request.params.id, orderNotFound);
      const result = await cancelApplication(ctx, clientId, idempotencyOf(request, {}), orderId);
      markReplayed(reply, result);
      return ok(result.data, result.data.message);
    },
  );

  app.post(
    '/ipo/app/v1/record/reconfirm/:id',
    {
      config: { idempotent: true, kyc: true, pin: true },
      schema: {
        tags,
        summary:
          "Reconfirm an IPO application at a final price set above the range or more than 20% below it; the hold is resized to it; { fee_schedule } (optional) repeats the receipt's reconfirm_fee_schedule (PIN, Idempotency-Key)",
        params: idParams,
        body: ipoReconfirmBody,
        response: { 200: envelope(orderResult) },
      },
    },
    async (request, reply) => {
      const { clientId } = principalOf(request);
      const orderId = idOf(request.params.id, orderNotFound);
      const body = request.body ?? {};
      const result = await reconfirmApplication(ctx, clientId, idempotencyOf(request, body), orderId, {
        feeSchedule: body.fee_schedule,
      });
      markReplayed(reply, result);
      return ok(result.data, result.data.message);
    },
  );
}
