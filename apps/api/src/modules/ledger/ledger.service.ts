import { ErrorCode, MoneyMessages, type Account } from '@imali/contract';
import { CURRENCIES, MoneyError, formatMinor, parseAmount, type Currency } from '@imali/money';
import type { Db } from '../../db/client';
import type { HoldPurpose, HousePurpose } from '../../db/schema/index';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import { inAuditedTransaction } from '../audit/audit.service';
import * as repo from './ledger.repository';

export type { AccountRow, HoldRow, HoldTarget } from './ledger.repository';
export { HOLD_PURPOSES, HOUSE_PURPOSES, type HoldPurpose, type HousePurpose } from '../../db/schema/index';

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
      ctx.clock.now(),
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

/**
 * Locks accounts FOR UPDATE in id order; the caller is inside a transaction. With `clientId`, only
 * that client's cash accounts among `ids` are locked and returned (a missing one: not theirs).
 */
export const lockAccounts = (tx: Db, ids: number[], clientId?: number) =>
  repo.lockAccounts(tx, ids, clientId);

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
  kind: 'deposit' | 'withdrawal' | 'transfer' | 'adjustment' | 'trade';
  description: string;
  reference: string;
  clientId: number | null;
  createdBy: string;
}

/**
 * THE way money moves: writes one journal entry and its postings and moves the client balances,
 * inside the caller's transaction, which has locked the client accounts (in id order) and checked
 * what it debits is available. Refuses an entry that does not sum to zero per currency or has
 * fewer than two postings; the database checks the same again at commit (and refuses a negative
 * client balance or held above balance at once).
 */
export async function postEntry(tx: Db, at: Date, entry: EntryInput, lines: PostingLine[]) {
  if (lines.length < 2) throw new Error('an entry has at least two postings');
  const totals = new Map<string, bigint>();
  const clientDeltas = new Map<number, bigint>();
  for (const line of lines) {
    if (line.amountMinor === 0n) throw new Error('zero posting');
    totals.set(line.currency, (totals.get(line.currency) ?? 0n) + line.amountMinor);
    if (line.kind === 'client') {
      clientDeltas.set(line.accountId, (clientDeltas.get(line.accountId) ?? 0n) + line.amountMinor);
    }
  }
  for (const [currency, total] of totals) {
    if (total !== 0n) throw new Error(`entry does not balance in ${currency}: ${total}`);
  }
  const { id, moved } = await repo.insertEntry(tx, { ...entry, createdAt: at }, lines, clientDeltas);
  if (moved !== clientDeltas.size) {
    throw new Error(`entry ${entry.reference}: a client posting names no client account`);
  }
  return { id, ...entry, createdAt: at };
}

/** Moves funds between available and held on a locked client account (+ holds, − releases). */
const adjustHeld = (tx: Db, accountId: number, heldDelta: bigint) =>
  repo.adjustAccount(tx, accountId, 0n, heldDelta);

// ---------- Holds ----------

/** What a hold waits for: a withdrawal, an order, a subscription (type and id of its row). */
export interface HoldReference {
  referenceType: string;
  referenceId: number;
}

export interface PlaceHoldInput extends HoldReference {
  accountId: number;
  amountMinor: bigint;
  purpose: HoldPurpose;
  /** When it was placed: the app clock's now (decision 0044). */
  at: Date;
}

/**
 * Reserves `amountMinor` of a client account's available funds (balance − held) for what it waits
 * for, inside the caller's transaction: held rises by the amount and an active hold names the
 * purpose and reference. Refused with INSUFFICIENT_FUNDS when less is available (nothing written),
 * or 404 when the account is no client account. Takes the account's row lock (a caller locking
 * several accounts takes them first, in id order); a reference has at most one active hold.
 */
export async function placeHold(tx: Db, input: PlaceHoldInput): Promise<repo.HoldRow> {
  if (input.amountMinor <= 0n) throw new Error('a hold is for a positive amount');
  if (!(await repo.reserveAvailable(tx, input.accountId, input.amountMinor))) {
    const account = await repo.findAccount(tx, input.accountId);
    throw !account || account.kind !== 'client' ? accountNotFound() : insufficientFunds();
  }
  return repo.insertHold(tx, {
    accountId: input.accountId,
    purpose: input.purpose,
    referenceType: input.referenceType,
    referenceId: input.referenceId,
    amountMinor: input.amountMinor,
    createdAt: input.at,
  });
}

const noActiveHold = (target: repo.HoldTarget) =>
  new Error(
    `no active hold ${typeof target === 'number' ? target : `${target.referenceType} ${target.referenceId}`}`,
  );

/**
 * Makes a hold's funds available again (the thing it waited for was refused or cancelled), by hold
 * id or by reference. Throws when there is no active hold: the caller, holding its reference's row
 * lock, has already seen that it should have one.
 */
export async function releaseHold(tx: Db, target: repo.HoldTarget, at: Date) {
  const hold = await repo.settleHold(tx, target, { status: 'released' }, at);
  if (!hold) throw noActiveHold(target);
  await adjustHeld(tx, hold.accountId, -hold.amountMinor);
  return hold;
}

/**
 * Changes an active hold's amount in the caller's transaction (issue 13: an IPO application
 * reconfirmed at a final price outside the range): growing it reserves the difference from the
 * available funds (INSUFFICIENT_FUNDS when there is not that much, nothing written), shrinking it
 * makes the difference available again. One hold stays one hold, so its trail stays one row.
 */
