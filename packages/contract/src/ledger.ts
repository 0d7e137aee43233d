import { z } from 'zod';
import { IDEMPOTENCY_HEADER, MoneyMessages } from './constants';
import { isPlainDecimal, jsonInteger, plainDecimal, plainId } from './numbers';
import { documented } from './json-schema-hints';

export { IDEMPOTENCY_HEADER, MoneyMessages };

/**
 * Money contract (issue 3): accounts, exchange pairs, transfers, bank cards, deposits,
 * withdrawals. Amounts are decimal strings on the wire ('1250.50'), never JSON numbers; ids are
 * integers. Every money-moving POST needs an `Idempotency-Key` header (see IDEMPOTENCY_HEADER).
 */

export const MONEY_CURRENCIES = ['ZAR', 'USD', 'EUR', 'GBP', 'INR'] as const;
export const moneyCurrency = z.enum(MONEY_CURRENCIES, { error: 'Unknown currency' });
export type MoneyCurrency = z.infer<typeof moneyCurrency>;

export const idempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'Idempotency-Key must be 1-100 letters, digits or _ . : -');

/**
 * A client-entered amount: positive, plain decimal text (numbers.ts: no sign, spaces, exponent or
 * JSON number), at most 2 decimals (every currency Imali holds has 2; trailing zeros beyond are
 * harmless). The server re-parses it for the account's currency; the web validates forms with it
 * (after trimming what was typed: typedText).
 */
export const amountString = documented(
  z.string({ error: MoneyMessages.amountInvalid }).superRefine((value, ctx) => {
    if (value.startsWith('-') && isPlainDecimal(value.slice(1), Infinity, Infinity)) {
      ctx.addIssue({ code: 'custom', message: MoneyMessages.amountNegative });
    } else if (!isPlainDecimal(value, Infinity, 15)) {
      ctx.addIssue({ code: 'custom', message: MoneyMessages.amountInvalid });
    } else if ((value.split('.')[1] ?? '').replace(/0+$/, '').length > 2) {
      ctx.addIssue({ code: 'custom', message: MoneyMessages.amountDecimals });
    } else if (!/[1-9]/.test(value)) {
      ctx.addIssue({ code: 'custom', message: MoneyMessages.amountZero });
    }
  }),
  // Positive, plain, at most 2 decimals once trailing zeros go: what the checks above accept.
  { pattern: '^[0-9]{1,15}(\\.[0-9]{1,2}0*)?$', not: { pattern: '^[0.]*$' } },
);

/** A rate as plain decimal text, e.g. '18.25' or '0.054795'. */
export const rateString = plainDecimal(12, 'Enter a valid rate');

/** An id in a JSON body: a positive whole JSON number (text such as "12" is refused). */
export const idField = (message: string) => jsonInteger(message, { min: 1 });

/** An id in a query string: positive, plain digits. */
export const idText = (message: string) => plainId(message);

export const idParam = z.object({ id: plainId('Invalid id.') });

// ---------- Accounts ----------

/** GET /api/account/app/v1 → Account[] (one cash account per currency, created on first access). */
export const account = z.object({
  id: z.number().int(),
  currency: moneyCurrency,
  /** Everything in the account, held funds included. */
  balance: z.string(),
  /** balance − held: what orders and transfers can use now (withdrawals: `withdrawable`). */
  available: z.string(),
  /** Funds reserved (holds) for what waits for a decision: withdrawals, orders, subscriptions. */
  held: z.string(),
});
export type Account = z.infer<typeof account>;

/**
 * GET /api/account/app/v1 → CashAccount[]: each account with what may be withdrawn from it now
 * (issue 24), computed by the rule that refuses a withdrawal above it (decision 0042).
 */
