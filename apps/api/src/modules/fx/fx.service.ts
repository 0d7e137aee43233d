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
  spreadAgainstMid,
  compareDecimal,
  parseDecimal,
  type Currency,
  type PublishedRate,
} from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import { assertNotBonusMoney } from '../applications/applications.service';
import * as audit from '../audit/audit.service';
import {
  accountNotFound,
  amountToMinor,
  houseAccountId,
  insufficientFunds,
  lockAccounts,
  ownAccountByCurrency,
  postEntry,
  withIdempotency,
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

const rateChanged = () => new DomainError(ErrorCode.RateChanged, MoneyMessages.rateChanged, 409);

/**
 * Converts between two of the client's own accounts at the published rate. The client states
 * the rate it was shown; a different published rate refuses the request (RATE_CHANGED) rather
 * than filling at a price the client did not see. FX house accounts take the other side in
 * each currency, so the entry balances per currency.
 *
 * One transaction on the one ledger path (decision 0030), like every money-moving request: the
 * idempotency key first (a replay, or a concurrent request with the same key, gets the stored
 * answer), both accounts locked in id order (only the client's own), then the price from the
 * published rows read in this transaction — the pair or its reverse, whose rate and mid a
 * derived price depends on — by the one swap rule (packages/money quoteFor, convertAmount), the
 * available funds, and one entry through postEntry. A refusal rolls everything back, key
 * included, so it can be retried.
 */
export async function transfer(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: TransferInput,
): Promise<{ data: TransferResult; replayed: boolean }> {
  if (input.fromAccountId === input.toAccountId) {
    throw new DomainError(ErrorCode.InvalidInput, MoneyMessages.sameAccount, 400);
  }
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    const locked = await lockAccounts(tx, [input.fromAccountId, input.toAccountId], clientId);
    const from = locked.find((a) => a.id === input.fromAccountId);
    const to = locked.find((a) => a.id === input.toAccountId);
    if (!from || !to) throw accountNotFound();
    const amountMinor = amountToMinor(input.amount, from.currency);
    const quote = quoteFor(
      publishedOf(await repo.ratesBetween(tx, from.currency, to.currency)),
      from.currency,
      to.currency,
    );
    if (!quote) throw notFound(MoneyMessages.pairNotFound);
    if (!sameRate(quote.rate, input.rate)) throw rateChanged();
    const convertedMinor = convertAmount(amountMinor, quote.rate, from.currency, to.currency);
    if (convertedMinor <= 0n) {
      throw new DomainError(ErrorCode.InvalidInput, MoneyMessages.amountTooSmallToConvert, 400);
    }
    if (from.balanceMinor - from.heldMinor < amountMinor) throw insufficientFunds();
    // Trial bonus money stays in its currency: converted, it could be withdrawn (issue 14).
    await assertNotBonusMoney(tx, from, amountMinor);

    const now = ctx.clock.now();
    const entry = await postEntry(
      tx,
      now,
      {
        kind: 'transfer',
        description: `Transfer ${from.currency} to ${to.currency} at ${quote.rate}`,
        reference: newReference('TRF'),
        clientId,
        createdBy: `client:${clientId}`,
      },
      [
        { accountId: from.id, currency: from.currency, amountMinor: -amountMinor, kind: 'client' },
        {
          accountId: await houseAccountId(txCtx, 'fx', from.currency),
          currency: from.currency,
          amountMinor,
          kind: 'house',
        },
        {
          accountId: await houseAccountId(txCtx, 'fx', to.currency),
          currency: to.currency,
          amountMinor: -convertedMinor,
          kind: 'house',
        },
        { accountId: to.id, currency: to.currency, amountMinor: convertedMinor, kind: 'client' },
      ],
    );
    const row = await repo.insertTransfer(tx, {
      clientId,
      entryId: entry.id,
      fromAccountId: from.id,
      toAccountId: to.id,
      fromCurrency: from.currency,
      toCurrency: to.currency,
      amountMinor,
      convertedMinor,
      rate: quote.rate,
      createdAt: now,
    });
    return toTransferView(row);
  });
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
 * The widest spread (client rate under its mid, (mid − rate) / mid) a publication may have: a
 * rate further from the market than 5% is a typo (a digit dropped), not a price.
 */
export const MAX_PUBLISHED_SPREAD = '0.050000';

