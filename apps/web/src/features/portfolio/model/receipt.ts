/**
 * The order display rules of spec section 4, pure:
 * - status 'sold' shows a settlement summary with the sell value; otherwise the buy value;
 * - ttype ipo with status listing shows 'PENDING LISTING';
 * - ttype quant and fund show a yield section (Unrealised Gains / Held Position Return; sold:
 *   Holding Returns);
 * - a negative outstanding shows an unpaid warning;
 * - status colours (case-insensitive) from @imali/money.
 */
import { COST_BASIS_SHORT_LABELS, type Order } from '@imali/contract';
import {
  countryPrice,
  formatCurrency,
  formatRatio,
  productSubLabel,
  signedColorClass,
  statusColorClass,
  tryParseDecimal,
} from '@imali/money';
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
  const money = formatCurrency(order.profit, order.currency);
  const ratio = formatRatio(order.roi);
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

/** A quote-unit price in the order's currency (ZA: cents ÷ 100): 'ZAR 5,987.41'. */
export function formatOrderPrice(
  price: string | null | undefined,
  order: Pick<Order, 'country' | 'currency'>,
): string {
  const shown = countryPrice(price, order.country);
  return shown === undefined ? '-' : formatCurrency(shown, order.currency);
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

/** Fund units to 4 decimals, as unit trusts publish them: '162.001' → '162.0010 units'. */
export function fundUnitsText(units: string | null | undefined): string {
  const d = units == null ? undefined : tryParseDecimal(units);
  if (!d) return '-';
  const [whole = '0', fraction = ''] = units!.trim().split('.');
  const shownWhole = BigInt(whole.replace('-', '') || '0').toLocaleString('en-US');
  return `${whole.startsWith('-') ? '-' : ''}${shownWhole}.${fraction.padEnd(4, '0').slice(0, 4)} units`;
}

/**
 * A NAV in cents per unit as money per unit with every digit kept (4 decimals), e.g. '1234.56' →
 * 'ZAR 12.3456' (formatCurrency would cut it to 2); a NAV of 0 (not yet priced) → '-'.
 */
export function fundNavText(cents: string | null | undefined, currency: string): string {
  const d = cents == null ? undefined : tryParseDecimal(cents);
  if (!d || d.coefficient <= 0n) return '-';
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  }).format(countryPrice(cents, 'ZA') as unknown as number);
}
