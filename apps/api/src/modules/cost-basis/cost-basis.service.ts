/**
 * Cost basis (issue 14, decision 0040): which cost a sale relieves. The database keeps it
 * (migration 0017: the movement trigger relieves the position and writes the cost on the sold
 * order); this module shows the client's choice, changes it, and prices a sale before it happens.
 */
import { COST_BASIS_LABELS, type CostBasisMethod, type CostBasisSetting } from '@imali/contract';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import * as repo from './cost-basis.repository';

const DESCRIPTIONS: Record<CostBasisMethod, string> = {
  average:
    'A sale costs its shares at the average price of every share of that position you hold (what you paid, fees included, divided by the shares). The South African default for shares and funds.',
  fifo: 'A sale costs its shares at the price of the oldest shares of that position you still hold, first bought, first sold, whichever order you close.',
};

export async function settingOf(ctx: AppContext, clientId: number): Promise<CostBasisSetting> {
  const method = await repo.methodOfClient(ctx.db, clientId);
  if (!method) throw notFound('Client not found.');
  return {
    method,
    methods: (['average', 'fifo'] as const).map((value) => ({
      value,
      label: COST_BASIS_LABELS[value],
      description: DESCRIPTIONS[value],
    })),
    open_positions: await repo.openPositionsByMethod(ctx.db, clientId),
  };
}

/** The client's choice for positions opened from now on; audited when it changes. */
export async function chooseMethod(ctx: AppContext, clientId: number, method: CostBasisMethod) {
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as Db };
    const before = await repo.setMethodOfClient(txCtx.db, clientId, method);
    if (before === undefined) throw notFound('Client not found.');
    if (before !== method) {
      await audit.record(txCtx, {
        actor: `client:${clientId}`,
        action: 'client.cost_basis',
        subjectType: 'client',
        subjectId: String(clientId),
        before: { cost_basis_method: before },
        after: { cost_basis_method: method },
      });
    }
  });
  return settingOf(ctx, clientId);
}

/** The cost a sale of the whole order would relieve now (the sell preview's cost basis). */
export const saleCostOf = repo.saleCost;
