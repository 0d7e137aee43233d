import { z } from 'zod';

/**
 * GET /api/client/app/v1/standing: the client's VIP level and trust score as the documented rules
 * derive them (never typed in), each rule with its points and whether it is met. client_info's
 * vip, score and order_num are these figures as last stored by the hourly job.
 */
export const clientStanding = z.object({
  version: z.string(),
  vip: z.number(),
  /** Amount invested (in rand) that the next VIP level needs; null at the top level. */
  next_vip_at_rand: z.number().nullable(),
  vip_thresholds_rand: z.array(z.number()),
  score: z.number(),
  max_score: z.number(),
  order_num: z.number(),
  rules: z.array(z.object({ code: z.string(), label: z.string(), points: z.number(), met: z.boolean() })),
});
export type ClientStanding = z.infer<typeof clientStanding>;
