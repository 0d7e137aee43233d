import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseHandle, Db } from './client';
import { rowsOf } from './rows';

/** `text` with $n placeholders as Drizzle SQL with `params` bound in their places. */
function bound(text: string, params: unknown[]): SQL {
  return sql.join(
    text.split(/\$(\d+)/).map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)),
  );
}

/**
 * Runs one fixed statement text ($1, $2 … placeholders; one text per `name`) where the caller is.
 * Outside a transaction (`ctx.db` is the handle's own): a named prepared statement on the pool,
 * parsed and planned once per connection, nothing built per call (decision 0038). Inside one (a
 * job, a money request's transaction): the same text and parameters on the transaction's
 * connection, so it reads what the transaction sees and never waits on itself (PGlite has one
 * connection).
 */
export async function runFixed<T>(
  ctx: { db: Db; database: Pick<DatabaseHandle, 'db' | 'prepared'> },
  name: string,
  text: string,
  params: unknown[],
): Promise<T[]> {
  if (ctx.db === ctx.database.db) return ctx.database.prepared<T>(name, text, params);
  return rowsOf<T>(await ctx.db.execute(bound(text, params)));
}

/** Whether `ctx` is outside a transaction, where independent reads may go to the pool together. */
export const outsideTransaction = (ctx: { db: Db; database: Pick<DatabaseHandle, 'db'> }) =>
  ctx.db === ctx.database.db;
