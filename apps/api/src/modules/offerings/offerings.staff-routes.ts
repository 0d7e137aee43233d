import {
  approvalOutcomeSchema,
  envelope,
  ErrorCode,
  idParam,
  offeringCreateInput,
  offeringSettleInput,
  offeringSettlementPreviewSchema,
  staffOfferingSchema,
  type OfferingSettlementPreview,
  type StaffOffering,
} from '@imali/contract';
import { formatDecimal, formatMinor, normalizeDecimal, parseDecimal, type Currency } from '@imali/money';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { requestApproval } from '../approvals/approvals.service';
import { conflict } from '../ledger/ledger.service';
import { quoteUnitOf } from '../market/market.service';
import { findOrders, priceTrade } from '../orders/orders.service';
import { scheduleOfOrder } from '../orders/pricing';
import { staffActor } from '../staff/staff.service';
import { offeringSettlePayloadOf } from './offerings.approval';
import * as repo from './offerings.repository';
import {
  closeOffering,
  createOffering,
  listOfferings,
  offeringNotFound,
  openOffering,
  previewOfferingSettlement,
  TRADED_DTYPES,
} from './offerings.service';

const tags = ['ops: products'];
const E = ErrorCode;

/** Exact numeric text as shown: '100.000000' → '100'. */
const plain = (text: string) => formatDecimal(normalizeDecimal(parseDecimal(text)));

function toStaffOffering(
  { offering: o, instrument: i }: repo.OfferingWithInstrument,
  subscribed: string | undefined,
): StaffOffering {
  return {
    id: o.id,
    dtype: o.dtype,
    name: o.name,
    symbol: i.symbol,
    country: i.country,
    market: i.market,
    currency: o.currency,
    quoteUnit: quoteUnitOf(i),
    status: o.status,
    opensAt: o.opensAt.toISOString(),
    closesAt: o.closesAt.toISOString(),
    minQuantity: plain(o.minQuantity),
    maxQuantity: plain(o.maxQuantity),
    hot: o.hot,
    termDays: o.termDays,
    blockPrice: o.blockPrice === null ? null : plain(o.blockPrice),
    blockSize: o.blockSize === null ? null : plain(o.blockSize),
    subscribedQuantity: plain(subscribed ?? '0'),
    availableQuantity: o.blockSize === null ? null : plain(o.blockSize),
    createdBy: o.createdBy,
  };
}

async function staffOfferingById(ctx: AppContext, id: number): Promise<StaffOffering> {
  const row = await repo.findById(ctx.db, id);
  if (!row) throw offeringNotFound();
  const subscribed = await repo.requestedByOffering(ctx.db, [id]);
  return toStaffOffering(row, subscribed.get(id));
}

/**
 * The preview with each order's money: what it holds, what its allocation will cost (priced as
 * the settlement prices it: the order's own price and fee schedule) and the refund of the rest.
 */
async function settlementView(ctx: AppContext, id: number): Promise<OfferingSettlementPreview> {
  const preview = await previewOfferingSettlement(ctx, id);
  const found = await repo.findById(ctx.db, id);
  if (!found) throw offeringNotFound();
  const { offering, instrument } = found;
  const currency = offering.currency as Currency;
  let held = 0n;
  let debited = 0n;
  const lines: OfferingSettlementPreview['lines'] = [];
  const orders = await findOrders(
    ctx.db,
    preview.allocations.map((a) => a.orderId),
  );
  for (const a of preview.allocations) {
    const order = orders.get(a.orderId);
    if (!order) throw new Error(`order ${a.orderId} of offering ${id} is gone`);
    const cost =
      a.allocated > 0n
        ? priceTrade(
            instrument,
            scheduleOfOrder(ctx, order, instrument),
            'buy',
            a.allocated.toString(),
            order.buyPrice,
          ).cashMinor
        : 0n;
    held += order.heldMinor;
    debited += cost;
    lines.push({
      orderId: order.id,
      reference: order.reference,
      clientId: order.clientId,
      requestedQuantity: a.requested.toString(),
      allocatedQuantity: a.allocated.toString(),
      result: a.allocated > 0n ? 'holding' : 'rejected',
      held: formatMinor(order.heldMinor, currency),
      debited: formatMinor(cost, currency),
      refund: formatMinor(order.heldMinor - cost, currency),
    });
  }
  return {
    offeringId: offering.id,
    dtype: offering.dtype,
    name: offering.name,
    currency: offering.currency,
    blockSize: preview.blockSize === null ? null : preview.blockSize.toString(),
    blockPrice: preview.blockPrice,
    requestedQuantity: preview.requested.toString(),
    allocatedQuantity: preview.allocated.toString(),
    oversubscribed: preview.blockSize !== null && preview.requested > preview.blockSize,
    held: formatMinor(held, currency),
    debited: formatMinor(debited, currency),
    refunded: formatMinor(held - debited, currency),
    allocationsHash: preview.hash,
    lines,
  };
}

