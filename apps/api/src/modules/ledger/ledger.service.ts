import { ErrorCode, MoneyMessages, type Account } from '@imali/contract';
import { CURRENCIES, MoneyError, formatMinor, parseAmount, type Currency } from '@imali/money';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as repo from './ledger.repository';

export type { AccountRow } from './ledger.repository';
export type HousePurpose = 'bank_clearing' | 'fees' | 'fx';

export const insufficientFunds = () =>
  new DomainError(ErrorCode.InsufficientFunds, MoneyMessages.insufficientFunds, 409);
export const accountNotFound = () => notFound(MoneyMessages.accountNotFound);
export const conflict = (message: string) => new DomainError(ErrorCode.Conflict, message, 409);

/** A client-entered amount in minor units of `currency`; bad input becomes a 400 with the reason. */
export function amountToMinor(text: string, currency: Currency): bigint {
  try {
    return parseAmount(text, currency);
  } catch (error) {
    if (error instanceof MoneyError) throw new DomainError(ErrorCode.InvalidInput, error.message, 400);
    throw error;
  }
}

export function toAccountView(row: repo.AccountRow): Account {
  return {
    id: row.id,
    currency: row.currency,
    balance: formatMinor(row.balanceMinor, row.currency),
    available: formatMinor(row.balanceMinor - row.heldMinor, row.currency),
    held: formatMinor(row.heldMinor, row.currency),
  };
}

/** The client's cash accounts, one per currency, created on first access. */
export async function clientAccounts(ctx: AppContext, clientId: number) {
  let rows = await repo.listClientAccounts(ctx.db, clientId);
  if (rows.length < CURRENCIES.length) {
    const have = new Set(rows.map((r) => r.currency));
    await repo.insertClientAccounts(
      ctx.db,
      clientId,
      CURRENCIES.filter((c) => !have.has(c)),
    );
    rows = await repo.listClientAccounts(ctx.db, clientId);
  }
  return rows;
}

/** One of the client's own accounts, or 404 (someone else's account is indistinguishable from none). */
export async function ownAccount(ctx: AppContext, clientId: number, accountId: number) {
  const row = await repo.findAccount(ctx.db, accountId);
  if (!row || row.kind !== 'client' || row.clientId !== clientId) throw accountNotFound();
  return row;
}

export async function ownAccountByCurrency(ctx: AppContext, clientId: number, currency: Currency) {
  await clientAccounts(ctx, clientId);
  return repo.findClientAccountByCurrency(ctx.db, clientId, currency);
}

/** Accounts by id, unlocked (ownership and currency never change, so a plain read is enough to route). */
export const accountsByIds = (ctx: AppContext, ids: number[]) => repo.findAccounts(ctx.db, ids);

/**
 * For a request refused before reaching its transaction: if the key already answered this very
 * request, the stored answer (a replay must not depend on today's rate or balance); a different
 * request under the key → 409; an unknown key → undefined.
 */
export async function storedAnswer<T>(ctx: AppContext, input: IdempotencyInput) {
  const existing = await repo.findIdempotencyKey(ctx.db, input.clientId, input.key);
  if (!existing) return undefined;
  if (existing.requestHash !== input.requestHash || existing.response == null) {
    throw new DomainError(ErrorCode.IdempotencyMismatch, MoneyMessages.idempotencyMismatch, 409);
  }
  return { data: existing.response as T, replayed: true };
}

/** Locks accounts FOR UPDATE in id order; the caller is inside a transaction. */
export const lockAccounts = (tx: Db, ids: number[]) => repo.lockAccounts(tx, ids);

// House account ids never change once migrated; caching them per database saves a query per entry.
const houseIds = new WeakMap<object, Map<string, number>>();
export async function houseAccountId(ctx: AppContext, purpose: HousePurpose, currency: Currency) {
  let map = houseIds.get(ctx.database);
  if (!map) {
    const rows = await repo.houseAccounts(ctx.db);
    map = new Map(rows.map((r) => [`${r.purpose}:${r.currency}`, r.id]));
    houseIds.set(ctx.database, map);
  }
  const id = map.get(`${purpose}:${currency}`);
  if (id === undefined) throw new Error(`house account ${purpose}:${currency} missing`);
  return id;
}

