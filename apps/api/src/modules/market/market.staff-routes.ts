import {
  envelope,
  ErrorCode,
  exchangeClosureInput,
  exchangeClosureSchema,
  exchangeClosuresQuery,
  exchangeClosureWithdrawInput,
  exchangeParam,
  plainId,
  type ExchangeClosure,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { DomainError } from '../../plugins/errors';
import { staffActor } from '../staff/staff.service';
import {
  declareExchangeClosure,
  listExchangeClosures,
  minuteText,
  withdrawExchangeClosure,
  type ExchangeClosureRow,
} from './exchange-calendar';

const tags = ['ops: market'];
const E = ErrorCode;

const toClosure = (r: ExchangeClosureRow): ExchangeClosure => ({
  id: r.id,
  exchange: r.exchange,
  day: r.day,
  kind: r.kind,
  closeTime: r.closeMinute === null ? null : minuteText(r.closeMinute),
  reason: r.reason,
  declaredBy: r.declaredBy,
  declaredAt: r.declaredAt.toISOString(),
  withdrawnBy: r.withdrawnBy,
  withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
  withdrawReason: r.withdrawReason,
});

/**
 * Two declarations of one day racing past the service's check meet the partial unique index
 * (exchange_closures_active_uq): the second is told it is already declared, as the check says.
 */
function isActiveDayTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  return (
    pg !== undefined && (pg.constraint ?? 'exchange_closures_active_uq') === 'exchange_closures_active_uq'
  );
}

/**
 * Declared exchange closures on the console (issue 23, decision 0055), under /ops/v1: the same
 * service as `npm run ops -- exchange close|early-close|withdraw|list`, audited as the staff user.
 * Reading them is products.read; declaring and withdrawing is market.manage.
 */
export async function marketStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/exchanges/:exchange/closures',
    {
      config: { auth: 'staff', permission: 'products.read' },
      schema: {
        tags,
        summary: "An exchange's declared closures and early closes, oldest day first (all: withdrawn too)",
        params: exchangeParam,
        querystring: exchangeClosuresQuery,
        response: { 200: envelope(z.array(exchangeClosureSchema)) },
      },
    },
    async (request) => {
      const rows = await listExchangeClosures(ctx, {
        exchange: request.params.exchange,
        all: request.query.all === 'true',
      });
      return ok(rows.map(toClosure));
    },
  );

  app.post(
    '/v1/exchanges/:exchange/closures',
    {
      config: {
        auth: 'staff',
        permission: 'market.manage',
        openapi: { errors: { 400: [E.InvalidInput], 403: [E.Forbidden], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary: 'Declare the exchange closed on a day, or closing early; audited (exchange.close)',
        params: exchangeParam,
        body: exchangeClosureInput,
        response: { 201: envelope(exchangeClosureSchema) },
      },
    },
    async (request, reply) => {
      const { exchange } = request.params;
      const b = request.body;
      if (b.kind === 'early_close' && b.closeTime === undefined) {
        throw new DomainError(E.InvalidInput, 'An early close needs its close time (HH:MM).', 400);
      }
      if (b.kind === 'closed' && b.closeTime !== undefined) {
        throw new DomainError(E.InvalidInput, 'A day closed all day has no close time.', 400);
      }
      const row = await declareExchangeClosure(ctx, {
        exchange,
        date: b.day,
        closeTime: b.kind === 'early_close' ? b.closeTime : undefined,
        reason: b.reason,
        actor: staffActor(staffOf(request)),
      }).catch((error: unknown) => {
        if (isActiveDayTaken(error)) {
          throw new DomainError(
            E.Conflict,
            `${exchange} ${b.day} is already declared: withdraw that declaration first.`,
            409,
          );
        }
        throw error;
      });
      reply.status(201);
      return ok(toClosure(row), `Declaration #${row.id} recorded.`);
    },
  );

  app.post(
    '/v1/exchanges/:exchange/closures/:id/withdraw',
    {
      config: {
        auth: 'staff',
        permission: 'market.manage',
        openapi: {
          errors: { 400: [E.InvalidInput], 403: [E.Forbidden], 404: [E.NotFound], 409: [E.Conflict] },
        },
      },
      schema: {
        tags,
        summary: 'Withdraw a declaration in force (the published calendar applies again); audited',
        params: exchangeParam.extend({ id: plainId('Invalid id.') }),
        body: exchangeClosureWithdrawInput,
        response: { 200: envelope(exchangeClosureSchema) },
      },
    },
    async (request) => {
      const { exchange, id } = request.params;
      const existing = (await listExchangeClosures(ctx, { exchange, all: true })).find(
        (r) => r.id === Number(id),
      );
      if (!existing) throw new DomainError(E.NotFound, `No declaration #${id} for the ${exchange}.`, 404);
      const row = await withdrawExchangeClosure(ctx, {
        id: Number(id),
        reason: request.body.reason,
        actor: staffActor(staffOf(request)),
      });
      return ok(toClosure(row), `Declaration #${row.id} withdrawn.`);
    },
  );
}
