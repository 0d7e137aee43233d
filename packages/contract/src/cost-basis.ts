import { z } from 'zod';
import { COST_BASIS_LABELS, COST_BASIS_METHODS, COST_BASIS_SHORT_LABELS } from './constants';

export { COST_BASIS_LABELS, COST_BASIS_METHODS, COST_BASIS_SHORT_LABELS };
export type { CostBasisMethod } from './constants';

/**
 * GET /api/client/app/v1/cost_basis: the client's cost-basis method (decision 0040) and how many
 * open positions still use each. PUT with `{ method }` changes it for positions opened from then
 * on; an open position keeps its method until it is empty.
 */
export const costBasisSetting = z.object({
  method: z.enum(COST_BASIS_METHODS),
  methods: z.array(
    z.object({ value: z.enum(COST_BASIS_METHODS), label: z.string(), description: z.string() }),
  ),
  open_positions: z.object({ average: z.number().int(), fifo: z.number().int() }),
});
export type CostBasisSetting = z.infer<typeof costBasisSetting>;

export const costBasisBody = z.object({
  method: z.enum(COST_BASIS_METHODS, { error: 'Choose average cost or FIFO.' }),
});
export type CostBasisBody = z.input<typeof costBasisBody>;
