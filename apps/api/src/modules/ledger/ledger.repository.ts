import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  accounts,
  holds,
  idempotencyKeys,
  journalEntries,
  postings,
  type LedgerCurrency,
} from '../../db/schema/index';

export type AccountRow = typeof accounts.$inferSelect;
export type HoldRow = typeof holds.$inferSelect;

/** Built once per database as a prepared statement: every signed-in money screen runs it (0038). */
const clientAccountsQuery = (db: Db) =>
  db
    .select()
    .from(accounts)
    .where(and(eq(accounts.clientId, sql.placeholder('clientId')), eq(accounts.kind, 'client')))
    .orderBy(asc(accounts.id))
    .prepare('imali_client_accounts');
const clientAccountsQueries = new WeakMap<Db, ReturnType<typeof clientAccountsQuery>>();

export async function listClientAccounts(db: Db, clientId: number) {
  let query = clientAccountsQueries.get(db);
  if (!query) clientAccountsQueries.set(db, (query = clientAccountsQuery(db)));
  return query.execute({ clientId });
}

export async function insertClientAccounts(
  db: Db,
  clientId: number,
  currencies: readonly LedgerCurrency[],
  at: Date,
) {
  await db.execute(sql`
    insert into accounts (kind, purpose, client_id, currency, created_at)
    select 'client', 'cash', ${clientId}::bigint, c, ${at.toISOString()}::timestamptz from unnest(${sql.raw(
      `array[${currencies.map((c) => `'${c}'`).join(',')}]`,
    )}::text[]) as c
    on conflict do nothing`);
}

export async function findAccount(db: Db, id: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

export async function findClientAccountByCurrency(db: Db, clientId: number, currency: LedgerCurrency) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.clientId, clientId), eq(accounts.kind, 'client'), eq(accounts.currency, currency)))
    .limit(1);
  return row;
}

/**
 * Locks the rows in id order (every writer does, so two transactions never wait on each other in a
 * cycle). With `clientId`, only that client's cash accounts are locked (and returned): someone
 * else's row is never held, not even for a refusal.
 */
export async function lockAccounts(db: Db, ids: number[], clientId?: number) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return db
    .select()
    .from(accounts)
    .where(
      clientId === undefined
        ? inArray(accounts.id, unique)
        : and(inArray(accounts.id, unique), eq(accounts.kind, 'client'), eq(accounts.clientId, clientId)),
    )
    .orderBy(asc(accounts.id))
    .for('update');
}

export async function houseAccounts(db: Db) {
  return db
    .select({ id: accounts.id, purpose: accounts.purpose, currency: accounts.currency })
    .from(accounts)
    .where(eq(accounts.kind, 'house'));
}

export interface PostingValues {
  accountId: number;
  currency: LedgerCurrency;
  amountMinor: bigint;
}

/**
 * One statement: the entry (declaring its posting count), its postings numbered 1..n, and the
 * client balances moved by `clientDeltas` (rows the caller has locked). The commit-time trigger
 * then checks the postings are all there and balance per currency. Returns the entry id and how
 * many client rows moved (a house account, which has no stored balance, or a missing one is not).
 */
export async function insertEntry(
  db: Db,
  entry: Omit<typeof journalEntries.$inferInsert, 'postingCount'> & { createdAt: Date },
  lines: PostingValues[],
  clientDeltas: Map<number, bigint>,
) {
  const at = entry.createdAt.toISOString();
  const postingValues = sql.join(
    lines.map(
      (l, i) =>
        sql`(${i + 1}::smallint, ${l.accountId}::bigint, ${l.currency}::text, ${l.amountMinor.toString()}::bigint)`,
    ),
    sql`, `,
  );
  const balanceValues = sql.join(
    [...clientDeltas].map(([id, delta]) => sql`(${id}::bigint, ${delta.toString()}::bigint)`),
    sql`, `,
  );
  const moved =
    clientDeltas.size === 0
      ? sql`select null::bigint as id where false`
      : sql`update accounts a set balance_minor = a.balance_minor + d.delta
            from (values ${balanceValues}) as d (id, delta)
            where a.id = d.id and a.kind = 'client'
            returning a.id`;
  const result = await db.execute(sql`
    with entry as (
      insert into journal_entries (kind, description, reference, client_id, created_by, created_at, posting_count)
      values (${entry.kind}, ${entry.description}, ${entry.reference}, ${entry.clientId ?? null}::bigint,
              ${entry.createdBy}, ${at}::timestamptz, ${lines.length}::smallint)
      returning id
    ), posted as (
      insert into postings (entry_id, line_no, entry_lines, account_id, currency, amount_minor, created_at)
      select entry.id, v.line_no, ${lines.length}::smallint, v.account_id, v.currency, v.amount_minor, ${at}::timestamptz
      from entry, (values ${postingValues}) as v (line_no, account_id, currency, amount_minor)
    ), moved as (${moved})
    select (select id from entry)::text as entry_id, (select count(*) from moved)::int as moved`);
  const [row] = rowsOf<{ entry_id: string; moved: number }>(result);
  return { id: Number(row!.entry_id), moved: Number(row!.moved) };
}

