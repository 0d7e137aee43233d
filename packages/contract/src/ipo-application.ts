import { z } from 'zod';

/**
 * An IPO order's application (issue 13 section 4), on its receipt as `order.ipo`. In its own file
 * because the order schema (trading.ts) carries it while ipo.ts builds on trading.ts's offering.
 */
export const ipoApplication = z.object({
  lots: z.number().int(),
  lot_size: z.number().int(),
  /** Set at allotment (0 when not allotted); null before. */
  allotted_lots: z.number().int().nullable(),
  price_low: z.string(),
  price_high: z.string(),
  /** Quote unit; null until the operator sets it (a range). */
  final_price: z.string().nullable(),
  /** 'YYYY-MM-DD', the exchange's dates. */
  allots_on: z.string(),
  lists_on: z.string(),
  allocation_rule: z.enum(['pro_rata', 'lottery']),
  /** The subscription window's end (ISO). */
  closes_at: z.string(),
  /** Awaiting and the window is open: cancelling releases the held funds. */
  can_cancel: z.boolean(),
  /** The final price needs this client's reconfirmation (not given yet); if not given it lapses at allotment. */
  needs_reconfirmation: z.boolean(),
  /** What reconfirming would hold (lots × lot size × final price + fees), account currency; null when not needed. */
  reconfirm_held: z.string().nullable(),
  /** The fee schedule `reconfirm_held` was priced with (a reconfirmation repeats it); null when not needed. */
  reconfirm_fee_schedule: z.string().nullable(),
});
export type IpoApplication = z.infer<typeof ipoApplication>;
