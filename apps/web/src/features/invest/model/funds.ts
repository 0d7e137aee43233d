import type { Account } from '@imali/contract';
import { compareDecimal, tryParseDecimal } from '@imali/money';

/** The client's accounts an order in `currency` can be paid from (spec: the instrument's currency). */
export function accountsFor(accounts: readonly Account[] | undefined, currency: string): Account[] {
  return (accounts ?? []).filter((a) => a.currency === currency);
}

/** Whether the account's available cash covers `needed` (both decimal strings); unknown → true. */
export function covers(account: Account | undefined, needed: string | undefined): boolean {
  const available = tryParseDecimal(account?.available);
  const need = tryParseDecimal(needed);
  if (!available || !need) return true;
  return compareDecimal(available, need) >= 0;
}
