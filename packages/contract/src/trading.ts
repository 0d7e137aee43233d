import { z } from 'zod';
import { MARKET_COUNTRIES, MARKETS, QUOTE_UNITS } from './market';
import { fundPosition } from './funds';
import { ipoApplication } from './ipo-application';
import { idField, idText } from './ledger';
import { isPlainDecimal, plainDecimal, plainId } from './numbers';
import { documented } from './json-schema-hints';
import { structuredPosition, structuredTerms } from './quant';
import {
  COST_BASIS_METHODS,
  ORDER_LISTS,
  QUOTE_VALIDITY_MS,
  TRADING_COUNTRY_PROFILES,
  TradingMessages,
} from './constants';

export { ORDER_LISTS, QUOTE_VALIDITY_MS, TRADING_COUNTRY_PROFILES, TradingMessages };

/**
 * Trading contract (issue 12): offerings (what Discover lists), orders and their receipts, fee
 * previews, quotes and sells. Amounts are decimal strings in the account's currency ('10062.40');
 * prices are decimal strings in the instrument's quote unit (JSE shares in cents: '5987'; divide
 * by 100 for rand, as spec section 4 says; an index level in points, never money), shown by
 * @imali/money's one rule per quote unit and product (decision 0041); quantities are decimal
 * strings ('10'); ratios are exact decimal strings ('0.1234' = 12.34 %; truncated toward zero at
 * 20 decimals when they repeat, never rounded). Every money-moving POST needs the Idempotency-Key header,
 * approved KYC and a PIN verified on this session in the last 5 minutes.
 */

// ---------- Country profiles ----------

/** Spec section 3 "Country reference item", for the country picker and currency formatting. */
export const countryProfile = z.object({
  name: z.string(),
  code: z.string().length(2),
  emoji: z.string(),
  image: z.string(),
  locale: z.string(),
  language: z.string(),
  currency: z.string(),
  phoneCode: z.string(),
  timezones: z.array(z.string()),
});
export type CountryProfile = z.infer<typeof countryProfile>;

// ---------- Messages ----------

// ---------- Shared fields ----------

/**
 * A quantity typed by the client: positive plain decimal text (numbers.ts), up to 12 digits and 6
 * decimals (whole shares are checked per product). A JSON number is refused like any other text
 * that is not a plain number.
 */
export const quantityString = documented(
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? TradingMessages.quantityRequired : TradingMessages.quantityInvalid,
    })
    .superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: TradingMessages.quantityRequired });
      else if (!isPlainDecimal(value, 6, 12))
        ctx.addIssue({ code: 'custom', message: TradingMessages.quantityInvalid });
      else if (!/[1-9]/.test(value))
        ctx.addIssue({ code: 'custom', message: TradingMessages.quantityPositive });
    }),
  { pattern: '^[0-9]{1,12}(\\.[0-9]{1,6})?$', not: { pattern: '^[0.]*$' } },
);

export const OFFERING_DTYPES = ['fo', 'otc', 'ipo', 'fund', 'quant'] as const;
export type OfferingDtype = (typeof OFFERING_DTYPES)[number];
export const OFFERING_STATUSES = ['upcoming', 'open', 'closed', 'settled'] as const;
export type OfferingStatus = (typeof OFFERING_STATUSES)[number];

