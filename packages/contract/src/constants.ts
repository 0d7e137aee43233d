// Values the web needs at run time (messages, lists, country profiles), kept apart from the zod
// schemas: a module is bundled whole, so one of these imported from trading.ts, ledger.ts or
// portfolio.ts brought every schema of that module, and zod, onto the signed-in pages (decision
// 0039). Their home modules re-export them; import from '@imali/contract' as before.

/** A country Imali trades in (the shape of trading.ts `countryProfile`). */
export interface CountryProfileData {
  name: string;
  code: string;
  emoji: string;
  image: string;
  locale: string;
  language: string;
  currency: string;
  phoneCode: string;
  timezones: string[];
}

/** The countries Imali trades in; ZA is the default (spec section 1). */
export const TRADING_COUNTRY_PROFILES: readonly CountryProfileData[] = [
  {
    name: 'South Africa',
    code: 'ZA',
    emoji: '🇿🇦',
    image: '/flags/za.svg',
    locale: 'en-ZA',
    language: 'en',
    currency: 'ZAR',
    phoneCode: '+27',
    timezones: ['Africa/Johannesburg'],
  },
  {
    name: 'India',
    code: 'IN',
    emoji: '🇮🇳',
    image: '/flags/in.svg',
    locale: 'en-IN',
    language: 'en',
    currency: 'INR',
    phoneCode: '+91',
    timezones: ['Asia/Kolkata'],
  },
  {
    name: 'United States',
    code: 'US',
    emoji: '🇺🇸',
    image: '/flags/us.svg',
    locale: 'en-US',
    language: 'en',
    currency: 'USD',
    phoneCode: '+1',
    timezones: ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'],
  },
];

/**
 * The base of the stock-data API (spec section 7: "a separate base"). Its first path segment is
 * one no client route uses: the Market screen is /market and its views /market/…, so a base of
 * /market made a reload of /market/ranking answer the API's JSON 404 (issue 24; decision 0043).
 */
export const STOCK_DATA_BASE = '/market-data';

/**
 * The app's configuration as the spec gives it (sections 1 and 9): locale en-US with USD as the
 * formatting library's default currency, beside the default country (South Africa: its currency,
 * phone code and time zone are its `TRADING_COUNTRY_PROFILES` entry), and the configuration's
 * version. About › Configuration shows them (issue 24). `locale` is the one `@imali/money`
 * formats with (`DISPLAY_LOCALE`; a test keeps the two equal).
 */
export const APP_CONFIGURATION = {
  locale: 'en-US',
  currency: 'USD',
  country: 'ZA',
  version: '3.22.3221',
} as const;

/** The app's version, shown at the foot of the account drawer (spec section 9). */
export const APP_VERSION = '3.1.3229';

export const TradingMessages = {
  // spec section 8 (Price and orders) and section 4 (close-order flow), verbatim
  priceUnavailable: 'Unable to fetch a valid price. Please retry later.',
  priceFetchFailed: 'Failed to fetch latest price. Please try again.',
  quoteExpired: 'Timeout. Please get the latest quotation again.',
  sellReceived: (symbol: string) => `Sell order for ${symbol} received.`,
  // ours
  buyReceived: (symbol: string) => `Buy order for ${symbol} received.`,
  allocationReceived: (symbol: string) =>
    `Allocation request for ${symbol} received. Funds are held until settlement.`,
  restricted: 'Trading in this stock is restricted.',
  feesChanged: 'Fees changed since your preview; check the new fees and confirm again.',
  quoteNotFound: 'Quotation not found. Please get the latest quotation again.',
  quoteUsed: 'This quotation has already been used. Please get the latest quotation again.',
  quotePriceMismatch: 'The price does not match your quotation. Please get the latest quotation again.',
  marketClosed: (market: string, opensAt: string) => `The ${market} is closed. It opens at ${opensAt}.`,
  /** Appended to marketClosed outside production (decision 0044): how to trade on a weekend. */
  tryTheDemo: 'Try the demo: npm run demo.',
  /** Appended instead while the demo runs (its clock has left the session it started in). */
  restartTheDemo: 'Restart the demo to trade again: npm run demo.',
  positionLocked: (until: string) => `This position is locked until ${until}.`,
  offeringNotFound: 'Offering not found.',
  offeringNotOpen: 'This offering is not open for orders.',
  orderNotFound: 'Order not found.',
  notHolding: 'Only a holding can be sold.',
  quantityRequired: 'Enter a quantity',
  quantityInvalid: 'Enter a valid quantity',
  quantityPositive: 'Quantity must be greater than 0',
  priceInvalid: 'Enter a valid price',
  wholeShares: 'Quantity must be a whole number of shares',
  belowMinimum: (minimum: string) => `The minimum for this offering is ${minimum}.`,
  aboveMaximum: (maximum: string) => `The maximum per client for this offering is ${maximum}.`,
  wrongAccountCurrency: (currency: string) => `Choose your ${currency} account for this market.`,
  instrumentNotFound: 'Stock not found.',
} as const;