export async function resizeHold(tx: Db, target: repo.HoldTarget, amountMinor: bigint) {
  if (amountMinor <= 0n) throw new Error('a hold is for a positive amount');
  const found = await repo.lockActiveHold(tx, target);
  if (!found) throw noActiveHold(target);
  const { hold } = found;
  const delta = amountMinor - hold.amountMinor;
  if (delta > 0n && !(await repo.reserveAvailable(tx, hold.accountId, delta))) throw insufficientFunds();
  if (delta < 0n) await adjustHeld(tx, hold.accountId, delta);
  await repo.setHoldAmount(tx, hold.id, amountMinor);
  return { ...hold, amountMinor };
}

export interface CaptureInput {
  /** The entry that posts the captured amount (its client debit line is added here). */
  entry: EntryInput;
  /** The other side(s): postings that, with the client's debit, balance per currency. */
  counterparts: PostingLine[];
  /** How much of the hold is posted (default: all of it); the rest is released. */
  amountMinor?: bigint;
  /** The app clock's now (decision 0044). */
  at: Date;
}

/**
 * Posts a held amount, in the caller's transaction: the hold is settled as captured, held drops by
 * the whole hold, and one entry through postEntry debits the client account by the captured
 * amount (≤ the hold; what is left is released, as an allotment smaller than the subscription) and
 * credits `counterparts`. Throws when there is no active hold or the amount is outside (0, hold].
 */
export async function captureHold(tx: Db, target: repo.HoldTarget, input: CaptureInput) {
  const found = await repo.lockActiveHold(tx, target);
  if (!found) throw noActiveHold(target);
  const { hold, currency } = found;
  const captured = input.amountMinor ?? hold.amountMinor;
  if (captured <= 0n || captured > hold.amountMinor) {
    throw new Error(`capture of ${captured} outside hold ${hold.id} of ${hold.amountMinor}`);
  }
  const at = input.at;
  // Held drops first, so held never exceeds balance between the two statements.
  await adjustHeld(tx, hold.accountId, -hold.amountMinor);
  const entry = await postEntry(tx, at, input.entry, [
    { accountId: hold.accountId, currency, amountMinor: -captured, kind: 'client' },
    ...input.counterparts,
  ]);
  const settled = await repo.settleHold(
    tx,
    hold.id,
    { status: 'captured', capturedMinor: captured, entryId: entry.id },
    at,
  );
  return { hold: settled!, entry, capturedMinor: captured, releasedMinor: hold.amountMinor - captured };
}

export interface CapturedHoldInput extends PlaceHoldInput {
  /** The entry, posted in this transaction, that debited the account by `amountMinor`. */
  entryId: number;
}

/**
 * Records a hold placed and captured at once, for what executes in the very transaction that asks
 * for it (a buy at a quotation): the caller posted the debit with postEntry (under the account's
 * row lock, after refusing an amount above the available funds) and this writes the hold already
 * captured by that entry. It leaves the trail of a hold placed earlier and captured later, which
 * ledger check verifies alike, in one statement instead of four.
 */
export async function recordCapturedHold(tx: Db, input: CapturedHoldInput): Promise<repo.HoldRow> {
  if (input.amountMinor <= 0n) throw new Error('a hold is for a positive amount');
  const at = input.at;
  return repo.insertHold(tx, {
    accountId: input.accountId,
    purpose: input.purpose,
    referenceType: input.referenceType,
    referenceId: input.referenceId,
    amountMinor: input.amountMinor,
    status: 'captured',
    capturedMinor: input.amountMinor,
    entryId: input.entryId,
    createdAt: at,
    settledAt: at,
  });
}

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
 * request can be retried with the same key. Same key with a different request → 409. Its audit
 * entries are appended as it ends (audit's inAuditedTransaction).
 */
export async function withIdempotency<T>(
  ctx: AppContext,
  input: IdempotencyInput,
  work: (tx: Db, txCtx: AppContext) => Promise<T>,
): Promise<{ data: T; replayed: boolean }> {
  return inAuditedTransaction(ctx, async (db, txCtx) => {
    const now = ctx.clock.now();
    const claimed = await repo.claimIdempotencyKey(db, input.clientId, input.key, input.requestHash, now);
    if (!claimed) {
      const existing = await repo.findIdempotencyKey(db, input.clientId, input.key);
      if (!existing || existing.requestHash !== input.requestHash || existing.response == null) {
        throw new DomainError(ErrorCode.IdempotencyMismatch, MoneyMessages.idempotencyMismatch, 409);
      }
      return { data: existing.response as T, replayed: true };
    }
    const data = await work(db, txCtx);
    await repo.storeIdempotentResponse(db, input.clientId, input.key, data);
    return { data, replayed: false };
  });
}

/**
 * Runs `work` in a transaction with a ctx bound to it (operator decisions). Its audit entries are
 * appended to the chain when `work` is done, after its row locks (audit's inAuditedTransaction).
 */
export async function inTransaction<T>(ctx: AppContext, work: (tx: Db, txCtx: AppContext) => Promise<T>) {
  return inAuditedTransaction(ctx, work);
}

/**
 * The client's cash accounts as they are, never creating one (a staff read must not write; the
 * client's first own read creates them), and their most recent ledger lines (the client 360).
 */
export async function clientAccountsRead(ctx: AppContext, clientId: number) {
  return repo.listClientAccounts(ctx.db, clientId);
}

export async function recentLinesOf(ctx: AppContext, accountIds: number[], limit = 20) {
  const rows = await repo.recentPostingsOf(ctx.db, accountIds, limit);
  return rows.map((r) => ({
    postingId: r.id,
    accountId: r.accountId,
    currency: r.currency,
    amount: formatMinor(r.amountMinor, r.currency),
    kind: r.kind,
    description: r.description,
    reference: r.reference,
    at: r.createdAt.toISOString(),
  }));
}