export interface PostingLine {
  accountId: number;
  currency: Currency;
  amountMinor: bigint;
  /** Client postings move the stored balance (the row must be locked); house balances are derived. */
  kind: 'client' | 'house';
}

export interface EntryInput {
  kind: 'deposit' | 'withdrawal' | 'transfer' | 'adjustment';
  description: string;
  reference: string;
  clientId: number | null;
  createdBy: string;
}

/**
 * Writes one journal entry and its postings and moves the client balances, inside the caller's
 * transaction. Refuses an entry that does not sum to zero per currency (the database checks it
 * again at commit).
 */
export async function postEntry(tx: Db, at: Date, entry: EntryInput, lines: PostingLine[]) {
  const totals = new Map<string, bigint>();
  for (const line of lines) {
    if (line.amountMinor === 0n) throw new Error('zero posting');
    totals.set(line.currency, (totals.get(line.currency) ?? 0n) + line.amountMinor);
  }
  for (const [currency, total] of totals) {
    if (total !== 0n) throw new Error(`entry does not balance in ${currency}: ${total}`);
  }
  const row = await repo.insertEntry(tx, { ...entry, createdAt: at });
  await repo.insertPostings(
    tx,
    lines.map((l) => ({
      entryId: row.id,
      accountId: l.accountId,
      currency: l.currency,
      amountMinor: l.amountMinor,
      createdAt: at,
    })),
  );
  for (const line of lines) {
    if (line.kind === 'client') await repo.adjustAccount(tx, line.accountId, line.amountMinor, 0n);
  }
  return row;
}

/** Moves funds between available and held on a locked client account (+ holds, − releases). */
export const adjustHeld = (tx: Db, accountId: number, heldDelta: bigint) =>
  repo.adjustAccount(tx, accountId, 0n, heldDelta);

/** Moves balance and held together (paying a held withdrawal out). */
export const adjustBalanceAndHeld = (tx: Db, accountId: number, balanceDelta: bigint, heldDelta: bigint) =>
  repo.adjustAccount(tx, accountId, balanceDelta, heldDelta);

// ---------- Idempotency ----------

export interface IdempotencyInput {
  clientId: number;
  key: string;
  requestHash: string;
}

/**
 * Runs `work` in one transaction guarded by the client's idempotency key. The key row is
 * inserted first: a concurrent request with the same key waits on it and, once the first commits,
 * gets the stored answer. If `work` throws, everything rolls back (the key too), so a refused
 * request can be retried with the same key. Same key with a different request → 409.
 */
export async function withIdempotency<T>(
  ctx: AppContext,
  input: IdempotencyInput,
  work: (tx: Db, txCtx: AppContext) => Promise<T>,
): Promise<{ data: T; replayed: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const now = ctx.clock.now();
    const claimed = await repo.claimIdempotencyKey(db, input.clientId, input.key, input.requestHash, now);
    if (!claimed) {
      const existing = await repo.findIdempotencyKey(db, input.clientId, input.key);
      if (!existing || existing.requestHash !== input.requestHash || existing.response == null) {
        throw new DomainError(ErrorCode.IdempotencyMismatch, MoneyMessages.idempotencyMismatch, 409);
      }
      return { data: existing.response as T, replayed: true };
    }
    const data = await work(db, { ...ctx, db });
    await repo.storeIdempotentResponse(db, input.clientId, input.key, data);
    return { data, replayed: false };
  });
}

/** Runs `work` in a transaction with a ctx bound to it (operator decisions). */
export async function inTransaction<T>(ctx: AppContext, work: (tx: Db, txCtx: AppContext) => Promise<T>) {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    return work(db, { ...ctx, db });
  });
}
