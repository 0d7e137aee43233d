/**
 * Prices of an IPO are in its exchange's quote unit, as the market quotes them (and as `ipo create`
 * takes them): JSE cents (ZAc: 1800 = R18.00), US dollars, Indian rupees.
 */
export const QUOTE_UNIT_OF_COUNTRY: Record<string, string> = { ZA: 'ZAc', US: 'USD', IN: 'INR' };

/** The unit as a label names it: 'ZA cents, ZAc', 'USD', 'INR'. */
export const unitLabel = (unit: string) => (unit === 'ZAc' ? 'ZA cents, ZAc' : unit);

/** A whole number of JSE cents in rand ('1800' → 'R18.00'); null for anything else. */
export function randOfCents(cents: string): string | null {
  const text = cents.trim();
  if (!/^\d{1,15}$/.test(text)) return null;
  const padded = text.padStart(3, '0');
  const whole = padded.slice(0, -2).replace(/^0+(?=\d)/, '');
  return `R${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${padded.slice(-2)}`;
}

/** '1800 ZAc (R18.00)', '25.5 USD': a price with its unit, rand beside JSE cents. */
export function priceWithUnit(price: string, unit: string): string {
  const rand = unit === 'ZAc' ? randOfCents(price) : null;
  return `${price} ${unit}${rand ? ` (${rand})` : ''}`;
}