export const cashAccount = account.extend({
  /** min(available − bonus_not_withdrawable, daily_withdrawal_left), never below 0. */
  withdrawable: z.string(),
  /** Trial bonus still in the account: it can be invested but not withdrawn or transferred. */
  bonus_not_withdrawable: z.string(),
  /**
   * available − bonus_not_withdrawable, never below 0: the most one transfer to another currency
   * account may take now (bonus money stays in its currency; no daily cap applies to transfers).
   */
  transferable: z.string(),
  /** What today's withdrawals leave of the daily cap (days in Africa/Johannesburg); null: no cap. */
  daily_withdrawal_left: z.string().nullable(),
});
export type CashAccount = z.infer<typeof cashAccount>;

/** GET /api/account/app/v1/{id}/statement.csv?from=yyyy-mm-dd&to=yyyy-mm-dd (dates in Africa/Johannesburg, inclusive). */
export const statementQuery = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date format.')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date format.')
    .optional(),
});
/** Columns of the statement CSV, in order. Amounts are decimal strings; debit and credit are positive. */
export const STATEMENT_COLUMNS = ['date', 'description', 'reference', 'debit', 'credit', 'balance'] as const;

// ---------- Currencies, pairs, transfers ----------

/** GET /api/caccount/app/v1/currency/list */
export const currencyInfo = z.object({
  currency: moneyCurrency,
  name: z.string(),
  /** Decimals of the currency's minor unit. */
  decimals: z.number().int(),
});
export type CurrencyInfo = z.infer<typeof currencyInfo>;

/**
 * GET /api/caccount/app/v1/pairs → published exchange pairs.
 * 1 `primary` buys `rate` units of `secondary`. `mid_rate` is the market mid; `spread` is
 * (mid − rate) / mid as a fraction with 6 decimals (what the client gives up against mid).
 * A pair missing in one direction is priced from the reverse pair's mid with its spread:
 * rate = (1/mid) × (1 − spread), rounded down to 6 decimals, `mid_rate` = 1/mid (6 decimals), so
 * no direction is better than mid (packages/money quoteFor, the one swap rule of server and web).
 * Such derived pairs are listed too, with `derived: true`.
 */
export const exchangePair = z.object({
  primary: moneyCurrency,
  secondary: moneyCurrency,
  rate: z.string(),
  mid_rate: z.string(),
  spread: z.string(),
  derived: z.boolean(),
  updated_at: z.string(),
});
export type ExchangePair = z.infer<typeof exchangePair>;

/**
 * POST /api/caccount/app/v1/transfer (Idempotency-Key): move `amount` (in the from account's
 * currency) between two of the client's own currency accounts. `rate` is the rate the client was
 * shown; if the published rate differs now, 409 RATE_CHANGED and nothing moves.
 * Converted = amount × rate rounded down to 2 decimals (never more than the exact product); an
 * amount that converts to 0 is refused (400, 'Amount is too small to convert.').
 */
export const transferBody = z.object({
  from_account: idField('Choose the account to transfer from'),
  to_account: idField('Choose the account to transfer to'),
  amount: amountString,
  rate: rateString,
});
export type TransferBody = z.input<typeof transferBody>;

/** POST /api/caccount/app/v1/exchange (Idempotency-Key): the same, choosing accounts by currency. */
export const exchangeBody = z.object({
  from_currency: moneyCurrency,
  to_currency: moneyCurrency,
  amount: amountString,
  rate: rateString,
});
export type ExchangeBody = z.input<typeof exchangeBody>;

export const transferResult = z.object({
  id: z.number().int(),
  from_account: z.number().int(),
  to_account: z.number().int(),
  from_currency: moneyCurrency,
  to_currency: moneyCurrency,
  amount: z.string(),
  converted_amount: z.string(),
  rate: z.string(),
  created_at: z.string(),
});
export type TransferResult = z.infer<typeof transferResult>;

// ---------- Bank cards (spec section 5) ----------

