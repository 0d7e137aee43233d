import { ErrorCode, MoneyMessages, type ExchangePair, type TransferResult } from '@imali/contract';
import {
  CURRENCIES,
  CURRENCY_EXPONENT,
  CURRENCY_NAMES,
  MoneyError,
  convertAmount,
  formatMinor,
  invertRate,
  isCurrency,
  parseRate,
  sameRate,
  spreadAgainstMid,
  type Currency,
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

/**
 * Published pairs, plus the reverse of each pair that has no published reverse, priced by the
 * spec's rule (1/rate rounded to 6 decimals) and marked `derived`.
 */
export async function listPairs(ctx: AppContext): Promise<ExchangePair[]> {
  const rows = await repo.listRates(ctx.db);
  const published = new Set(rows.map((r) => `${r.fromCurrency}:${r.toCurrency}`));
  const pairs: ExchangePair[] = [];
  for (const r of rows) {
    const rate = rateText(r.rate);
    const mid = rateText(r.midRate);
    pairs.push({
      primary: r.fromCurrency,
      secondary: r.toCurrency,
      rate,
      mid_rate: mid,
      spread: spreadAgainstMid(rate, mid),
      derived: false,
      updated_at: r.updatedAt.toISOString(),
    });
    if (!published.has(`${r.toCurrency}:${r.fromCurrency}`)) {
      const inverse = invertRate(rate);
      const inverseMid = invertRate(mid);
      pairs.push({
        primary: r.toCurrency,
        secondary: r.fromCurrency,
        rate: inverse,
        mid_rate: inverseMid,
        spread: spreadAgainstMid(inverse, inverseMid),
        derived: true,
        updated_at: r.updatedAt.toISOString(),
      });
    }
  }
  return pairs;
}

/** The rate the server fills from→to at now: the published pair, else 1/reverse (spec section 5). */
export async function currentRate(
  ctx: AppContext,
  from: Currency,
  to: Currency,
): Promise<string | undefined> {
  const rows = await repo.ratesBetween(ctx.db, from, to);
  const direct = rows.find((r) => r.fromCurrency === from && r.toCurrency === to);
  if (direct) return rateText(direct.rate);
  const reverse = rows.find((r) => r.fromCurrency === to && r.toCurrency === from);
  return reverse ? invertRate(rateText(reverse.rate)) : undefined;
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
// still the published one (a stale cache costs one retry, never a wrong price).
const accountMeta = new WeakMap<
  object,
  Map<number, { kind: string; clientId: number | null; currency: Currency }>
>();
const rateCache = new WeakMap<object, { rows: repo.RateRow[]; loadedAt: number }>();
const RATE_CACHE_MS = 1_000;

async function cachedRates(ctx: AppContext, fresh: boolean) {
  const cached = rateCache.get(ctx.database);
  if (!fresh && cached && Date.now() - cached.loadedAt < RATE_CACHE_MS) return cached.rows;
  const rows = await repo.listRates(ctx.db);
  rateCache.set(ctx.database, { rows, loadedAt: Date.now() });
  return rows;
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

/** The spec's price for from→to: the published pair, else 1/reverse; refused if not what the client saw. */
function price(rows: repo.RateRow[], from: Currency, to: Currency, stated: string): Priced {
  const direct = rows.find((r) => r.fromCurrency === from && r.toCurrency === to);
  const source = direct ?? rows.find((r) => r.fromCurrency === to && r.toCurrency === from);
  if (!source) return { refusal: () => notFound(MoneyMessages.pairNotFound) };
  const rate = direct ? rateText(direct.rate) : invertRate(rateText(source.rate));
  if (!sameRate(rate, stated)) {
    return { refusal: () => new DomainError(ErrorCode.RateChanged, MoneyMessages.rateChanged, 409) };
  }
  return { source, rate };
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

/** Ops: publish a rate (and optionally its mid; by default the mid stays, or equals the rate). */
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
    const before = await repo.findRate(txCtx.db, from, to);
    const row = await repo.upsertRate(txCtx.db, {
      fromCurrency: from,
      toCurrency: to,
      rate,
      midRate: mid ?? (before ? rateText(before.midRate) : rate),
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
