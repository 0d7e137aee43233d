import { z } from 'zod';
import { MoneyMessages, amountString, bankCardForm, typedText } from '@imali/contract';
import { type Currency, checkAmount, formatCurrency, isCurrency } from '@imali/money';

/** The Add/Edit Bank Card form: spec section 5 rules and messages, shared with the server. */
export const bankCardFormSchema = bankCardForm;
export type BankCardFormValues = z.infer<typeof bankCardFormSchema>;

export const WalletMessages = {
  chooseAccount: 'Choose an account',
  chooseCard: 'Choose a bank card',
  chooseCurrency: 'Choose a currency',
  proofType: 'Only image or PDF files are allowed.',
  proofSize: 'File must be smaller than 20MB.',
  proofRequired: 'Please choose a file to upload.',
  bonusNote: (bonus: string) =>
    `${bonus} of your balance is trial bonus: it can be invested but not withdrawn.`,
  capNote: (left: string) => `Your daily withdrawal limit leaves ${left} for today.`,
  aboveWithdrawableBonus: (upTo: string, bonus: string) =>
    `You can withdraw up to ${upTo}: ${bonus} of your balance is trial bonus, which can be invested but not withdrawn.`,
  aboveWithdrawableCap: (upTo: string) =>
    `You can withdraw up to ${upTo} today: your daily withdrawal limit leaves no more.`,
  transferBonusNote: (bonus: string) =>
    `${bonus} of your balance is trial bonus: it stays in this account (it can be invested here).`,
  aboveTransferable: (upTo: string, bonus: string) =>
    `You can transfer up to ${upTo}: ${bonus} of your balance is trial bonus, which stays in this account.`,
} as const;

/** What a form needs to know about an account to validate an amount against it. */
export interface AccountFacts {
  id: number;
  currency: string;
  available: string;
}

const isBelow = (amount: string, limit: string | undefined, currency: Currency): boolean => {
  if (!limit) return false;
  const a = checkAmount(amount, currency);
  const l = checkAmount(limit, currency, { allowZero: true });
  return a.ok && l.ok && a.minor < l.minor;
};

const isAbove = (amount: string, limit: string, currency: Currency): boolean => {
  const a = checkAmount(amount, currency);
  const l = checkAmount(limit, currency, { allowZero: true });
  return a.ok && l.ok && a.minor > l.minor;
};

/** An amount valid for the account's currency (no more decimals than it has). */
function amountFor(currency: Currency, amount: string): string | undefined {
  const parsed = checkAmount(amount, currency);
  return parsed.ok ? undefined : parsed.message;
}

/**
 * Deposit form: account, amount ≥ the currency's minimum deposit (configured on the server,
 * e.g. 1000 ZAR), method EFT.
 */
export function depositFormSchema(
  accounts: readonly AccountFacts[],
  minimumFor: (currency: string) => string | undefined,
) {
  return z
    .object({
      accountId: z.string().min(1, WalletMessages.chooseAccount),
      amount: typedText(amountString),
    })
    .superRefine((values, ctx) => {
      const account = accounts.find((a) => String(a.id) === values.accountId);
      if (!account || !isCurrency(account.currency)) {
        ctx.addIssue({ code: 'custom', path: ['accountId'], message: WalletMessages.chooseAccount });
        return;
      }
      const currency = account.currency;
      const bad = amountFor(currency, values.amount);
      if (bad) return; // amountString already reported the format problem
      const minimum = minimumFor(currency);
      if (minimum && isBelow(values.amount, minimum, currency)) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: MoneyMessages.belowMinimumDeposit(minimum, currency),
        });
      }
    });
}
export type DepositFormValues = z.input<ReturnType<typeof depositFormSchema>>;

/** What the withdrawal form needs to know: the account's withdrawable figures (the server's rule). */
export interface WithdrawalAccountFacts extends AccountFacts {
  withdrawable: string;
  bonus_not_withdrawable: string;
  daily_withdrawal_left: string | null;
}

const minorOf = (text: string, currency: Currency) => {
  const parsed = checkAmount(text, currency, { allowZero: true });
  return parsed.ok ? parsed.minor : 0n;
};

/**
 * Why an account's withdrawable amount is below its available balance, as one sentence for the
 * drawer (undefined when nothing holds it back): the trial bonus still in it, or what the daily
 * limit leaves. The server computes the figures; this only names the one that binds.
 */
export function withdrawableNote(account: WithdrawalAccountFacts): string | undefined {
  if (!isCurrency(account.currency)) return undefined;
  const currency = account.currency;
  const withdrawable = minorOf(account.withdrawable, currency);
  const available = minorOf(account.available, currency);
  if (withdrawable >= available) return undefined;
  const bonus = minorOf(account.bonus_not_withdrawable, currency);
  if (bonus > 0n && available - bonus <= withdrawable) {
    return WalletMessages.bonusNote(formatCurrency(account.bonus_not_withdrawable, currency));
  }
  if (
    account.daily_withdrawal_left !== null &&
    minorOf(account.daily_withdrawal_left, currency) <= withdrawable
  ) {
    return WalletMessages.capNote(formatCurrency(account.daily_withdrawal_left, currency));
  }
  return undefined;
}

