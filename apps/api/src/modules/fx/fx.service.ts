import { ErrorCode, MoneyMessages, type ExchangePair, type TransferResult } from '@imali/contract';
import {
  CURRENCIES,
  CURRENCY_EXPONENT,
  CURRENCY_NAMES,
  MoneyError,
  convertAmount,
  formatMinor,
  isCurrency,
  listQuotes,
  parseRate,
  publishRefusal,
  quoteFor,
  sameRate,
  type Currency,
  type PublishedRate,
} from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import {
  accountNotFound,
  accountsByIds,
  amountToMinor,
  insufficientFunds,
  ownAccountByCurrency,
  storedAnswer,
  type IdempotencyInput,
} from '../ledger/ledger.service';
import { newReference } from '../ledger/reference';
import * as repo from './fx.repository';

/** Canonical rate text: numeric(30,12) comes back as '18.250000000000'. */
const rateText = (numeric: string) => parseRate(numeric);

export function currencyList() {
  return CURRENCIES.map((currency) => ({
    currency,
    name: CURRENCY_NAMES[currency],
    decimals: CURRENCY_EXPONENT[currency],
  }));
}

/** A stored rate row as packages/money's published rate (canonical text), keeping the row. */
interface PublishedRow extends PublishedRate {
  row: repo.RateRow;
}

const publishedOf = (rows: readonly repo.RateRow[]): PublishedRow[] =>
  rows.map((row) => ({
    from: row.fromCurrency,
    to: row.toCurrency,
    rate: rateText(row.rate),
    mid: rateText(row.midRate),
    row,
  }));

/**
 * Published pairs, plus the reverse of each pair that has no published reverse, priced by the one
 * swap rule (packages/money quoteFor: from the mid, with the pair's spread) and marked `derived`.
 */
export async function listPairs(ctx: AppContext): Promise<ExchangePair[]> {
  return listQuotes(publishedOf(await repo.listRates(ctx.db))).map((q) => ({
    primary: q.from as Currency,
    secondary: q.to as Currency,
    rate: q.rate,
    mid_rate: q.mid,
    spread: q.spread,
    derived: q.derived,
    updated_at: q.source.row.updatedAt.toISOString(),
  }));
}

export interface TransferInput {
  fromAccountId: number;
  toAccountId: number;
  amount: string;
  rate: string;
}

const LEDGER_ERRORS: Record<string, () => DomainError> = {
  'ledger:ACCOUNT_NOT_FOUND': accountNotFound,
  'ledger:INSUFFICIENT_FUNDS': insufficientFunds,
  'ledger:RATE_CHANGED': () => new DomainError(ErrorCode.RateChanged, MoneyMessages.rateChanged, 409),
  'ledger:IDEMPOTENCY_MISMATCH': () =>
    new DomainError(ErrorCode.IdempotencyMismatch, MoneyMessages.idempotencyMismatch, 409),
};

/** The error a refused ledger_transfer raised, as the DomainError it stands for. */
function ledgerError(error: unknown): unknown {
  const message = (error as { cause?: { message?: string }; message?: string }).cause?.message ?? '';
  const direct = (error as { message?: string }).message ?? '';
  for (const [marker, make] of Object.entries(LEDGER_ERRORS)) {
    if (message.includes(marker) || direct.includes(marker)) return make();
  }
  return error;
}

/** ledger_transfer inserts the idempotency key last: a taken key fails that insert. */
function isKeyTaken(error: unknown): boolean {
  for (const e of [error, (error as { cause?: unknown }).cause]) {
    const { code, constraint } = (e ?? {}) as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'idempotency_keys_pkey') return true;
  }
  return false;
}

/**
 * Converts between two of the client's own accounts at the published rate. The client states
 * the rate it was shown; a different published rate refuses the request (RATE_CHANGED) rather
 * than filling at a price the client did not see. FX house accounts take the other side in
 * each currency, so the entry balances per currency.
 *
 * The price is computed here with packages/money; the write is one call to the database
 * function ledger_transfer (a named prepared statement on PostgreSQL), which locks both accounts
 * in id order, re-checks that the rate row used is still the published one and that the funds are
 * available, and writes the balances, the entry, its four postings, the transfer and the key with
 * its answer (decisions 0011 and 0030).
 */
