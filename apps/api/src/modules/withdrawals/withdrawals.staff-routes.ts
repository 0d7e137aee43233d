import {
  approvalOutcomeSchema,
  envelope,
  ErrorCode,
  idParam,
  payWithdrawalInput,
  rejectWithdrawalInput,
  staffWithdrawalQuery,
  staffWithdrawalSchema,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { requestApproval } from '../approvals/approvals.service';
import { withdrawalPayPayloadOf } from './withdrawals.approval';
import { payoutQueue, rejectWithdrawalAsStaff, toWithdrawalView } from './withdrawals.service';

const tags = ['ops: payouts'];
const E = ErrorCode;

/**
 * The console's payouts queue (issue 23), under /ops/v1 on the ops app. Paying goes through the
 * amount tiers (approvals, decision 0058): under the first tier the maker pays at once (200
 * `executed`), above it an approval request is made (202 `pending`), approved in the checkers'
 * inbox (approvals.staff-routes.ts).
 */
export async function withdrawalsStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/withdrawals',
    {
      config: { auth: 'staff', permission: 'payouts.read' },
      schema: {
        tags,
        summary: "Withdrawals (pending by default) with the client's balance, card, history, flags and tier",
        querystring: staffWithdrawalQuery,
        response: { 200: envelope(z.array(staffWithdrawalSchema)) },
      },
    },
    async (request) => {
      const { status } = request.query;
      return ok(await payoutQueue(ctx, status === 'all' ? undefined : status));
    },
  );

  app.post(
    '/v1/withdrawals/:id/pay',
    {
      config: {
        auth: 'staff',
        permission: 'payouts.request',
        // WITHDRAWALS_BLOCKED: staff blocked the client's withdrawals (decision 0065).
        openapi: { errors: { 403: [E.Forbidden], 409: [E.Conflict, E.WithdrawalsBlocked] } },
      },
      schema: {
        tags,
        summary:
          'Pay a withdrawal with the bank payment reference: at once under the first tier, else an approval request (202)',
        params: idParam,
        body: payWithdrawalInput,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const payload = await withdrawalPayPayloadOf(
        ctx,
        Number(request.params.id),
        request.body.paymentReference,
      );
      const outcome = await requestApproval(ctx, staff, 'withdrawal.pay', payload);
      if (outcome.status === 'pending') {
        reply.status(202);
        return ok(outcome, 'Waiting for approval.');
      }
      return ok(outcome, 'Withdrawal paid.');
    },
  );

  app.post(
    '/v1/withdrawals/:id/reject',
    {
      config: { auth: 'staff', permission: 'payouts.request', openapi: { errors: { 409: [E.Conflict] } } },
      schema: {
        tags,
        summary: 'Reject a withdrawal with a reason the client sees; the held funds are released',
        params: idParam,
        body: rejectWithdrawalInput,
        response: {
          200: envelope(
            z.object({ id: z.number().int(), status: z.string(), reason: z.string().nullable() }),
          ),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const row = await rejectWithdrawalAsStaff(ctx, Number(request.params.id), request.body.reason, staff);
      const view = toWithdrawalView(row);
      return ok({ id: view.id, status: view.status, reason: view.reason }, 'Withdrawal rejected.');
    },
  );
}
