/**
 * The money of a fund order, exact (integers only). NAV in cents per unit (2 decimals), units to
 * 4 decimals, money in cents.
 *
 * Subscription: units = amount ÷ NAV to 4 decimals, rounded DOWN (never more units than paid
 * for); their trade value = units × NAV in whole cents, rounded half-up as every trade value at
 * Imali is (orders.service considerationOf); the refund is the rest of the amount. So
 * trade value + refund = amount exactly, in cents, and |units × NAV − trade value| ≤ ½ cent.
 *
 * Redemption: proceeds = units × NAV (half-up to the cent) less the platform fee for the days
 * held (percent per year, pro rata by calendar day, half-up to the cent, never above the proceeds).
 */
import { normalizeDecimal, parseDecimal, rescale, tradeConsiderationMinor } from '@imali/money';

const UNIT_SCALE = 4;

/** NAV text (cents, ≤ 2 decimals) as integer hundredths of a cent. */
function navHundredths(nav: string): bigint {
  const d = normalizeDecimal(parseDecimal(nav));
  if (d.coefficient <= 0n || d.scale > 2) throw new Error(`NAV ${nav} is not > 0 with ≤ 2 decimals`);
  return rescale(d, 2, 'DOWN').coefficient;
}

const unitsText = (tenThousandths: bigint) =>
  `${tenThousandths / 10_000n}.${String(tenThousandths % 10_000n).padStart(UNIT_SCALE, '0')}`;

/** units × NAV in whole cents, half-up (the same rule as a share trade's consideration). */
export const unitsValueMinor = (units: string, nav: string) => tradeConsiderationMinor(units, nav, 0);

export interface Subscription {
  /** Units to 4 decimals ('81.2345'); '0.0000' when the amount buys less than 0.0001 of a unit. */
  units: string;
  /** units × NAV in cents (what is debited). */
  tradeValueMinor: bigint;
  /** amount − trade value (what is released back). */
  refundMinor: bigint;
}

export function subscribe(amountMinor: bigint, nav: string): Subscription {
  if (amountMinor <= 0n) throw new Error('a subscription is for a positive amount');
  // amount (cents) ÷ NAV (hundredths of a cent ÷ 100) in ten-thousandths of a unit, rounded down.
  const tenThousandths = (amountMinor * 1_000_000n) / navHundredths(nav);
  const units = unitsText(tenThousandths);
  const tradeValueMinor = tenThousandths === 0n ? 0n : unitsValueMinor(units, nav);
  return { units, tradeValueMinor, refundMinor: amountMinor - tradeValueMinor };
}

export interface Redemption {
  grossMinor: bigint;
  platformFeeMinor: bigint;
  netMinor: bigint;
}

/**
 * @param platformFeePercent per year, decimal text ('0.35')
 * @param days calendar days held (from the buy's valuation day to the redemption's)
 */
export function redeem(units: string, nav: string, platformFeePercent: string, days: number): Redemption {
  const grossMinor = unitsValueMinor(units, nav);
  const p = rescale(normalizeDecimal(parseDecimal(platformFeePercent)), 4, 'DOWN').coefficient;
  const held = BigInt(Math.max(0, Math.floor(days)));
  // gross × p/10⁴ % × days/365, half-up: (2·gross·p·days + D) ÷ 2D with D = 100 · 10⁴ · 365.
  const denominator = 100n * 10_000n * 365n;
  let platformFeeMinor = (2n * grossMinor * p * held + denominator) / (2n * denominator);
  if (platformFeeMinor > grossMinor) platformFeeMinor = grossMinor;
  return { grossMinor, platformFeeMinor, netMinor: grossMinor - platformFeeMinor };
}
