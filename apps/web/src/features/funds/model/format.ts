import { isPlainDecimal } from '@imali/contract';
import { formatCurrency, formatNav } from '@imali/money';

/**
 * A NAV in cents per unit (as SA unit trusts publish it) as money per unit with every digit kept,
 * in the same currency style as every amount (decision 0041): '1219.59' → 'ZAR 12.1959', never
 * 'R12.1959' beside 'ZAR 1,000.00'.
 */
export const navText = (cents: string | null | undefined): string => formatNav(cents, 'ZAc');

export const rand = (amount: string) => formatCurrency(amount, 'ZAR');

/** 'YYYY-MM-DD' as '2 Mar 2026' (en-GB, as the receipts' dates; en-ZA would pad the day: '02'). */
export function dayText(iso: string): string {
  const d = new Date(`${iso}T12:00:00Z`);
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The forward-pricing line the drawer and the receipt show. */
export const pricedAtText = (slot: { date: string; time: string }) =>
  `Units are priced at the next valuation, ${dayText(slot.date)} ${slot.time} SAST.`;

/** A valid amount: rand with at most 2 decimals, or a message. */
export function amountProblem(text: string, minimum: string, maximum: string): string | null {
  const v = text.trim();
  if (v === '') return 'Enter an amount';
  if (!isPlainDecimal(v, 2, 12)) return 'Enter a valid amount';
  if (Number(v) < Number(minimum)) return `The minimum investment is ${rand(minimum)}`;
  if (Number(v) > Number(maximum)) return `The maximum investment is ${rand(maximum)}`;
  return null;
}
