/**
 * Pure display rules of an IPO: the lots form's checks (the server's messages), prices in the
 * quote unit shown in the currency, the price line (fixed, range, final), the allocation rule in
 * one line, dates, and whether the subscription window is open.
 */
import {
  IpoMessages,
  isPlainInteger,
  type IpoApplication,
  type IpoTerms,
  type Offering,
} from '@imali/contract';
import { formatPrice, formatQuantity } from '@imali/money';
import { serverNow } from '@/lib/server-clock';

/** The lots typed, checked against the minimum and what is left of the per-client maximum. */
export function lotsError(
  text: string,
  terms: Pick<IpoTerms, 'min_lots' | 'max_lots' | 'applied_lots'>,
): string | undefined {
  const t = text.trim();
  if (t === '') return IpoMessages.lotsRequired;
  if (!isPlainInteger(t, 9) || Number(t) <= 0) return IpoMessages.lotsWhole;
  const lots = Number(t);
  if (lots < terms.min_lots) return IpoMessages.belowMinimum(terms.min_lots);
  if (terms.applied_lots + lots > terms.max_lots)
    return IpoMessages.aboveMaximum(terms.max_lots, terms.applied_lots);
  return undefined;
}

/** Lots still open to this client under the per-client maximum. */
export const lotsLeft = (terms: Pick<IpoTerms, 'max_lots' | 'applied_lots'>) =>
  Math.max(0, terms.max_lots - terms.applied_lots);

/** One number format (en-US, decision 0041): '1,200 lots', '100,000 shares', never '100 000'. */
export const lotsText = (lots: number | string) => formatQuantity(lots, 'lots');
export const sharesText = (shares: number | string) => formatQuantity(shares, 'shares');

/** A quote-unit price in the currency (JSE: cents → rand): 'ZAR 18.00'. */
export function priceText(price: string, where: Pick<Offering, 'quote_unit'>): string {
  return formatPrice(price, where.quote_unit);
}

/**
 * The price as the client should read it: the final price once set; a fixed price; or the range
 * (funds held at its upper end).
 */
export function priceLine(
  terms: Pick<IpoTerms | IpoApplication, 'price_low' | 'price_high' | 'final_price'>,
  where: Pick<Offering, 'quote_unit'>,
): { label: string; value: string; note?: string } {
  const p = (v: string) => priceText(v, where);
  const range = `${p(terms.price_low)} to ${p(terms.price_high)}`;
  if (terms.final_price !== null) {
    return terms.price_low === terms.price_high
      ? { label: 'Fixed price', value: p(terms.final_price) }
      : { label: 'Final price', value: p(terms.final_price), note: `Range was ${range}` };
  }
  if (terms.price_low === terms.price_high) return { label: 'Fixed price', value: p(terms.price_high) };
  return {
    label: 'Price range',
    value: range,
    note: 'Funds are held at the upper price; any difference is released at allotment.',
  };
}

/** The allocation rule, explained in one line. */
export function allocationText(rule: IpoTerms['allocation_rule']): { title: string; text: string } {
  return rule === 'lottery'
    ? {
        title: 'Lottery',
        text: 'If oversubscribed, a recorded, seeded draw gives one lot to each winner.',
      }
    : {
        title: 'Pro rata',
        text: 'If oversubscribed, each application gets lots in proportion to what it asked for.',
      };
}

/** 'YYYY-MM-DD' (an exchange date) → '12 Jan 2027'. */
export function dayText(day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return at.toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** An instant → '12 Jan 2027, 09:00' in South African time (the exchange's). */
export function dateTimeText(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleString('en-ZA', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'Africa/Johannesburg',
  });
}

export type WindowState = 'upcoming' | 'open' | 'closed';

/** Whether applications are taken now (the offering open, the IPO not allotted, within the window). */
export function windowState(
  offering: Pick<Offering, 'status' | 'opens_at' | 'closes_at'>,
  terms: Pick<IpoTerms, 'state'>,
  now: number = serverNow(),
): WindowState {
  if (terms.state !== 'open' || offering.status === 'closed' || offering.status === 'settled')
    return 'closed';
  if (offering.status === 'upcoming' || now < Date.parse(offering.opens_at)) return 'upcoming';
  return now < Date.parse(offering.closes_at) ? 'open' : 'closed';
}
