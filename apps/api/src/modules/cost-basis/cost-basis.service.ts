/**
 * Cost basis (issue 14, decision 0040): which cost a sale relieves. This module computes it
 * (relieved-cost.ts) for every sale the orders module records, under the position's and its lots'
 * row locks, and consumes the FIFO lots; the movement trigger only subtracts the figure it is given
 * (migration 0019, decision 0050). It also prices a sale before it happens (the same arithmetic,
 * without locks), and shows and changes the client's choice.
 */
import { COST_BASIS_LABELS, type CostBasisMethod, type CostBasisSetting } from '@imali/contract';
import { parseDecimal } from '@imali/money';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import { setCostBasisMethod } from '../client/client-writes.service';
import * as repo from './cost-basis.repository';
import { relievedCost, type SaleRelief } from './relieved-cost';

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
    const before = await setCostBasisMethod(txCtx.db, clientId, method);
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

/**
 * What selling `quantity` of the order's position would relieve now, by the position's method
 * (the sell preview's cost basis); undefined when the position is empty. Reads without locks.
 */
export async function saleCostOf(
  db: Db,
  order: repo.PositionOf & { quantity: string },
): Promise<Pick<SaleRelief, 'costMinor' | 'method'> | undefined> {
  const position = await repo.positionOf(db, order, false);
  if (!position || parseDecimal(position.quantity).coefficient <= 0n) return undefined;
  const lots = position.method === 'fifo' ? await repo.lotsOf(db, position, false) : [];
  const { costMinor, method } = relievedCost(position, lots, order.quantity);
  return { costMinor, method };
}

/**
 * Relieves the position of a sale of `quantity`, inside the sale's transaction, before its
 * movement is recorded: locks the position row, then its FIFO lots oldest first (the fixed order,
 * as a buy's trigger takes the position before inserting a lot), so concurrent sales of one
 * position take turns and each reads the lots the previous one left. Consumes the lots; the cost
 * is what the movement carries for the trigger to subtract and write on the sold order.
 */
export async function relieveSale(
  db: Db,
  sale: repo.PositionOf & { orderId: number; quantity: string },
): Promise<Pick<SaleRelief, 'costMinor' | 'method'>> {
  const position = await repo.positionOf(db, sale, true);
  if (!position)
    throw new Error(`portfolio: no position for order ${sale.orderId} (sale of ${sale.quantity})`);
  const lots = position.method === 'fifo' ? await repo.lotsOf(db, position, true) : [];
  const relief = relievedCost(position, lots, sale.quantity);
  await repo.applyLotChanges(db, relief.lots);
  return { costMinor: relief.costMinor, method: relief.method };
}
