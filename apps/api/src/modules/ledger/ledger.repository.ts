import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accounts,
  idempotencyKeys,
  journalEntries,
  postings,
  type LedgerCurrency,
} from '../../db/schema/index';

export type AccountRow = typeof accounts.$inferSelect;

export async function listClientAccounts(db: Db, clientId: number) {
  return db
    .select()
    .from(accounts)
    .where(and(eq(accounts.clientId, clientId), eq(accounts.kind, 'client')))
    .orderBy(asc(accounts.id));
}

export async function insertClientAccounts(db: Db, clientId: number, currencies: readonly LedgerCurrency[]) {
  await db.execute(sql`
    insert into accounts (kind, purpose, client_id, currency)
    select 'client', 'cash', ${clientId}::bigint, c from unnest(${sql.raw(
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

export async function findAccounts(db: Db, ids: number[]) {
  return db.select().from(accounts).where(inArray(accounts.id, ids));
}

/** Locks the rows in id order (every writer does, so two transactions never wait on each other in a cycle). */
export async function lockAccounts(db: Db, ids: number[]) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return db
    .select()
    .from(accounts)
    .where(inArray(accounts.id, unique))
    .orderBy(asc(accounts.id))
    .for('update');
}

export async function houseAccounts(db: Db) {
  return db
    .select({ id: accounts.id, purpose: accounts.purpose, currency: accounts.currency })
    .from(accounts)
    .where(eq(accounts.kind, 'house'));
}

export async function insertEntry(db: Db, values: typeof journalEntries.$inferInsert) {
  const [row] = await db.insert(journalEntries).values(values).returning();
  return row!;
}

export async function insertPostings(db: Db, rows: (typeof postings.$inferInsert)[]) {
  await db.insert(postings).values(rows);
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

// ---------- Invariant checks (ledger check) ----------

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

export async function unbalancedEntries(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select entry_id::text as entry_id, currency, sum(amount_minor)::text as total
      from postings group by entry_id, currency having sum(amount_minor) <> 0 limit 20`),
  );
}

/** Entries with fewer than two postings (transfer entries are no longer re-read at commit: 0006). */
export async function entriesWithoutTwoPostings(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select e.id::text as entry_id, count(p.id)::text as postings
      from journal_entries e left join postings p on p.entry_id = e.id
      group by e.id having count(p.id) < 2
      limit 20`),
  );
}

/** Transfers whose entry lacks the client's debit or credit they record. */
export async function transfersOffTheirEntries(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select t.id::text as id, t.entry_id::text as entry_id
      from transfers t
      left join postings pf on pf.entry_id = t.entry_id and pf.account_id = t.from_account_id
        and pf.currency = t.from_currency and pf.amount_minor = -t.amount_minor
      left join postings pt on pt.entry_id = t.entry_id and pt.account_id = t.to_account_id
        and pt.currency = t.to_currency and pt.amount_minor = t.converted_minor
      where pf.id is null or pt.id is null
      limit 20`),
  );
}

export async function accountsOffTheirPostings(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select a.id::text as id, a.balance_minor::text as stored, coalesce(p.total, 0)::text as posted
      from accounts a
      left join (select account_id, sum(amount_minor) as total from postings group by account_id) p
        on p.account_id = a.id
      where a.kind = 'client' and a.balance_minor <> coalesce(p.total, 0)
      limit 20`),
  );
}

export async function accountsBreakingBalanceRules(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select id::text as id, balance_minor::text as balance, held_minor::text as held
      from accounts
      where kind = 'client' and (balance_minor < 0 or held_minor < 0 or held_minor > balance_minor)
      limit 20`),
  );
}

export async function heldOffActiveHolds(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select a.id::text as id, a.held_minor::text as held, coalesce(h.total, 0)::text as holds
      from accounts a
      left join (select account_id, sum(amount_minor) as total from holds where status = 'active' group by account_id) h
        on h.account_id = a.id
      where a.kind = 'client' and a.held_minor <> coalesce(h.total, 0)
      limit 20`),
  );
}

export async function withdrawalsOffTheirHolds(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select w.id::text as id, w.status, h.status as hold_status
      from withdrawals w
      left join holds h on h.withdrawal_id = w.id
      where h.id is null
         or h.amount_minor <> w.amount_minor
         or h.account_id <> w.account_id
         or (w.status = 'pending' and h.status <> 'active')
         or (w.status = 'paid' and h.status <> 'captured')
         or (w.status = 'rejected' and h.status <> 'released')
      limit 20`),
  );
}

export async function decidedWithoutEntry(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select 'deposit' as kind, d.id::text as id from deposits d
      left join postings p on p.entry_id = d.entry_id and p.account_id = d.account_id
      where d.status = 'confirmed' and (p.id is null or p.amount_minor <> d.amount_minor)
      union all
      select 'withdrawal', w.id::text from withdrawals w
      left join postings p on p.entry_id = w.entry_id and p.account_id = w.account_id
      where w.status = 'paid' and (p.id is null or p.amount_minor <> -w.amount_minor)
      limit 20`),
  );
}

export async function ledgerFigures(db: Db) {
  const [counts] = rowsOf(
    await db.execute(sql`
      select (select count(*) from journal_entries)::text as entries,
             (select count(*) from postings)::text as postings,
             (select count(*) from accounts where kind = 'client')::text as client_accounts,
             (select count(*) from withdrawals where status = 'pending')::text as pending_withdrawals,
             (select count(*) from deposits where status = 'pending')::text as pending_deposits`),
  );
  const perCurrency = rowsOf(
    await db.execute(sql`
      select a.currency,
             coalesce(sum(a.balance_minor) filter (where a.kind = 'client'), 0)::text as client_balance,
             coalesce(sum(a.held_minor) filter (where a.kind = 'client'), 0)::text as client_held,
             coalesce((select sum(p.amount_minor) from postings p where p.currency = a.currency), 0)::text as postings_total,
             coalesce((select sum(p.amount_minor) from postings p join accounts h on h.id = p.account_id
                        where h.kind = 'house' and h.purpose = 'bank_clearing' and p.currency = a.currency), 0)::text as bank_clearing,
             coalesce((select sum(p.amount_minor) from postings p join accounts h on h.id = p.account_id
                        where h.kind = 'house' and h.purpose = 'fx' and p.currency = a.currency), 0)::text as fx,
             coalesce((select sum(p.amount_minor) from postings p join accounts h on h.id = p.account_id
                        where h.kind = 'house' and h.purpose = 'fees' and p.currency = a.currency), 0)::text as fees
      from accounts a group by a.currency order by a.currency`),
  );
  return { counts: counts ?? {}, perCurrency };
}
