import { approvalOutcomeSchema, envelope, ErrorCode, ledgerAdjustmentInput } from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { requestApproval } from '../approvals/approvals.service';
import { ledgerAdjustPayloadOf } from './ledger.approval';

const tags = ['ops: ledger'];
const E = ErrorCode;

/**
 * Manual ledger adjustments (issue 23), under /ops/v1 on the ops app: always an approval request
 * (ledger.adjust needs at least one checker, decision 0058), approved in the checkers' inbox.
 */
export async function ledgerStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.post(
    '/v1/ledger/adjustments',
    {
      config: {
        auth: 'staff',
        permission: 'ledger.adjust.request',
        openapi: {
          errors: { 400: [E.InvalidInput], 404: [E.NotFound], 409: [E.Conflict, E.InsufficientFunds] },
        },
      },
      schema: {
        tags,
        summary:
          "Ask for a manual adjustment of a client's cash account (signed amount, reason, reference): an approval request (202)",
        body: ledgerAdjustmentInput,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const payload = await ledgerAdjustPayloadOf(ctx, request.body);
      const outcome = await requestApproval(ctx, staff, 'ledger.adjust', payload);
      if (outcome.status === 'pending') {
        reply.status(202);
        return ok(outcome, 'Waiting for approval.');
      }
      return ok(outcome, 'Adjustment posted.');
    },
  );
}