// Per-process caches for the hot path, never trusted: account ownership and currency never
// change once created, and ledger_transfer re-checks in the database that the rate row used is
// still the published one (a stale cache costs one retry, never a wrong price). One gap: that
// re-check compares the row's rate, not its mid, and a derived reverse is priced from both; a
// change of mid alone reaches a derived price only when this cache expires (RATE_CACHE_MS).
const accountMeta = new WeakMap<
  object,
  Map<number, { kind: string; clientId: number | null; currency: Currency }>
>();
const rateCache = new WeakMap<object, { published: PublishedRow[]; loadedAt: number }>();
const RATE_CACHE_MS = 1_000;

async function cachedRates(ctx: AppContext, fresh: boolean) {
  const cached = rateCache.get(ctx.database);
  if (!fresh && cached && Date.now() - cached.loadedAt < RATE_CACHE_MS) return cached.published;
  const published = publishedOf(await repo.listRates(ctx.db));
  rateCache.set(ctx.database, { published, loadedAt: Date.now() });
  return published;
}

async function cachedAccounts(ctx: AppContext, ids: number[]) {
  let map = accountMeta.get(ctx.database);
  if (!map) accountMeta.set(ctx.database, (map = new Map()));
  const missing = ids.filter((id) => !map.has(id));
  if (missing.length > 0) {
    for (const a of await accountsByIds(ctx, missing)) {
      map.set(a.id, { kind: a.kind, clientId: a.clientId, currency: a.currency });
    }
  }
  return ids.map((id) => map.get(id));
}

type Priced = { source: repo.RateRow; rate: string } | { refusal: () => DomainError };

/** The price of from→to by the one swap rule (quoteFor); refused if not what the client saw. */
function price(published: readonly PublishedRow[], from: Currency, to: Currency, stated: string): Priced {
  const quote = quoteFor(published, from, to);
  if (!quote) return { refusal: () => notFound(MoneyMessages.pairNotFound) };
  if (!sameRate(quote.rate, stated)) {
    return { refusal: () => new DomainError(ErrorCode.RateChanged, MoneyMessages.rateChanged, 409) };
  }
  return { source: quote.source.row, rate: quote.rate };
}

export async function transfer(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: TransferInput,
): Promise<{ data: TransferResult; replayed: boolean }> {
  if (input.fromAccountId === input.toAccountId) {
    throw new DomainError(ErrorCode.InvalidInput, MoneyMessages.sameAccount, 400);
  }
  const [from, to] = await cachedAccounts(ctx, [input.fromAccountId, input.toAccountId]);
  for (const a of [from, to]) {
    if (!a || a.kind !== 'client' || a.clientId !== clientId) throw accountNotFound();
  }
  const fromCurrency = from!.currency;
  const toCurrency = to!.currency;
  const amountMinor = amountToMinor(input.amount, fromCurrency);

  // Refusals found before the database call still honour a replay of the same key.
  const refuse = async (error: DomainError) => {
    const stored = await storedAnswer<TransferResult>(ctx, idempotency);
    if (stored) return stored;
    throw error;
  };
  let priced = price(await cachedRates(ctx, false), fromCurrency, toCurrency, input.rate);
  if ('refusal' in priced) priced = price(await cachedRates(ctx, true), fromCurrency, toCurrency, input.rate);

  for (let attempt = 0; ; attempt += 1) {
    if ('refusal' in priced) return refuse(priced.refusal());
    const convertedMinor = convertAmount(amountMinor, priced.rate, fromCurrency, toCurrency);
    if (convertedMinor <= 0n) {
      return refuse(new DomainError(ErrorCode.InvalidInput, MoneyMessages.amountTooSmallToConvert, 400));
    }
    try {
      const result = await repo.callLedgerTransfer(ctx.database, ctx.db, {
        clientId,
        key: idempotency.key,
        requestHash: idempotency.requestHash,
        fromAccountId: input.fromAccountId,
        toAccountId: input.toAccountId,
        fromCurrency,
        toCurrency,
        amountMinor,
        convertedMinor,
        rateFrom: priced.source.fromCurrency,
        rateTo: priced.source.toCurrency,
        rateValue: priced.source.rate,
        rateText: priced.rate,
        amountText: formatMinor(amountMinor, fromCurrency),
        convertedText: formatMinor(convertedMinor, toCurrency),
        reference: newReference('TRF'),
        at: ctx.clock.now(),
      });
      return { data: result as TransferResult, replayed: false };
    } catch (error) {
      // The key is checked last in the database, so any refusal may be a replay (or a reuse of
      // the key for another request, 409): the stored answer comes first, whatever today's
      // rate or balance. Nothing was written.
      const mapped = ledgerError(error);
      if (mapped instanceof DomainError || isKeyTaken(error)) {
        const stored = await storedAnswer<TransferResult>(ctx, idempotency);
        if (stored) return stored;
      }
      // Our cached rate was stale: price again from the database's rates, once.
      if (attempt === 0 && mapped instanceof DomainError && mapped.code === ErrorCode.RateChanged) {
        priced = price(await cachedRates(ctx, true), fromCurrency, toCurrency, input.rate);
        continue;
      }
      throw mapped;
    }
  }
}