/** Adds to a client account's balance and held amounts (the row is already locked). */
export async function adjustAccount(db: Db, id: number, balanceDelta: bigint, heldDelta: bigint) {
  await db
    .update(accounts)
    .set({
      balanceMinor: sql`${accounts.balanceMinor} + ${balanceDelta.toString()}::bigint`,
      heldMinor: sql`${accounts.heldMinor} + ${heldDelta.toString()}::bigint`,
    })
    .where(eq(accounts.id, id));
}

// ---------- Holds ----------

/**
 * Raises held by `amount` if that much is available, taking the row lock; false when it is not
 * (or the account is no client account).
 */
export async function reserveAvailable(db: Db, accountId: number, amount: bigint) {
  const rows = await db
    .update(accounts)
    .set({ heldMinor: sql`${accounts.heldMinor} + ${amount.toString()}::bigint` })
    .where(
      and(
        eq(accounts.id, accountId),
        eq(accounts.kind, 'client'),
        sql`${accounts.balanceMinor} - ${accounts.heldMinor} >= ${amount.toString()}::bigint`,
      ),
    )
    .returning({ id: accounts.id });
  return rows.length === 1;
}

export async function insertHold(db: Db, values: typeof holds.$inferInsert) {
  const [row] = await db.insert(holds).values(values).returning();
  return row!;
}

export type HoldTarget = number | { referenceType: string; referenceId: number };

const activeHold = (target: HoldTarget) =>
  typeof target === 'number'
    ? and(eq(holds.id, target), eq(holds.status, 'active'))
    : and(
        eq(holds.referenceType, target.referenceType),
        eq(holds.referenceId, target.referenceId),
        eq(holds.status, 'active'),
      );

/** The active hold, locked, with its account's currency; undefined when there is none. */
export async function lockActiveHold(db: Db, target: HoldTarget) {
  const [row] = await db
    .select({ hold: holds, currency: accounts.currency })
    .from(holds)
    .innerJoin(accounts, eq(accounts.id, holds.accountId))
    .where(activeHold(target))
    .limit(1)
    .for('update', { of: holds });
  return row;
}

/** Sets an active hold's amount (the caller has moved the account's held by the difference). */
export async function setHoldAmount(db: Db, holdId: number, amountMinor: bigint) {
  await db
    .update(holds)
    .set({ amountMinor })
    .where(and(eq(holds.id, holdId), eq(holds.status, 'active')));
}

/** Settles the active hold (released, or captured with what was posted); the settled row or undefined. */
export async function settleHold(
  db: Db,
  target: HoldTarget,
  values: { status: 'released' } | { status: 'captured'; capturedMinor: bigint; entryId: number },
  at: Date,
) {
  const [row] = await db
    .update(holds)
    .set({ ...values, settledAt: at })
    .where(activeHold(target))
    .returning();
  return row;
}

// ---------- Idempotency ----------

/** Inserts the key; false when it already exists (another request got there first, or a replay). */
export async function claimIdempotencyKey(
  db: Db,
  clientId: number,
  key: string,
  requestHash: string,
  at: Date,
) {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ clientId, key, requestHash, createdAt: at })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function findIdempotencyKey(db: Db, clientId: number, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.clientId, clientId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

export async function storeIdempotentResponse(db: Db, clientId: number, key: string, response: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ response })
    .where(and(eq(idempotencyKeys.clientId, clientId), eq(idempotencyKeys.key, key)));
}

// ---------- Statement ----------

export async function sumPostingsBefore(db: Db, accountId: number, before: Date) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${postings.amountMinor}), 0)::text` })
    .from(postings)
    .where(and(eq(postings.accountId, accountId), lt(postings.createdAt, before)));
  return BigInt(row?.total ?? '0');
}

export async function postingsBetween(db: Db, accountId: number, from: Date, to: Date) {
  return db
    .select({
      id: postings.id,
      amountMinor: postings.amountMinor,
      createdAt: postings.createdAt,
      description: journalEntries.description,
      reference: journalEntries.reference,
    })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(and(eq(postings.accountId, accountId), gte(postings.createdAt, from), lt(postings.createdAt, to)))
    .orderBy(asc(postings.createdAt), asc(postings.id));
}

/**
 * The most recent postings of these accounts with their entry (the console's client 360): per
 * account the newest `limit` by postings_account_idx, then the newest `limit` of those.
 */
export async function recentPostingsOf(db: Db, accountIds: number[], limit: number) {
  if (accountIds.length === 0) return [];
  return db
    .select({
      id: postings.id,
      accountId: postings.accountId,
      currency: postings.currency,
      amountMinor: postings.amountMinor,
      createdAt: postings.createdAt,
      kind: journalEntries.kind,
      description: journalEntries.description,
      reference: journalEntries.reference,
    })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(inArray(postings.accountId, accountIds))
    .orderBy(desc(postings.createdAt), desc(postings.id))
    .limit(limit);
}

/** Whether a manual adjustment with `reference` was already posted on the account (ledger.adjust). */
export async function adjustmentPosted(db: Db, accountId: number, reference: string) {
  const [row] = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .innerJoin(postings, eq(postings.entryId, journalEntries.id))
    .where(
      and(
        eq(journalEntries.kind, 'adjustment'),
        eq(journalEntries.reference, reference),
        eq(postings.accountId, accountId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
