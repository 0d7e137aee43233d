import { eq, sql } from 'drizzle-orm';
import type { CostBasisMethod } from '@imali/contract';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema/index';
import { rowsOf } from '../../db/rows';

/**
 * What selling `quantity` of the order's position would relieve now, by the position's method
 * (migration 0017's portfolio_sale_cost); undefined when the position is empty.
 */
export async function saleCost(
  db: Db,
  order: {
    accountId: number;
    ttype: string;
    instrumentId: number;
    offeringId: number | null;
    quantity: string;
  },
) {
  const [row] = rowsOf<{ cost_minor: string; method: CostBasisMethod }>(
    await db.execute(sql`
      select cost_minor::text, method from portfolio_sale_cost(
        ${order.accountId}, portfolio_product(${order.ttype}), ${order.instrumentId},
        portfolio_offering_key(${order.ttype}, ${order.offeringId}::bigint), ${order.quantity}::numeric)`),
  );
  return row ? { costMinor: BigInt(row.cost_minor), method: row.method } : undefined;
}

export async function methodOfClient(db: Db, clientId: number) {
  const [row] = await db
    .select({ method: clients.costBasisMethod })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row?.method;
}

/** Sets the method under the client's row lock; the method it replaced. */
export async function setMethodOfClient(db: Db, clientId: number, method: CostBasisMethod) {
  const [row] = rowsOf<{ before: CostBasisMethod }>(
    await db.execute(sql`
      with old as (select id, cost_basis_method from clients where id = ${clientId} for update)
      update clients c set cost_basis_method = ${method} from old where c.id = old.id
      returning old.cost_basis_method as before`),
  );
  return row?.before;
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