/**
 * Block (otc) and fixed-term (fo) offerings on the console (issue 23), under /ops/v1: the list,
 * create, open and close (the services the `offering` CLI commands call, audited as the staff
 * user), the settlement's pro-rata preview (nothing written) and its approval request
 * (offering.settle), approved in the approvals inbox.
 */
export async function offeringsStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/offerings',
    {
      config: { auth: 'staff', permission: 'products.read' },
      schema: {
        tags,
        summary: 'Block (otc) and fixed-term (fo) offerings, every status, newest first',
        response: { 200: envelope(z.array(staffOfferingSchema)) },
      },
    },
    async () => {
      const rows = await listOfferings(ctx, undefined, TRADED_DTYPES);
      const subscribed = await repo.requestedByOffering(
        ctx.db,
        rows.map((r) => r.offering.id),
      );
      return ok(rows.map((r) => toStaffOffering(r, subscribed.get(r.offering.id))));
    },
  );

  app.post(
    '/v1/offerings',
    {
      config: {
        auth: 'staff',
        permission: 'products.request',
        openapi: { errors: { 400: [E.InvalidInput], 403: [E.Forbidden] } },
      },
      schema: {
        tags,
        summary: 'Create an offering (upcoming) with its key facts, as `offering create`',
        body: offeringCreateInput,
        response: { 201: envelope(staffOfferingSchema) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const { offering } = await createOffering(
        ctx,
        {
          dtype: b.dtype,
          name: b.name,
          symbol: b.symbol,
          country: b.country,
          opensAt: new Date(b.opensAt),
          closesAt: new Date(b.closesAt),
          minQuantity: b.minQuantity,
          maxQuantity: b.maxQuantity,
          hot: b.hot,
          termDays: b.termDays,
          blockPrice: b.blockPrice,
          blockSize: b.blockSize,
        },
        staffActor(staffOf(request)),
      );
      reply.status(201);
      return ok(await staffOfferingById(ctx, offering.id), `Offering ${offering.id} created (upcoming).`);
    },
  );

  for (const [action, run, done] of [
    ['open', openOffering, 'open'],
    ['close', closeOffering, 'closed'],
  ] as const) {
    app.post(
      `/v1/offerings/:id/${action}`,
      {
        config: {
          auth: 'staff',
          permission: 'products.request',
          openapi: { errors: { 403: [E.Forbidden], 404: [E.NotFound], 409: [E.Conflict] } },
        },
        schema: {
          tags,
          summary:
            action === 'open'
              ? 'Open an upcoming offering for orders (inside its window), as `offering open`'
              : 'Close an open offering: no more orders, as `offering close`',
          params: idParam,
          response: { 200: envelope(staffOfferingSchema) },
        },
      },
      async (request) => {
        const id = Number(request.params.id);
        await run(ctx, id, staffActor(staffOf(request)));
        return ok(await staffOfferingById(ctx, id), `Offering ${id} is ${done}.`);
      },
    );
  }

  app.get(
    '/v1/offerings/:id/settlement/preview',
    {
      config: { auth: 'staff', permission: 'products.read', openapi: { errors: { 409: [E.Conflict] } } },
      schema: {
        tags,
        summary:
          'The settlement: each order requested, allocated pro rata, debited and refunded, the totals; nothing written',
        params: idParam,
        response: { 200: envelope(offeringSettlementPreviewSchema) },
      },
    },
    async (request) => ok(await settlementView(ctx, Number(request.params.id))),
  );

  app.post(
    '/v1/offerings/:id/settlement/request',
    {
      config: {
        auth: 'staff',
        permission: 'products.request',
        openapi: { errors: { 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary: 'Ask for the settlement previewed: an approval request (202)',
        params: idParam,
        body: offeringSettleInput,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const preview = await previewOfferingSettlement(ctx, Number(request.params.id));
      if (request.body.allocationsHash !== undefined && request.body.allocationsHash !== preview.hash) {
        throw conflict('The settlement changed since your preview; preview it again.');
      }
      const outcome = await requestApproval(
        ctx,
        staffOf(request),
        'offering.settle',
        offeringSettlePayloadOf(preview),
      );
      if (outcome.status === 'pending') reply.status(202);
      return ok(outcome, outcome.status === 'pending' ? 'Waiting for approval.' : 'Settled.');
    },
  );
}