/** Which list an order is in: holding; awaiting (pending, awaiting, listing); history (sold, rejected). */
export const ORDER_LISTS = ['holding', 'awaiting', 'history'] as const;

/** How long a quotation is valid, by the server clock (trading.ts, `quotation`). */
export const QUOTE_VALIDITY_MS = 20_000;

/** Header carrying the client's idempotency key on every money-moving POST (1–100 of [A-Za-z0-9_.:-]). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const MoneyMessages = {
  idempotencyKeyRequired: 'Idempotency-Key header is required.',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different request.',
  insufficientFunds: 'Insufficient available balance for this request.',
  rateChanged: 'Rate changed. Please review the new rate and try again.',
  // spec section 8 (Transfer), verbatim
  loadRatesFailed: 'Failed to load exchange rates.',
  pairNotFound: 'Exchange pair not found.',
  accountsNotFound: 'Matching accounts for selected currencies not found.',
  transferFailed: 'Transfer failed.',
  transferSuccessful: 'Transfer successful.',
  // spec section 8 (Bank cards), verbatim
  saveCardFailed: 'Failed to save card',
  deleteCardFailed: 'Failed to delete card',
  cardSaved: 'Card saved',
  cardDeleted: 'Card deleted',
  cardInUse: 'This card is used by a pending withdrawal and cannot be deleted.',
  cardDuplicate: 'This card is already saved.',
  cardHolderNotOwnName:
    'The account holder must be you: enter the name on your verified ID (initials are fine).',
  cardHeldByAnotherClient:
    'This card number is registered to another client. Please contact support to have it approved.',
  accountNotFound: 'Account not found.',
  amountInvalid: 'Enter a valid amount',
  amountNegative: 'Amount must not be negative',
  amountDecimals: 'Amounts allow at most 2 decimal places',
  amountZero: 'Amount must be greater than 0',
  cardNotFound: 'Bank card not found.',
  depositNotFound: 'Deposit not found.',
  withdrawalNotFound: 'Withdrawal not found.',
  sameAccount: 'Choose two different accounts.',
  amountTooSmallToConvert: 'Amount is too small to convert.',
  depositCreated: 'Deposit created. Quote the reference on your EFT payment.',
  proofAttached: 'Proof of payment uploaded.',
  depositNotPending: 'This deposit has already been decided.',
  withdrawalCreated: 'Withdrawal requested.',
  withdrawalNotPending: 'This withdrawal has already been decided.',
  dailyCapExceeded: 'This withdrawal would exceed your daily withdrawal limit.',
  // A staff hold on the client's withdrawals (decision 0065); the reason stays with the staff.
  withdrawalsBlocked: 'Withdrawals from your account are on hold. Please contact support.',
  withdrawalsBlockedPayout: 'Withdrawals of this client are blocked: the withdrawal cannot be paid.',
  belowMinimumDeposit: (minimum: string, currency: string) => `Minimum deposit is ${minimum} ${currency}.`,
  belowMinimumWithdrawal: (minimum: string, currency: string) =>
    `Minimum withdrawal is ${minimum} ${currency}.`,
} as const;

export const PORTFOLIO_PERIODS = ['1W', '1M', '3M', 'YTD', '1Y', 'ALL'] as const;
export const PORTFOLIO_PRODUCTS = ['stock', 'fund', 'quant'] as const;

/** How a sale's cost is found (issue 14, decision 0040): average cost by default, or FIFO. */
export const COST_BASIS_METHODS = ['average', 'fifo'] as const;
export type CostBasisMethod = (typeof COST_BASIS_METHODS)[number];
export const COST_BASIS_LABELS: Record<CostBasisMethod, string> = {
  average: 'Average cost',
  fifo: 'FIFO (first in, first out)',
};
/** The method inside a line of figures: 'Cost (average cost)', 'Cost (FIFO)'. */
export const COST_BASIS_SHORT_LABELS: Record<CostBasisMethod, string> = {
  average: 'average cost',
  fifo: 'FIFO',
};

/**
 * Every API response carries the app clock's now (ms since the epoch) in this header, so the web
 * shows and reasons with the server's clock, not the device's (decision 0044).
 */
export const SERVER_TIME_HEADER = 'x-server-time';