/** Order ttype: how it was bought (spec: standard, quant, fund, ipo; plus the stock deals fo, otc). */
export const ORDER_TTYPES = ['standard', 'fo', 'otc', 'ipo', 'fund', 'quant'] as const;
export type OrderTtype = (typeof ORDER_TTYPES)[number];
export const ORDER_STATUSES = ['pending', 'awaiting', 'holding', 'sold', 'rejected', 'listing'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Which list an order is in: holding; awaiting (pending, awaiting, listing); history (sold, rejected). */
export type OrderList = (typeof ORDER_LISTS)[number];

// ---------- Key facts and fees ----------

export const KEY_FACT_KEYS = [
  'what_you_buy',
  'price_basis',
  'lock_up',
  'early_exit',
  'fees',
  'allocation',
  'maximum_loss',
] as const;

/** One line of an offering's key-facts sheet, shown before the client confirms. */
export const keyFact = z.object({ key: z.string(), label: z.string(), text: z.string() });
export type KeyFact = z.infer<typeof keyFact>;

export const FEE_BUCKETS = ['brokerage', 'stt', 'txn', 'gst'] as const;

/**
 * Receipt fee summary (spec section 3): money strings, each '0.00' when none, of ONE side: on a
 * preview, the side it prices; on an order (`order.fees`), the side of its last action — the buy's
 * fees while held or waiting, the sale's (or redemption's, early exit's, payout's) once sold; never
 * both added. Product charges (a structured product's entry and early-exit costs, a fund's
 * platform fee) count under brokerage here, as the house books them; their own names are in the
 * items. `fees_by_side` has each side whole (decision 0041).
 */
export const feeSummary = z.object({
  brokerage: z.string(),
  stt: z.string(),
  txn: z.string(),
  gst: z.string(),
  total: z.string(),
});
export type FeeSummary = z.infer<typeof feeSummary>;

/** One charge of the itemised list (the schedule line that produced it). */
export const feeItem = z.object({
  side: z.enum(['buy', 'sell']),
  code: z.string(),
  label: z.string(),
  bucket: z.enum(FEE_BUCKETS),
  amount: z.string(),
});
export type FeeItem = z.infer<typeof feeItem>;

/** One side's fees: the spec's buckets, the side's total (Σ items) and every charge named. */
export const feeSide = feeSummary.extend({ items: z.array(feeItem) });
export type FeeSide = z.infer<typeof feeSide>;

/**
 * An order's fees per side (decision 0041): `buy` (the buy, subscription or application) and `sell`
 * (the sale, redemption, early exit or maturity payout), each with its own total; null when that
 * side has not happened. A side that happened without charges has no items and total '0.00'.
 */
export const feesBySide = z.object({ buy: feeSide.nullable(), sell: feeSide.nullable() });
export type FeesBySide = z.infer<typeof feesBySide>;

// ---------- Offerings ----------

/** GET /api/stat/app/v1/trading_list?dtype=fo|otc|…|all&hot=1 → Offering[] (open and upcoming). */
export const tradingListQuery = z.object({
  dtype: z.enum([...OFFERING_DTYPES, 'all']).optional(),
  hot: z.enum(['0', '1']).optional(),
});

export const offering = z.object({
  id: z.number().int(),
  dtype: z.enum(OFFERING_DTYPES),
  name: z.string(),
  symbol: z.string(),
  instrument_name: z.string(),
  market: z.enum(MARKETS),
  country: z.enum(MARKET_COUNTRIES),
  currency: z.string(),
  quote_unit: z.enum(QUOTE_UNITS),
  status: z.enum(OFFERING_STATUSES),
  opens_at: z.string(),
  closes_at: z.string(),
  /** Per client, in shares. */
  min_quantity: z.string(),
  max_quantity: z.string(),
  hot: z.boolean(),
  /** fo: days the position is locked after it is bought. */
  term_days: z.number().int().nullable(),
  /** otc: the fixed block price (quote unit) and the block's size in shares. */
  block_price: z.string().nullable(),
  block_size: z.string().nullable(),
  /** otc: shares requested so far by every client (demand; may exceed the block). */
  requested_quantity: z.string().nullable(),
  allocation_rule: z.string().nullable(),
  /** The instrument's last price in the quote unit (simulated market data). */
  last_price: z.string(),
  key_facts: z.array(keyFact),
  /** quant: the structured product's terms and its computed key information sheet (issue 13). */
  structured: structuredTerms.optional(),
  /**
   * ipo, in Discover: the offer's price basis (quote unit) and lot, so that a card shows the price
   * range or the final price instead of a market price the shares do not have yet.
   */
  ipo_offer: z
    .object({
      price_low: z.string(),
      price_high: z.string(),
      final_price: z.string().nullable(),
      lot_size: z.number().int(),
      listed: z.boolean(),
    })
    .optional(),
});
export type Offering = z.infer<typeof offering>;
export type IpoOfferSummary = NonNullable<Offering['ipo_offer']>;

// ---------- Quotes ----------

/**
 * GET /api/market/app/v1/price?symbol&market&country: the latest price as a quotation bound to
 * this client and instrument, valid 20 s by the server clock and consumed by the order it prices.
 */
export const quotation = z.object({
  symbol: z.string(),
  market: z.enum(MARKETS),
  country: z.enum(MARKET_COUNTRIES),
  currency: z.string(),
  quote_unit: z.enum(QUOTE_UNITS),
  /** Decimal string in the quote unit, e.g. '598741' (ZAc) or '189.43' (USD). */
  price: z.string(),
  S1: z.union([z.literal(0), z.literal(1)]),
  market_open: z.boolean(),
  /** While the market is closed: what an order would be told (when it opens; decision 0044). */
  closed_message: z.string().nullable(),
  as_of: z.string(),
  quote_id: z.string(),
  expires_at: z.string(),
});
export type Quotation = z.infer<typeof quotation>;

// ---------- Preview ----------

/**
 * GET /api/client/app/v1/order/preview: exactly the figures the receipt will show if the order
 * is placed now against the same quote (buys) or allocation (otc).
 * - standard: symbol, market, country, quantity, account_id, quote_id
 * - fo: offering_id, quantity, account_id, quote_id
 * - otc: offering_id, quantity, account_id (priced at the block price)
 * - sell: order_id, quote_id
 */
export const previewQuery = z.object({
  ttype: z.enum(['standard', 'fo', 'otc', 'sell']),
  quantity: quantityString.optional(),
  account_id: idText('Choose an account').optional(),
  offering_id: idText('Offering not found.').optional(),
  order_id: idText('Order not found.').optional(),
  symbol: z.string().trim().max(20).optional(),
  market: z.enum(MARKETS).optional(),
  country: z.enum(MARKET_COUNTRIES).optional(),
  quote_id: z.string().trim().max(64).optional(),
});

export const orderPreview = z.object({
  side: z.enum(['buy', 'sell']),
  ttype: z.enum(ORDER_TTYPES),
  symbol: z.string(),
  currency: z.string(),
  quote_unit: z.enum(QUOTE_UNITS),
  quantity: z.string(),
  /** Quote unit. */
  price: z.string(),
  /** quantity × price in the account currency. */
  trade_value: z.string(),
  fees: feeSummary,
  fee_items: z.array(feeItem),
  fee_schedule: z.string(),
  /** buy: trade value + fees (what is debited or held); sell: trade value − fees (what is credited). */
  total: z.string(),
  quote_id: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** fo: the date the position unlocks. */
  locked_until: z.string().nullable(),
  /**
   * Sells only: the cost this sale relieves under the position's method (decision 0040) and the
   * profit it makes (total − cost), as the receipt will show them.
   */
  cost_basis: z
    .object({ method: z.enum(COST_BASIS_METHODS), amount: z.string(), profit: z.string() })
    .optional(),
});
export type OrderPreview = z.infer<typeof orderPreview>;

// ---------- Orders ----------

/**
 * The fee schedule version the client's preview showed (its `fee_schedule`), repeated in an order's
 * body: another in force at placement → 409 (TradingMessages.feesChanged), nothing placed, so the
 * receipt's fees are the previewed ones (decision 0063). Absent: no such check.
 */
export const previewedFeeSchedule = z.string().trim().min(1).max(64).optional();

/** POST /api/client/app/v1/order/buy: a plain stock buy at a quotation (ttype standard). */
export const stockBuyBody = z.object({
  symbol: z.string().trim().min(1).max(20),
  market: z.enum(MARKETS),
  country: z.enum(MARKET_COUNTRIES),
  quantity: quantityString,
  account_id: idField('Choose an account'),
  quote_id: z.string({ error: TradingMessages.quoteNotFound }).trim().min(1).max(64),
  fee_schedule: previewedFeeSchedule,
});
export type StockBuyBody = z.input<typeof stockBuyBody>;

/** POST /api/fo/app/v1/buy: a fixed-term (DD Trading) buy at a quotation. */
export const foBuyBody = z.object({
  id: idField(TradingMessages.offeringNotFound),
  quantity: quantityString,
  account_id: idField('Choose an account'),
  quote_id: z.string({ error: TradingMessages.quoteNotFound }).trim().min(1).max(64),
  fee_schedule: previewedFeeSchedule,
});
export type FoBuyBody = z.input<typeof foBuyBody>;

/** POST /api/otc/app/v1/record/allocate/{id}: an allocation request at the block price. */
export const otcAllocateBody = z.object({
  quantity: quantityString,
  account_id: idField('Choose an account'),
  fee_schedule: previewedFeeSchedule,
});
export type OtcAllocateBody = z.input<typeof otcAllocateBody>;

/**
 * POST /api/client/app/v1/order/sell/{id}: sells the whole holding at a quotation of this client
 * for this instrument. `price` as the client shows it (ZA: rand, the quote ÷ 100).
 */
export const sellBody = z.object({
  ttype: z.enum(ORDER_TTYPES),
  /** Plain decimal text as shown (a JSON number is refused: no float carries a price). */
  price: plainDecimal(8, TradingMessages.priceInvalid),
  quote_id: z.string().trim().min(1).max(64).optional(),
  fee_schedule: previewedFeeSchedule,
});
export type SellBody = z.input<typeof sellBody>;

/** GET /api/client/app/v1/order/holding|awaiting|history?dtype= */
export const orderListQuery = z.object({
  dtype: z.enum([...ORDER_TTYPES, 'all']).optional(),
});

/** GET /api/client/app/v1/order?did=&ttype= */
export const receiptQuery = z.object({
  did: plainId(TradingMessages.orderNotFound),
  ttype: z.enum(ORDER_TTYPES).optional(),
});

/** The order receipt (spec section 3), every field present. */
export const order = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** The account id the order is booked on (spec: account). */
  account: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  ttype: z.enum(ORDER_TTYPES),
  /** fo, otc, ipo or standard: the spec's STOCK sub-labels D.D., P.M., ST, STD. */
  display_type: z.string(),
  name: z.string(),
  symbol: z.string(),
  market: z.enum(MARKETS),
  country: z.enum(MARKET_COUNTRIES),
  currency: z.string(),
  quote_unit: z.enum(QUOTE_UNITS),
  offering_id: z.number().int().nullable(),
  order_time: z.string(),
  execution_time: z.string().nullable(),
  settlement_time: z.string().nullable(),
  /** buy while held or waiting; sell once sold. */
  order_action: z.enum(['buy', 'sell']),
  /** Shares held (allocated, for otc); requested_quantity is what was asked for. */
  quantity: z.string(),
  requested_quantity: z.string(),
  /** Quote unit. */
  buy_price: z.string(),
  /** quantity × buy price, account currency. */
  buy_trade_value: z.string(),
  /** quantity × sell price; '0.00' until sold. */
  sell_trade_value: z.string(),
  /** The price of the last action (buy, or sell once sold), quote unit. */
  order_price: z.string(),
  /** The cash the order moved: buy trade value + buy fees (sold: sell trade value − sell fees). */
  trade_value: z.string(),
  /**
   * sold: realised (sell net − cost_basis, or − buy total for sales before cost bases); holding: at
   * the last price, before sell fees, against its own buy total.
   */
  profit: z.string(),
  /**
   * profit ÷ cost, exact ('-0.00726'), or truncated toward zero at 20 decimals when it has no
   * finite decimal form; never rounded (the display truncates it once; decision 0041).
   */
  roi: z.string(),
  /** sold: the cost the sale relieved under cost_basis_method (decision 0040); null otherwise. */
  cost_basis: z.string().nullable(),
  cost_basis_method: z.enum(COST_BASIS_METHODS).nullable(),
  holding_period: z.number().int(),
  /** Always '0.00' at Imali: every order is paid from funds held when it is made. */
  outstanding: z.string(),
  /** The last action's side (see feeSummary); `fees_by_side` has both. */
  fees: feeSummary,
  /** Every charge the order paid: the buy's, then the sale's. */
  fee_items: z.array(feeItem),
  fees_by_side: feesBySide,
  fee_schedule: z.string(),
  locked_until: z.string().nullable(),
  /** Quotations the order was priced at (buy and sell), with the quoted and executed prices. */
  buy_quote_id: z.string().nullable(),
  sell_quote_id: z.string().nullable(),
  quoted_sell_price: z.string().nullable(),
  sell_price: z.string().nullable(),
  /** Last price used for an unrealised profit (holding), quote unit. */
  last_price: z.string().nullable(),
  reason: z.string().nullable(),
  /** quant: amount, levels, value by the payoff formula, payoff, early exit (issue 13). */
  structured: structuredPosition.optional(),
  /** fund: amount, valuation, units, NAV, refund, redemption (issue 13). */
  fund: fundPosition.optional(),
  /** ipo: lots, allotment, dates, whether it can be cancelled or needs reconfirming (issue 13). */
  ipo: ipoApplication.optional(),
});
export type Order = z.infer<typeof order>;

/** What a buy, allocation or sell POST answers: the receipt and a message for the toast. */
export const orderResult = z.object({ order, message: z.string() });
export type OrderResult = z.infer<typeof orderResult>;
