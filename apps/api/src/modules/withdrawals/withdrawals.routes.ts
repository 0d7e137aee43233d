import { envelope, MoneyMessages, withdrawal, withdrawalBody } from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { markReplayed } from '../../lib/idempotent-reply';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { idempotencyOf } from '../ledger/idempotency';
import { listClientWithdrawals, requestWithdrawal } from './withdrawals.service';

const tags = ['money'];

export async function withdrawalRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.post(
    '/withdraw/app/v1',
    {
      // The PIN is spent inside the withdrawal's transaction (one verification per withdrawal).
      config: { idempotent: true, kyc: true },
      schema: {
        tags,
        summary:
          'Request a withdrawal to an own bank card; holds the funds (a PIN verification of its own, Idempotency-Key)',
        body: withdrawalBody,
        response: { 200: envelope(withdrawal) },
      },
    },
    async (request, reply) => {
      const { clientId, sessionId } = principalOf(request);
      const body = request.body;
      const result = await requestWithdrawal(ctx, clientId, idempotencyOf(request, body), {
        accountId: body.account_id,
        amount: body.amount,
        cardId: body.receiver,
        pinSessionId: sessionId,
      });
      markReplayed(reply, result);
      return ok(result.data, MoneyMessages.withdrawalCreated);
    },
  );

  app.get(
    '/withdraw/app/v1/list',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary: "The client's withdrawals, newest first",
        response: { 200: envelope(z.array(withdrawal)) },
      },
    },
    async (request) => ok(await listClientWithdrawals(ctx, principalOf(request).clientId)),
  );
}
