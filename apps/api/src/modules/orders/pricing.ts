/**
 * Pricing of shares orders (issue 21 point 3, out of orders.service.ts): consideration and fees
 * from the country's schedule, the stored fee breakdown and how a receipt shows it, the house
 * ledger lines of a trade. Pure or read-only: placing and the receipts both use it, and
 * orders.service re-exports what other modules call.
 */
import {
  ErrorCode,
  TradingMessages,
  type FeeItem as FeeItemView,
  type FeeSide,
  type FeesBySide,
  type FeeSummary,
} from '@imali/contract';
import {
  CURRENCY_EXPONENT,
  computeFees,
  formatDecimal,
  formatMinor,
  normalizeDecimal,
  parseDecimal,
  rescale,
  tradeConsiderationMinor,
  tryParseDecimal,
  type Currency,
  type Decimal,
  type FeeBreakdown,
  type FeeSchedule,
} from '@imali/money';
import type { StoredFees } from '../../db/schema/index';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import { scheduleByVersion, scheduleForCountry } from '../fees/fees.service';
import { houseAccountId, type PostingLine } from '../ledger/ledger.service';
import { quoteUnitOf, type InstrumentRow } from '../market/market.service';
import * as repo from './orders.repository';

type OrderRow = repo.OrderRow;
const bad = (message: string) => new DomainError(ErrorCode.InvalidInput, message, 400);

/** Exact numeric text without needless zeros: '10.000000' → '10'. */
export const plain = (text: string) => formatDecimal(normalizeDecimal(parseDecimal(text)));

/** A price as shown: at least the instrument's decimals ('189.4' → '189.40'), never rounded. */
export function displayPrice(text: string, priceDecimals: number): string {
  const d = normalizeDecimal(parseDecimal(text));
  return formatDecimal(rescale(d, Math.max(d.scale, priceDecimals), 'DOWN'));
}

/**
 * A client's quantity: positive whole shares (every instrument Imali trades is a share). Format
 * errors are the contract's (quantityString); this is the rule per product.
 */
export function sharesOf(text: string): Decimal {
  const d = tryParseDecimal(text);
  if (!d) throw bad(TradingMessages.quantityInvalid);
  const n = normalizeDecimal(d);
  if (n.coefficient <= 0n) throw bad(TradingMessages.quantityPositive);
  if (n.scale !== 0) throw bad(TradingMessages.wholeShares);
  return n;
}

/** Decimals of the currency per unit of price: JSE prices are cents already, others major units. */
export function priceExponent(instrument: InstrumentRow): number {
  return quoteUnitOf(instrument) === 'ZAc' ? 0 : CURRENCY_EXPONENT[instrument.currency as Currency];
}

/** quantity × price in minor units of the instrument's currency, rounded half-up. */
export function considerationOf(instrument: InstrumentRow, quantity: string, price: string): bigint {
  return tradeConsiderationMinor(quantity, price, priceExponent(instrument));
}

export interface Priced {
  considerationMinor: bigint;
  fees: FeeBreakdown;
  /** buy: consideration + fees (what is held and debited); sell: consideration − fees. */
  cashMinor: bigint;
}

/** Exported for subscriptions (ipo): the same pricing as every buy. */
export function priceTrade(
  instrument: InstrumentRow,
  schedule: FeeSchedule,
  side: 'buy' | 'sell',
  quantity: string,
  price: string,
): Priced {
  if (schedule.currency !== instrument.currency) {
    throw new Error(
      `fee schedule ${schedule.version} is in ${schedule.currency}, not ${instrument.currency}`,
    );
  }
  const considerationMinor = considerationOf(instrument, quantity, price);
  const fees = computeFees(schedule, { side, considerationMinor, quantity });
  const cashMinor =
    side === 'buy' ? considerationMinor + fees.totalMinor : considerationMinor - fees.totalMinor;
  return { considerationMinor, fees, cashMinor };
}

/** The schedule an order was priced with (its version), or the country's in force if it is gone. */
export function scheduleOfOrder(ctx: AppContext, order: OrderRow, instrument: InstrumentRow) {
  return scheduleByVersion(ctx, order.feeSchedule) ?? scheduleForCountry(ctx, instrument.country);
}

export const toStoredFees = (fees: FeeBreakdown): StoredFees => ({
  schedule: fees.scheduleVersion,
  items: fees.items.map((i) => ({
    code: i.code,
    label: i.label,
    bucket: i.bucket,
    amountMinor: i.amountMinor.toString(),
  })),
});

export function summaryOf(stored: StoredFees | null, currency: Currency): FeeSummary {
  const sum = (bucket?: string) =>
    (stored?.items ?? []).reduce(
      (total, i) => (bucket === undefined || i.bucket === bucket ? total + BigInt(i.amountMinor) : total),
      0n,
    );
  return {
    brokerage: formatMinor(sum('brokerage'), currency),
    stt: formatMinor(sum('stt'), currency),
    txn: formatMinor(sum('txn'), currency),
    gst: formatMinor(sum('gst'), currency),
    total: formatMinor(sum(), currency),
  };
}

export function itemsOf(stored: StoredFees | null, side: 'buy' | 'sell', currency: Currency): FeeItemView[] {
  return (stored?.items ?? []).map((i) => ({
    side,
    code: i.code,
    label: i.label,
    bucket: i.bucket,
    amount: formatMinor(BigInt(i.amountMinor), currency),
  }));
}

/** One side's fees whole: its buckets, its total (Σ its items) and its named charges. */
function sideOf(stored: StoredFees | null, side: 'buy' | 'sell', currency: Currency): FeeSide {
  return { ...summaryOf(stored, currency), items: itemsOf(stored, side, currency) };
}

/**
 * The order's fees per side (decision 0041): the buy's always (an order starts with one, possibly
 * without charges: a fund subscription), the sale's once there is one (a sold order without sell
 * charges, such as a structured product's maturity payout, has a sell side totalling 0.00).
 */
export function feesBySideOf(
  row: Pick<OrderRow, 'status' | 'buyFees' | 'sellFees'>,
  currency: Currency,
): FeesBySide {
  return {
    buy: sideOf(row.buyFees, 'buy', currency),
    sell: row.status === 'sold' || row.sellFees ? sideOf(row.sellFees, 'sell', currency) : null,
  };
}

/** The house side of a trade entry: securities clearing and one line per fee bucket (zero lines left out). */
export async function houseLines(
  ctx: AppContext,
  currency: Currency,
  side: 'buy' | 'sell',
  considerationMinor: bigint,
  fees: FeeBreakdown,
): Promise<PostingLine[]> {
  const line = async (
    purpose: Parameters<typeof houseAccountId>[1],
    amountMinor: bigint,
  ): Promise<PostingLine> => ({
    accountId: await houseAccountId(ctx, purpose, currency),
    currency,
    amountMinor,
    kind: 'house',
  });
  const lines: PostingLine[] = [];
  // A buy moves the consideration into clearing (the seller's side); a sale takes it out.
  if (considerationMinor !== 0n) {
    lines.push(await line('securities_clearing', side === 'buy' ? considerationMinor : -considerationMinor));
  }
  const buckets = [
    ['fee_brokerage', fees.brokerageMinor],
    ['fee_stt', fees.sttMinor],
    ['fee_txn', fees.txnMinor],
    ['fee_vat', fees.gstMinor],
  ] as const;
  for (const [purpose, amount] of buckets) if (amount !== 0n) lines.push(await line(purpose, amount));
  return lines;
}
