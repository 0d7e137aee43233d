import { isCurrency, parseAmount, type Currency } from '@imali/money';
import type { Config } from '../../config/env';

export interface Limits {
  minDeposit: Map<Currency, bigint>;
  minWithdrawal: Map<Currency, bigint>;
  dailyWithdrawalCap: Map<Currency, bigint>;
  pinEachOrderAbove: Map<Currency, bigint>;
}

/** Parses 'ZAR=1000,USD=50' into minor units; a bad setting fails loudly at first use. */
function parseLimitList(name: string, text: string): Map<Currency, bigint> {
  const out = new Map<Currency, bigint>();
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [currency, amount] = part.split('=').map((s) => s.trim());
    if (!isCurrency(currency) || !amount) throw new Error(`${name}: cannot read '${part}'`);
    out.set(currency, parseAmount(amount, currency, { allowZero: true }));
  }
  return out;
}

const cache = new WeakMap<Config, Limits>();

/**
 * The limits the configuration sets: version 0 of the client money limits (limits module, decision
 * 0063: a published version replaces them) and the PIN threshold of orders.
 */

export function limitsOf(config: Config): Limits {
  let limits = cache.get(config);
  if (!limits) {
    limits = {
      minDeposit: parseLimitList('MONEY_MIN_DEPOSIT', config.MONEY_MIN_DEPOSIT),
      minWithdrawal: parseLimitList('MONEY_MIN_WITHDRAWAL', config.MONEY_MIN_WITHDRAWAL),
      dailyWithdrawalCap: parseLimitList('MONEY_DAILY_WITHDRAWAL_CAP', config.MONEY_DAILY_WITHDRAWAL_CAP),
      pinEachOrderAbove: parseLimitList('PIN_EACH_ORDER_ABOVE', config.PIN_EACH_ORDER_ABOVE),
    };
    cache.set(config, limits);
  }
  return limits;
}

/**
 * Whether an order of `amountMinor` needs a PIN verification of its own (spent by the order, see
 * session.service spendFreshPin): above PIN_EACH_ORDER_ABOVE for its currency. Withdrawals always do.
 */
export function orderNeedsOwnPin(config: Config, currency: Currency, amountMinor: bigint): boolean {
  const threshold = limitsOf(config).pinEachOrderAbove.get(currency);
  return threshold !== undefined && amountMinor > threshold;
}