/** The form the web shows (messages verbatim from spec section 5). */
export const bankCardForm = z.object({
  bankName: z.string().trim().min(1, 'Bank name is required'),
  cardNumber: z
    .string()
    .trim()
    .min(1, 'Card number is required')
    .regex(/^\d{5,20}$/, 'Enter a valid card number'),
  holderName: z.string().trim().min(1, 'Account holder name is required'),
});

/** POST /api/bankcard/app/v1 (create; with `id`, updates that card) and PUT /api/bankcard/app/v1/{id}. */
export const bankCardBody = z.object({
  /** '' (or absent): a new card; a JSON number: the card to update. */
  id: z.union([z.literal(''), idField(MoneyMessages.cardNotFound)]).optional(),
  bank_name: z
    .string({ error: 'Bank name is required' })
    .trim()
    .min(1, 'Bank name is required')
    .max(100, 'Bank name is too long'),
  card_no: z
    .string({ error: 'Card number is required' })
    .trim()
    .min(1, 'Card number is required')
    .regex(/^\d{5,20}$/, 'Enter a valid card number'),
  holder_name: z
    .string({ error: 'Account holder name is required' })
    .trim()
    .min(1, 'Account holder name is required')
    .max(100, 'Account holder name is too long'),
});
export type BankCardBody = z.input<typeof bankCardBody>;

export const bankCard = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  card_no: z.string(),
  holder_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BankCard = z.infer<typeof bankCard>;

// ---------- Deposits ----------

export const DEPOSIT_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export const DEPOSIT_METHODS = ['EFT'] as const;

/** POST /api/deposit/app/v1 (Idempotency-Key, approved KYC). Minimum per currency from config (ZAR 1000). */
export const depositBody = z.object({
  account_id: idField('Choose an account'),
  amount: amountString,
  method: z.enum(DEPOSIT_METHODS, { error: 'Only EFT deposits are supported' }).default('EFT'),
});
export type DepositBody = z.input<typeof depositBody>;

/** Also the answer of POST multipart /api/deposit/app/v1/{id} (field `file`: JPEG, PNG, WebP or PDF). */
export const deposit = z.object({
  id: z.number().int(),
  /** Quote this on the EFT payment so operations can match it. */
  reference: z.string(),
  account_id: z.number().int(),
  currency: moneyCurrency,
  amount: z.string(),
  method: z.enum(DEPOSIT_METHODS),
  status: z.enum(DEPOSIT_STATUSES),
  proof_url: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Deposit = z.infer<typeof deposit>;

/** Where to pay an EFT deposit (shown with the reference). */
export const depositInstructions = z.object({
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  branch_code: z.string(),
});
export const depositCreated = deposit.extend({ instructions: depositInstructions });

// ---------- Withdrawals ----------

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;

/**
 * POST /api/withdraw/app/v1 (Idempotency-Key, approved KYC, PIN verified on this session within
 * 5 minutes). `receiver` is the id of one of the client's bank cards. The amount is held until an
 * operator pays or rejects it. Minimum per currency and daily cap come from configuration.
 */
export const withdrawalBody = z.object({
  amount: amountString,
  account_id: idField('Choose an account'),
  receiver: idField('Choose a bank card'),
});
export type WithdrawalBody = z.input<typeof withdrawalBody>;

export const withdrawal = z.object({
  id: z.number().int(),
  reference: z.string(),
  account_id: z.number().int(),
  currency: moneyCurrency,
  amount: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  receiver: z.object({
    id: z.number().int(),
    bank_name: z.string(),
    /** Masked: only the last 4 digits. */
    card_no: z.string(),
    holder_name: z.string(),
  }),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

/** Money limits the web can show next to the forms (GET /api/caccount/app/v1/limits). */
export const moneyLimits = z.object({
  currency: moneyCurrency,
  min_deposit: z.string(),
  min_withdrawal: z.string(),
  daily_withdrawal_cap: z.string(),
});
export type MoneyLimits = z.infer<typeof moneyLimits>;
