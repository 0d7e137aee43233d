import { eq, inArray, sql } from 'drizzle-orm';
import type { CostBasisMethod } from '@imali/contract';
import type { Db } from '../../db/client';
import { clients, costLots } from '../../db/schema/index';
import { rowsOf } from '../../db/rows';
import type { LotChange } from './relieved-cost';

/** A position as the cost-basis arithmetic needs it, with the key of its FIFO lots. */
export interface PositionRow {
  accountId: number;
  product: string;
  instrumentId: number;
  offeringKey: number;
  quantity: string;
  costMinor: bigint;
  method: CostBasisMethod;
}

/** Whose position: an order's account and product (ttype, offering) and the instrument moved. */
export interface PositionOf {
  accountId: number;
  ttype: string;
  instrumentId: number;
  offeringId: number | null;
}

/**
 * The position, keyed as the movement trigger keys it (migration 0016's portfolio_product and
 * portfolio_offering_key); `lock`: FOR UPDATE, taken before its lots' (the fixed order).
 */
export async function positionOf(db: Db, of: PositionOf, lock: boolean): Promise<PositionRow | undefined> {
  const [row] = rowsOf<{
    account_id: string;
    product: string;
    instrument_id: string;
    offering_key: string;
    quantity: string;
    cost_minor: string;
    method: CostBasisMethod;
  }>(
    await db.execute(sql`
      select account_id::text, product, instrument_id::text, offering_key::text, quantity::text,
             cost_minor::text, cost_basis_method as method
      from portfolio_positions
      where account_id = ${of.accountId} and product = portfolio_product(${of.ttype})
        and instrument_id = ${of.instrumentId}
        and offering_key = portfolio_offering_key(${of.ttype}, ${of.offeringId}::bigint)
      ${lock ? sql`for update` : sql``}`),
  );
  return row
    ? {
        accountId: Number(row.account_id),
        product: row.product,
        instrumentId: Number(row.instrument_id),
        offeringKey: Number(row.offering_key),
        quantity: row.quantity,
        costMinor: BigInt(row.cost_minor),
        method: row.method,
      }
    : undefined;
}

/** A FIFO position's open lots, oldest first; `lock`: FOR UPDATE, in that order. */
export async function lotsOf(db: Db, position: PositionRow, lock: boolean) {
  const rows = rowsOf<{ id: string; quantity: string; cost_minor: string }>(
    await db.execute(sql`
      select id::text, quantity::text, cost_minor::text from cost_lots
      where account_id = ${position.accountId} and product = ${position.product}
        and instrument_id = ${position.instrumentId} and offering_key = ${position.offeringKey}
      order by acquired_at, id
      ${lock ? sql`for update` : sql``}`),
  );
  return rows.map((r) => ({ id: Number(r.id), quantity: r.quantity, costMinor: BigInt(r.cost_minor) }));
}

/** Applies what a sale left of the lots it consumed: emptied lots go, a partly consumed one shrinks. */
export async function applyLotChanges(db: Db, changes: readonly LotChange[]) {
  const emptied = changes.filter((c) => c.emptied).map((c) => c.id);
  if (emptied.length > 0) await db.delete(costLots).where(inArray(costLots.id, emptied));
  for (const change of changes) {
    if (change.emptied) continue;
    await db
      .update(costLots)
      .set({ quantity: change.quantity, costMinor: change.costMinor })
      .where(eq(costLots.id, change.id));
  }
}

export async function methodOfClient(db: Db, clientId: number) {
  const [row] = await db
    .select({ method: clients.costBasisMethod })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row?.method;
}

/** The client's open positions per method. */
export async function openPositionsByMethod(db: Db, clientId: number) {
  const rows = rowsOf<{ method: CostBasisMethod; positions: number }>(
    await db.execute(sql`
      select p.cost_basis_method as method, count(*)::int as positions
      from portfolio_positions p join accounts a on a.id = p.account_id
      where a.client_id = ${clientId} and p.quantity > 0
      group by 1`),
  );
  const counts: Record<CostBasisMethod, number> = { average: 0, fifo: 0 };
  for (const r of rows) counts[r.method] = Number(r.positions);
  return counts;
}
