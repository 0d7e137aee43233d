import { cashAccount, envelope, idParam, moneyLimits, statementQuery } from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { clientLimitsView } from '../limits/limits.service';
import { statementCsv } from '../ledger/statement.service';
import { cashAccountsOf } from '../withdrawals/withdrawals.service';

const tags = ['money'];

export async function accountRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/account/app/v1',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary:
          "The client's cash accounts (one per currency): balance, available, held, and what may be withdrawn now",
        response: { 200: envelope(z.array(cashAccount)) },
      },
    },
    async (request) => {
      return ok(await cashAccountsOf(ctx, principalOf(request).clientId));
    },
  );

  app.get(
    '/account/app/v1/:id/statement.csv',
    {
      config: { kyc: true, openapi: { produces: ['text/csv'] } },
      schema: {
        tags,
        summary: 'CSV statement of one account (date, description, reference, debit, credit, balance)',
        params: idParam,
        querystring: statementQuery,
      },
    },
    async (request, reply) => {
      const { csv, filename } = await statementCsv(
        ctx,
        principalOf(request).clientId,
        request.params.id,
        request.query,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );

  app.get(
    '/caccount/app/v1/limits',
    {
      schema: {
        tags,
        summary: 'Minimum deposit, minimum withdrawal and daily withdrawal cap per currency',
        response: { 200: envelope(z.array(moneyLimits)) },
      },
    },
    async () => ok(await clientLimitsView(ctx)),
  );
}
