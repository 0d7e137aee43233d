import {
  envelope,
  ErrorCode,
  idParam,
  rejectDepositInput,
  staffDepositListQuery,
  staffDepositSchema,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { staffActor } from '../staff/staff.service';
import { listPendingDepositsForStaff, rejectDepositForStaff } from './deposits.service';

const tags = ['staff: deposits'];

/** Deposits on the staff API (registered under /ops/v1 by modules/ops-modules.ts). */
export async function depositsStaffRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/v1/deposits',
    {
      config: { auth: 'staff', permission: 'deposits.read' },
      schema: {
        tags,
        summary: 'Pending deposits, oldest first: client, amount, reference, proof file id, age',
        querystring: staffDepositListQuery,
        response: { 200: envelope(z.array(staffDepositSchema)) },
      },
    },
    async () => ok(await listPendingDepositsForStaff(ctx)),
  );

  app.post(
    '/v1/deposits/:id/reject',
    {
      config: {
        auth: 'staff',
        permission: 'deposits.confirm',
        openapi: { errors: { 404: [ErrorCode.NotFound], 409: [ErrorCode.Conflict] } },
      },
      schema: {
        tags,
        summary: 'Reject a pending deposit with a reason the client sees',
        params: idParam,
        body: rejectDepositInput,
        response: { 200: envelope(staffDepositSchema) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return ok(
        await rejectDepositForStaff(ctx, request.params.id, request.body.reason, staffActor(staff)),
        'Deposit rejected.',
      );
    },
  );
}
