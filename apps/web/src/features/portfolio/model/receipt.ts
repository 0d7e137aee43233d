/**
 * The order display rules of spec section 4, pure:
 * - status 'sold' shows a settlement summary with the sell value; otherwise the buy value;
 * - ttype ipo with status listing shows 'PENDING LISTING';
 * - ttype quant and fund show a yield section (Unrealised Gains / Held Position Return; sold:
 *   Holding Returns);
 * - a negative outstanding shows an unpaid warning;
 * - status colours (case-insensitive): @imali/money's tone, lib/tone-classes' class.
 */
import { COST_BASIS_SHORT_LABELS, type Order } from '@imali/contract';
import {
  formatCurrency,
  formatLevel,
  formatNav,
  formatPrice,
  formatQuantity,
  formatSignedCurrency,
  formatSignedRatio,
  productSubLabel,
  productUnits,
  tryParseDecimal,
} from '@imali/money';
import { signedColorClass, statusColorClass } from '@/lib/tone-classes';
import { formatDay } from './format';
import { serverNow } from '@/lib/server-clock';

export const PENDING_LISTING = 'PENDING LISTING';

/** The status as shown: 'PENDING LISTING' for an IPO waiting to list, else the status in capitals. */
export function statusText(order: Pick<Order, 'status' | 'ttype'> & Partial<Pick<Order, 'fund'>>): string {
  if (order.ttype === 'ipo' && order.status.toLowerCase() === 'listing') return PENDING_LISTING;
  if (isRedeeming(order)) return REDEMPTION_PENDING;
  return order.status.toUpperCase();
}

export { statusColorClass };

export const isSold = (order: Pick<Order, 'status'>) => order.status.toLowerCase() === 'sold';

/** Sold: the sell value; otherwise the buy value. */
export function headlineValue(order: Order): { label: 'Sell value' | 'Buy value'; amount: string } {
  return isSold(order)
    ? { label: 'Sell value', amount: order.sell_trade_value }
    : { label: 'Buy value', amount: order.buy_trade_value };
}

/** A negative outstanding amount means unpaid (spec section 3). */
export function isUnpaid(order: Pick<Order, 'outstanding'>): boolean {
  const d = tryParseDecimal(order.outstanding);
  return d !== undefined && d.coefficient < 0n;
}

export interface YieldRow {
  label: string;
  value: string;
  /** The signed-value colour (green, red, grey). */
  className: string;
}

/**
 * The returns block. fund and quant: the spec's yield section (Unrealised Gains and Held Position
 * Return while held; Holding Returns once sold). Stocks: profit and return, realised once sold.
 */
export function yieldSection(order: Order): { title: string; rows: YieldRow[] } {
  // One signed rule (decision 0041): '+ZAR 12.30 (+0.41%)' here, in the rows and on Summary.
  const money = formatSignedCurrency(order.profit, order.currency);
  const ratio = formatSignedRatio(order.roi);
  const profitClass = signedColorClass(order.profit);
  const roiClass = signedColorClass(order.roi);
  const sold = isSold(order);
  // A sale's profit is against the cost it relieved (average cost or FIFO; decision 0040): say which.
  const costRows: YieldRow[] =
    sold && order.cost_basis !== null && order.cost_basis_method !== null
      ? [
          {
            label: `Cost (${COST_BASIS_SHORT_LABELS[order.cost_basis_method]})`,
            value: formatCurrency(order.cost_basis, order.currency),
            className: 'text-slate-900',
          },
        ]
      : [];
  if (order.ttype === 'fund' || order.ttype === 'quant') {
    return sold
      ? {
          title: 'Yield',
          rows: [
            ...costRows,
            { label: 'Holding Returns', value: money, className: profitClass },
            { label: 'Return', value: ratio, className: roiClass },
          ],
        }
      : {
          title: 'Yield',
          rows: [
            { label: 'Unrealised Gains', value: money, className: profitClass },
            { label: 'Held Position Return', value: ratio, className: roiClass },
          ],
        };
  }
  return sold
    ? {
        title: 'Realised returns',
        rows: [
          ...costRows,
          { label: 'Profit', value: money, className: profitClass },
          { label: 'ROI', value: ratio, className: roiClass },
        ],
      }
    : {
        title: 'Returns',
        rows: [
          { label: 'Unrealised profit', value: money, className: profitClass },
          { label: 'Return', value: ratio, className: roiClass },
        ],
      };
}