export interface RatePublication {
  from: Currency;
  to: Currency;
  rate: string;
  mid: string;
  /** (mid − rate) / mid, 6 decimals. */
  spread: string;
  /** The pair as published now (null: a new pair). */
  before: { rate: string; mid: string } | null;
}

function normalizedRateInput(input: { from: string; to: string; rate: string; mid?: string }) {
  const from = input.from.toUpperCase();
  const to = input.to.toUpperCase();
  if (!isCurrency(from) || !isCurrency(to)) {
    throw new DomainError(ErrorCode.InvalidInput, `Currencies are ${CURRENCIES.join(', ')}.`, 400);
  }
  if (from === to) throw new DomainError(ErrorCode.InvalidInput, 'Choose two different currencies.', 400);
  try {
    return {
      from,
      to,
      rate: parseRate(input.rate),
      mid: input.mid === undefined ? undefined : parseRate(input.mid),
    };
  } catch (error) {
    if (error instanceof MoneyError) throw new DomainError(ErrorCode.InvalidInput, error.message, 400);
    throw error;
  }
}

/**
 * The one check of a publication against the rates published (`rows`): the rate not better than
 * its mid, no profitable round trip (packages/money publishRefusal), the spread within the band.
 * Returns the publication, or throws 400 with the reason.
 */
function checkedPublication(
  rows: readonly repo.RateRow[],
  input: ReturnType<typeof normalizedRateInput>,
): RatePublication {
  const { from, to, rate } = input;
  const before = rows.find((r) => r.fromCurrency === from && r.toCurrency === to);
  const mid = input.mid ?? (before ? rateText(before.midRate) : rate);
  const refusal = publishRefusal(publishedOf(rows), { from, to, rate, mid });
  if (refusal) throw new DomainError(ErrorCode.InvalidInput, refusal, 400);
  const spread = spreadAgainstMid(rate, mid);
  if (compareDecimal(parseDecimal(spread), parseDecimal(MAX_PUBLISHED_SPREAD)) > 0) {
    throw new DomainError(
      ErrorCode.InvalidInput,
      `Refused: the ${from}→${to} rate ${rate} is ${spread} below its mid ${mid}; the spread may be at most ${MAX_PUBLISHED_SPREAD}.`,
      400,
    );
  }
  return {
    from,
    to,
    rate,
    mid,
    spread,
    before: before ? { rate: rateText(before.rate), mid: rateText(before.midRate) } : null,
  };
}

/** What publishing would do, checked as `setRate` checks it; a read, nothing written. */
export async function previewRate(
  ctx: AppContext,
  input: { from: string; to: string; rate: string; mid?: string },
): Promise<RatePublication> {
  return checkedPublication(await repo.listRates(ctx.db), normalizedRateInput(input));
}

/**
 * Ops: publish a rate (and optionally its mid; by default the mid stays, or equals the rate).
 * Refused (400, with the reason) when the rate is better than its mid, when it would make a
 * round trip (A→B→A, or a triangle or longer through this pair) return more than it started with
 * (packages/money publishRefusal), or when its spread is wider than MAX_PUBLISHED_SPREAD.
 */
export async function setRate(
  ctx: AppContext,
  input: { from: string; to: string; rate: string; mid?: string },
  actor: string,
  options: { approvedBy?: string[] } = {},
) {
  const normalized = normalizedRateInput(input);
  const { from, to, rate } = normalized;
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx as unknown as AppContext['db'] };
    // One publisher at a time, so two publications cannot each pass the check below and together
    // open a profitable round trip (reads, and so transfers, are not blocked).
    await repo.lockRatesForPublishing(txCtx.db);
    const rows = await repo.listRates(txCtx.db);
    const before = rows.find((r) => r.fromCurrency === from && r.toCurrency === to);
    const { mid: midRate } = checkedPublication(rows, normalized);
    const row = await repo.upsertRate(txCtx.db, {
      fromCurrency: from,
      toCurrency: to,
      rate,
      midRate,
      updatedAt: ctx.clock.now(),
      updatedBy: actor,
    });
    await audit.record(txCtx, {
      actor,
      action: 'rate.set',
      subjectType: 'exchange_rate',
      subjectId: `${from}/${to}`,
      before: before ? { rate: rateText(before.rate), mid: rateText(before.midRate) } : null,
      after: {
        rate: rateText(row.rate),
        mid: rateText(row.midRate),
        ...(options.approvedBy ? { approved_by: options.approvedBy } : {}),
      },
    });
    return row;
  });
}
