import {
  applicationSwitchBody,
  applicationSwitches,
  approvalOutcomeSchema,
  envelope,
  ErrorCode,
  idParam,
  rejectApplicationInput,
  staffApplicationQuery,
  staffApplicationSchema,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { staffActor } from '../staff/staff.service';
import { requestApproval } from '../approvals/approvals.service';
import { applicationPayoutOf } from './applications.approval';
import { rejectApplicationAsStaff, setClientFlags } from './applications.service';
import { reviewApplication, reviewApplications } from './review.service';

const tags = ['ops: applications'];
const E = ErrorCode;
const SWITCH_FIELDS = { bonus: 'allowBonus', compensation: 'allowCompensation', loan: 'allowLoan' } as const;

/**
 * The console's applications queue (issue 23), under /ops/v1 on the ops app. Approving a
 * compensation claim or a loan pays it out, so it goes through the amount tiers
 * (compensation.payout / loan.payout, decision 0058): under the first tier at once (200
 * `executed`), above it an approval request (202 `pending`) that checkers approve in their inbox.
 */
export async function applicationsStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/applications',
    {
      config: { auth: 'staff', permission: 'applications.read' },
      schema: {
        tags,
        summary:
          'Applications (pending by default): claims with evidence and what they are about, loans with affordability and the other loans, trial terms, and the tier',
        querystring: staffApplicationQuery,
        response: { 200: envelope(z.array(staffApplicationSchema)) },
      },
    },
    async (request) => {
      const { type, status } = request.query;
      return ok(
        await reviewApplications(ctx, {
          type: type === 'all' ? undefined : type,
          status: status === 'all' ? undefined : (status ?? 'pending'),
        }),
      );
    },
  );

  app.get(
    '/v1/applications/:id',
    {
      config: { auth: 'staff', permission: 'applications.read', openapi: { errors: { 404: [E.NotFound] } } },
      schema: {
        tags,
        summary: 'One application as the queue shows it',
        params: idParam,
        response: { 200: envelope(staffApplicationSchema) },
      },
    },
    async (request) => ok(await reviewApplication(ctx, Number(request.params.id))),
  );

  app.post(
    '/v1/applications/:id/approve',
    {
      config: {
        auth: 'staff',
        permission: 'applications.decide',
        openapi: { errors: { 403: [E.Forbidden], 404: [E.NotFound], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary:
          'Approve (pay out) a compensation claim or a loan: at once under the first tier, else an approval request (202)',
        params: idParam,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { action, payload } = await applicationPayoutOf(ctx, Number(request.params.id));
      const outcome = await requestApproval(ctx, staff, action, payload);
      if (outcome.status === 'pending') {
        reply.status(202);
        return ok(outcome, 'Waiting for approval.');
      }
      return ok(outcome, 'Application approved and paid out.');
    },
  );

  app.post(
    '/v1/applications/:id/reject',
    {
      config: {
        auth: 'staff',
        permission: 'applications.decide',
        openapi: { errors: { 404: [E.NotFound], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary:
          'Reject a compensation claim or a loan with a reason the client sees; a waiting approval request of it is cancelled',
        params: idParam,
        body: rejectApplicationInput,
        response: {
          200: envelope(
            z.object({ id: z.number().int(), status: z.string(), reason: z.string().nullable() }),
          ),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const row = await rejectApplicationAsStaff(ctx, Number(request.params.id), request.body.reason, staff);
      return ok({ id: row.id, status: row.status, reason: row.decisionReason }, 'Application rejected.');
    },
  );

  app.put(
    '/v1/clients/:id/flags/applications',
    {
      config: {
        auth: 'staff',
        permission: 'clients.flags.set',
        openapi: { errors: { 404: [E.NotFound], 409: [E.Conflict] } },
      },
      schema: {
        tags,
        summary:
          'Turn one of the client’s application switches (trial bonus, compensation, loans) on or off, with a reason; audited',
        params: idParam,
        body: applicationSwitchBody,
        response: { 200: envelope(applicationSwitches) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { flag, allowed, reason } = request.body;
      const field = SWITCH_FIELDS[flag];
      const { after } = await setClientFlags(
        ctx,
        { clientId: Number(request.params.id) },
        { [field]: allowed },
        staffActor(staff),
        { staffId: staff.id, reason },
      );
      return ok(after, 'Switch changed.');
    },
  );
}