/** Whether the order has returns to show: held or sold (not while waiting, nor when rejected). */
export function hasReturns(order: Pick<Order, 'status'>): boolean {
  const s = order.status.toLowerCase();
  return s === 'holding' || s === 'sold';
}

/** The product label with its sub-label: STOCK · D.D. (fo), P.M. (otc), ST (ipo), STD (standard). */
export function productLabel(order: Pick<Order, 'ttype' | 'display_type'>): {
  label: string;
  subLabel: string;
} {
  if (order.ttype === 'fund') return { label: 'FUND', subLabel: '' };
  if (order.ttype === 'quant') return { label: 'QUANT', subLabel: '' };
  return { label: 'STOCK', subLabel: productSubLabel(order.display_type || order.ttype) };
}

/**
 * A price of the order in its own unit (decision 0041): a share price in the quote unit (ZAc ÷ 100,
 * USD, INR), a fund's NAV per unit with 4 decimals, a structured product's underlying level in
 * points (it has no price of its own).
 */
export function formatOrderPrice(
  price: string | null | undefined,
  order: Pick<Order, 'ttype' | 'quote_unit'>,
): string {
  const units = productUnits(order.ttype);
  if (units.price === 'nav') return formatNav(price, order.quote_unit);
  if (units.level) return formatLevel(price);
  return formatPrice(price, order.quote_unit);
}

/**
 * What an order holds, in its own units, as its list row says it: '10 shares at ZAR 5,987.41';
 * a fund '81.9947 units at NAV ZAR 12.1959' (or 'priced at the next NAV'); a structured note
 * 'ZAR 3,000.00 invested · level 68,691.00 pts' — never shares, never a price in rand.
 */
export function holdingText(order: Order): string {
  const units = productUnits(order.ttype);
  if (units.kind === 'structured') {
    const s = order.structured;
    const invested = `${formatCurrency(s?.amount ?? order.buy_trade_value, order.currency)} invested`;
    if (!s) return invested;
    if (s.level === null) return `${invested} · starts ${formatDay(s.start_at, order.country)}`;
    return `${invested} · ${isSold(order) ? 'paid at' : 'level'} ${formatLevel(s.level)}`;
  }
  if (units.kind === 'fund') {
    const units = order.fund?.units ?? null;
    if (units === null) return 'priced at the next NAV';
    return `${formatQuantity(units, 'units')} at NAV ${formatNav(order.order_price, order.quote_unit)}`;
  }
  const quantity = order.status === 'awaiting' ? order.requested_quantity : order.quantity;
  return `${formatQuantity(quantity, 'shares')} at ${formatPrice(order.order_price, order.quote_unit)}`;
}

/** Whether a fixed-term holding is still locked. */
export function isLocked(order: Pick<Order, 'locked_until'>, now: number = serverNow()): boolean {
  if (!order.locked_until) return false;
  const at = Date.parse(order.locked_until);
  return Number.isFinite(at) && at > now;
}

/** A holding can be closed (sold) once it is not locked. */
export function canSell(
  order: Pick<Order, 'status' | 'locked_until'> & Partial<Pick<Order, 'ttype' | 'structured' | 'fund'>>,
  now: number = serverNow(),
): boolean {
  // Fund units are redeemed at the next NAV, once: not while a redemption is pending.
  if (order.ttype === 'fund') return order.status.toLowerCase() === 'holding' && !isRedeeming(order);
  // A structured product leaves early only where its terms allow (its early exit, not a sale).
  if (order.ttype === 'quant')
    return order.status.toLowerCase() === 'holding' && !!order.structured?.can_exit;
  return order.status.toLowerCase() === 'holding' && !isLocked(order, now);
}

// ---------- ttype fund (issue 13 section 4): units and NAVs, priced forward ----------

export const REDEMPTION_PENDING = 'REDEMPTION PENDING';

/** A fund holding whose redemption is requested and waits for the next NAV. */
export function isRedeeming(order: Partial<Pick<Order, 'status' | 'ttype' | 'fund'>>): boolean {
  return order.ttype === 'fund' && order.status?.toLowerCase() === 'holding' && !!order.fund?.redemption;
}
