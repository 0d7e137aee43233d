import type { Offering, OfferingDtype } from '@imali/contract';
import { productSubLabel } from '@imali/money';

/** Spec section 4: the category filter values are all, stock, fund, quant. */
export const CATEGORY_FILTERS = ['all', 'stock', 'fund', 'quant'] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

export const CATEGORY_LABELS: Record<CategoryFilter, string> = {
  all: 'All',
  stock: 'Stock',
  fund: 'Fund',
  quant: 'Quant',
};

/** What each category lists, for the screen's subtitle (issue 24: one line per tab). */
export const CATEGORY_DESCRIPTIONS: Record<CategoryFilter, string> = {
  all: 'Every open and upcoming offering: fixed-term (DD Trading) and block deals and IPOs on listed shares, funds and structured investments.',
  stock: 'Fixed-term (DD Trading) and block deals and IPOs on listed shares, with their key facts and fees.',
  fund: 'Funds open for subscription: bought for an amount at the next NAV, with their benchmark, minimum and fees.',
  quant: 'Structured investments on an index or a share, with their term, payoff and key facts.',
};

/** fo (D.D.), otc (P.M.) and ipo (ST) are STOCK products; fund and quant are their own. */
export function categoryOf(dtype: OfferingDtype | string): Exclude<CategoryFilter, 'all'> {
  if (dtype === 'fund') return 'fund';
  if (dtype === 'quant') return 'quant';
  return 'stock';
}

/** The product-type label and its sub-label: fo → STOCK · D.D., otc → STOCK · P.M. */
export function productLabel(dtype: string): { label: string; subLabel: string } {
  const category = categoryOf(dtype);
  return { label: category.toUpperCase(), subLabel: category === 'stock' ? productSubLabel(dtype) : '' };
}

/** The product names of the spec's drawers, for section headings. */
export const DTYPE_TITLES: Record<OfferingDtype, string> = {
  fo: 'DD Trading',
  otc: 'Block Trading',
  ipo: 'IPO Equity',
  fund: 'Fund Investment',
  quant: 'Structured Investment',
};

export function filterOfferings(
  offerings: readonly Offering[],
  { category = 'all', country = 'all' }: { category?: CategoryFilter; country?: string },
): Offering[] {
  return offerings.filter(
    (o) =>
      (category === 'all' || categoryOf(o.dtype) === category) &&
      (country === 'all' || o.country === country),
  );
}

/** Offerings grouped by type in a fixed order (fo, otc, ipo, fund, quant); empty groups left out. */
export function groupByType(
  offerings: readonly Offering[],
): Array<{ dtype: OfferingDtype; items: Offering[] }> {
  const order: OfferingDtype[] = ['fo', 'otc', 'ipo', 'fund', 'quant'];
  return order
    .map((dtype) => ({ dtype, items: offerings.filter((o) => o.dtype === dtype) }))
    .filter((g) => g.items.length > 0);
}