/** The form's refusal of an amount above withdrawable (but within available), naming the reason. */
function aboveWithdrawableMessage(account: WithdrawalAccountFacts, currency: Currency): string {
  const upTo = formatCurrency(account.withdrawable, currency);
  const bonus = minorOf(account.bonus_not_withdrawable, currency);
  const available = minorOf(account.available, currency);
  if (bonus > 0n && available - bonus <= minorOf(account.withdrawable, currency)) {
    return WalletMessages.aboveWithdrawableBonus(
      upTo,
      formatCurrency(account.bonus_not_withdrawable, currency),
    );
  }
  return WalletMessages.aboveWithdrawableCap(upTo);
}

/**
 * Withdrawal form: account, one of the client's bank cards, amount ≥ the currency's minimum
 * withdrawal and ≤ what the server says may be withdrawn now (`withdrawable`: available less the
 * trial bonus, no more than today's limit leaves), each refusal saying which limit it is.
 */
export function withdrawalFormSchema(
  accounts: readonly WithdrawalAccountFacts[],
  minimumFor: (currency: string) => string | undefined,
) {
  return z
    .object({
      accountId: z.string().min(1, WalletMessages.chooseAccount),
      cardId: z.string().min(1, WalletMessages.chooseCard),
      amount: typedText(amountString),
    })
    .superRefine((values, ctx) => {
      const account = accounts.find((a) => String(a.id) === values.accountId);
      if (!account || !isCurrency(account.currency)) {
        ctx.addIssue({ code: 'custom', path: ['accountId'], message: WalletMessages.chooseAccount });
        return;
      }
      const currency = account.currency;
      if (amountFor(currency, values.amount)) return;
      const minimum = minimumFor(currency);
      if (minimum && isBelow(values.amount, minimum, currency)) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: MoneyMessages.belowMinimumWithdrawal(minimum, currency),
        });
      } else if (isAbove(values.amount, account.available, currency)) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: MoneyMessages.insufficientFunds });
      } else if (isAbove(values.amount, account.withdrawable, currency)) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: aboveWithdrawableMessage(account, currency),
        });
      }
    });
}
export type WithdrawalFormValues = z.input<ReturnType<typeof withdrawalFormSchema>>;

/**
 * Fund Transfer form (spec section 5): amount greater than 0 and a currency pair selected; the
 * amount may not exceed what the from account has available.
 */
/** What the transfer form needs to know: how much may go to another currency (the server's rule). */
export interface TransferAccountFacts extends AccountFacts {
  transferable: string;
  bonus_not_withdrawable: string;
}

/** Why less than the available balance may be transferred (the trial bonus), or undefined. */
export function transferableNote(account: TransferAccountFacts): string | undefined {
  if (!isCurrency(account.currency)) return undefined;
  if (minorOf(account.transferable, account.currency) >= minorOf(account.available, account.currency))
    return undefined;
  return WalletMessages.transferBonusNote(formatCurrency(account.bonus_not_withdrawable, account.currency));
}

export function transferFormSchema(accounts: readonly TransferAccountFacts[]) {
  return z
    .object({
      from: z.string().min(1, WalletMessages.chooseCurrency),
      to: z.string().min(1, WalletMessages.chooseCurrency),
      amount: typedText(amountString),
    })
    .superRefine((values, ctx) => {
      if (values.from && values.from === values.to) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: MoneyMessages.sameAccount });
        return;
      }
      const account = accounts.find((a) => a.currency === values.from);
      if (!account || !isCurrency(account.currency)) return;
      if (amountFor(account.currency, values.amount)) return;
      if (isAbove(values.amount, account.available, account.currency)) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: MoneyMessages.insufficientFunds });
      } else if (isAbove(values.amount, account.transferable, account.currency)) {
        // Refused before it is sent: the server would answer 409 (trial bonus stays in its currency).
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: WalletMessages.aboveTransferable(
            formatCurrency(account.transferable, account.currency),
            formatCurrency(account.bonus_not_withdrawable, account.currency),
          ),
        });
      }
    });
}
export type TransferFormValues = z.input<ReturnType<typeof transferFormSchema>>;

/** Proof of payment: JPEG, PNG, WebP or PDF, at most 20MB (the server re-checks the bytes). */
export const PROOF_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const PROOF_MAX_BYTES = 20 * 1024 * 1024;
export const PROOF_ACCEPT = PROOF_TYPES.join(',');

export function proofFileError(file: { type: string; size: number } | null | undefined): string | undefined {
  if (!file) return WalletMessages.proofRequired;
  if (!(PROOF_TYPES as readonly string[]).includes(file.type)) return WalletMessages.proofType;
  if (file.size > PROOF_MAX_BYTES) return WalletMessages.proofSize;
  return undefined;
}
