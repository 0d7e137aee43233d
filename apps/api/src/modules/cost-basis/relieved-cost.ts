/**
 * The cost a sale relieves (decision 0040), as pure arithmetic on the figures the cost-basis
 * repository reads: the same function prices the sell preview (read without locks) and the sale
 * (read under the position's and its lots' row locks), so the two agree. Decision 0050: rounding
 * lives here, with `@imali/money`'s named mode, not in SQL.
 */
import { divideRounded, formatDecimal, parseDecimal, rescale } from '@imali/money';
import type { CostBasisMethod } from '@imali/contract';

/** Quantities are numeric(20, 6) in every table they come from. */
const QUANTITY_SCALE = 6;

export interface PositionFigures {
  quantity: string;
  costMinor: bigint;
  method: CostBasisMethod;
}

/** A FIFO lot as it stands, oldest first in the list. */
export interface LotFigures {
  id: number;
  quantity: string;
  costMinor: bigint;
}

/** What a sale leaves of a lot it consumed: emptied (deleted) or what is left of it. */
export type LotChange =
  { id: number; emptied: true } | { id: number; emptied: false; quantity: string; costMinor: bigint };

export interface SaleRelief {
  costMinor: bigint;
  method: CostBasisMethod;
  /** FIFO only: the lots the sale consumed, oldest first; empty under average cost. */
  lots: LotChange[];
}

/** Shares or units as an integer count of millionths. */
const units = (quantity: string) => rescale(parseDecimal(quantity), QUANTITY_SCALE, 'DOWN').coefficient;
const quantityText = (coefficient: bigint) => formatDecimal({ coefficient, scale: QUANTITY_SCALE });

/**
 * The cost selling `quantity` of the position relieves, by the position's method:
 *   average: quantity × cost ÷ position quantity, half-up to the minor unit; all of the cost when
 *            the sale empties the position;
 *   fifo:    the oldest lots first, each emptied lot all its cost, a partly consumed lot its cost
 *            pro rata, half-up.
 * Never more than the position's cost.
 */
export function relievedCost(
  position: PositionFigures,
  lots: readonly LotFigures[],
  quantity: string,
): SaleRelief {
  const sold = units(quantity);
  const held = units(position.quantity);
  const changes: LotChange[] = [];
  let total = 0n;
  if (position.method === 'fifo') {
    let need = sold;
    for (const lot of lots) {
      if (need <= 0n) break;
      const lotUnits = units(lot.quantity);
      if (lotUnits <= need) {
        total += lot.costMinor;
        need -= lotUnits;
        changes.push({ id: lot.id, emptied: true });
      } else {
        const part = divideRounded(lot.costMinor * need, lotUnits, 'HALF_UP');
        total += part;
        changes.push({
          id: lot.id,
          emptied: false,
          quantity: quantityText(lotUnits - need),
          costMinor: lot.costMinor - part,
        });
        need = 0n;
      }
    }
  } else if (sold >= held) {
    total = position.costMinor;
  } else {
    total = divideRounded(position.costMinor * sold, held, 'HALF_UP');
  }
  return {
    costMinor: total < position.costMinor ? total : position.costMinor,
    method: position.method,
    lots: changes,
  };
}