export function toTransferView(row: repo.TransferRow): TransferResult {
  return {
    id: row.id,
    from_account: row.fromAccountId,
    to_account: row.toAccountId,
    from_currency: row.fromCurrency,
    to_currency: row.toCurrency,
    amount: formatMinor(row.amountMinor, row.fromCurrency),
    converted_amount: formatMinor(row.convertedMinor, row.toCurrency),
    rate: rateText(row.rate),
    created_at: row.createdAt.toISOString(),
  };
}

/** Exchange by currency: the client's accounts in the two currencies, then a transfer. */
export async function exchange(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: { fromCurrency: Currency; toCurrency: Currency; amount: string; rate: string },
) {
  if (input.fromCurrency === input.toCurrency) {
    throw new DomainError(ErrorCode.InvalidInput, MoneyMessages.pairNotFound, 400);
  }
  const [from, to] = await Promise.all([
    ownAccountByCurrency(ctx, clientId, input.fromCurrency),
    ownAccountByCurrency(ctx, clientId, input.toCurrency),
  ]);
  if (!from || !to) throw notFound(MoneyMessages.accountsNotFound);
  return transfer(ctx, clientId, idempotency, {
    fromAccountId: from.id,
    toAccountId: to.id,
    amount: input.amount,
    rate: input.rate,
  });
}

export async function listClientTransfers(ctx: AppContext, clientId: number) {
  return (await repo.listTransfers(ctx.db, clientId)).map(toTransferView);
}

/**
 * Ops: publish a rate (and optionally its mid; by default the mid stays, or equals the rate).
 * Refused (400, with the reason) when the rate is better than its mid, or when it would make a
 * round trip (A→B→A, or a triangle or longer through this pair) return more than it started with:
 * packages/money publishRefusal.
 */
export async function setRate(
  ctx: AppContext,
  input: { from: string; to: string; rate: string; mid?: string },
  actor: string,
) {
  const from = input.from.toUpperCase();
  const to = input.to.toUpperCase();
  if (!isCurrency(from) || !isCurrency(to)) {
    throw new DomainError(ErrorCode.InvalidInput, `Currencies are ${CURRENCIES.join(', ')}.`, 400);
  }
  if (from === to) throw new DomainError(ErrorCode.InvalidInput, 'Choose two different currencies.', 400);
  let rate: string;
  let mid: string | undefined;
  try {
    rate = parseRate(input.rate);
    mid = input.mid === undefined ? undefined : parseRate(input.mid);
  } catch (error) {
    if (error instanceof MoneyError) throw new DomainError(ErrorCode.InvalidInput, error.message, 400);
    throw error;
  }
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as AppContext['db'] };
    // One publisher at a time, so two publications cannot each pass the check below and together
    // open a profitable round trip (reads, and so transfers, are not blocked).
    await repo.lockRatesForPublishing(txCtx.db);
    const rows = await repo.listRates(txCtx.db);
    const before = rows.find((r) => r.fromCurrency === from && r.toCurrency === to);
    const midRate = mid ?? (before ? rateText(before.midRate) : rate);
    const refusal = publishRefusal(publishedOf(rows), { from, to, rate, mid: midRate });
    if (refusal) throw new DomainError(ErrorCode.InvalidInput, refusal, 400);
    const row = await repo.upsertRate(txCtx.db, {
      fromCurrency: from,
      toCurrency: to,
      rate,
      midRate,
      updatedAt: ctx.clock.now(),
      updatedBy: actor,
    });
    rateCache.delete(ctx.database);
    await audit.record(txCtx, {
      actor,
      action: 'rate.set',
      subjectType: 'exchange_rate',
      subjectId: `${from}/${to}`,
      before: before ? { rate: rateText(before.rate), mid: rateText(before.midRate) } : null,
      after: { rate: rateText(row.rate), mid: rateText(row.midRate) },
    });
    return row;
  });
}
