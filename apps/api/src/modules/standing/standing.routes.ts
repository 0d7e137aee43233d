import { clientStanding, envelope } from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { VIP_THRESHOLDS_RAND } from './standing.rules';
import { standingOfClient } from './standing.service';

export async function standingRoutes(app: AppInstance) {
  const ctx = app.ctx;
  app.get(
    '/client/app/v1/standing',
    {
      schema: {
        tags: ['client'],
        summary:
          'VIP level and trust score as the documented rules derive them, with each rule and whether it is met',
        response: { 200: envelope(clientStanding) },
      },
    },
    async (request) => {
      const s = await standingOfClient(ctx, principalOf(request).clientId);
      if (!s) throw notFound('Client not found.');
      return ok({
        version: s.version,
        vip: s.vip,
        next_vip_at_rand: s.nextVipAtRand,
        vip_thresholds_rand: [...VIP_THRESHOLDS_RAND],
        score: s.score,
        max_score: s.rules.reduce((t, r) => t + r.points, 0),
        order_num: s.orderNum,
        rules: s.rules,
      });
    },
  );
}
