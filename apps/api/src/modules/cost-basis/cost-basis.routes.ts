import { costBasisBody, costBasisSetting, envelope } from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { chooseMethod, settingOf } from './cost-basis.service';

export async function costBasisRoutes(app: AppInstance) {
  const ctx = app.ctx;
  const tags = ['portfolio'];
  app.get(
    '/client/app/v1/cost_basis',
    {
      schema: {
        tags,
        summary: "The client's cost-basis method (average cost or FIFO) and the open positions under each",
        response: { 200: envelope(costBasisSetting) },
      },
    },
    async (request) => ok(await settingOf(ctx, principalOf(request).clientId)),
  );
  app.put(
    '/client/app/v1/cost_basis',
    {
      schema: {
        tags,
        summary:
          'Choose average cost or FIFO for positions opened from now on; an open position keeps its method until it is empty (audited)',
        body: costBasisBody,
        response: { 200: envelope(costBasisSetting) },
      },
    },
    async (request) =>
      ok(await chooseMethod(ctx, principalOf(request).clientId, request.body.method), 'Cost basis saved.'),
  );
}
