/**
 * How fees read, on a preview and on a receipt (decision 0041): one story per side (buy, sell),
 * each charge named for what it is, grouped under the spec's summary buckets (brokerage, STT,
 * transaction charges, VAT/GST) with the group's sum beside its parts, and the side's total. A
 * bucket with one charge reads as that charge ('Entry cost', 'Platform fee …',
 * 'Securities Transfer Tax (STT)'), never as 'Brokerage'; a bucket of several says how they add
 * up: 'Transaction charges = Settlement and administration + Investor Protection Levy'.
 */
import { formatDecimal, parseDecimal, rescale, type Decimal } from './decimal';
import type { FeeBucket } from './fees';

/** A charge as the API sends it (the contract's feeItem without its side). */
export interface FeeLineView {
  code: string;
  label: string;
  bucket: FeeBucket;
  /** Decimal money text: '25.00'. */
  amount: string;
}

export interface FeeGroup {
  bucket: FeeBucket;
  /** The charge's own label when the bucket holds one; the bucket's name when several. */
  label: string;
  /** Σ of the parts, exact decimal text. */
  amount: string;
  parts: FeeLineView[];
  /** Several parts: 'Transaction charges = Settlement and administration + Investor Protection Levy'. */
  explanation?: string;
}

/** The spec's receipt fields (section 3), in its order. */
export const FEE_BUCKET_ORDER: readonly FeeBucket[] = ['brokerage', 'stt', 'txn', 'gst'];

export const FEE_BUCKET_LABELS: Readonly<Record<FeeBucket, string>> = Object.freeze({
  brokerage: 'Brokerage',
  stt: 'Securities tax (STT)',
  txn: 'Transaction charges',
  gst: 'VAT/GST',
});

/** Exact sum of decimal money texts. */
export function sumAmounts(amounts: readonly string[]): string {
  let total: Decimal = { coefficient: 0n, scale: 2 };
  for (const a of amounts) {
    const d = parseDecimal(a);
    const scale = Math.max(total.scale, d.scale);
    total = {
      coefficient: rescale(total, scale, 'DOWN').coefficient + rescale(d, scale, 'DOWN').coefficient,
      scale,
    };
  }
  return formatDecimal(total);
}

/** One side's charges grouped by the spec's buckets, in the spec's order (empty buckets left out). */
export function groupFees(items: readonly FeeLineView[]): FeeGroup[] {
  const groups: FeeGroup[] = [];
  for (const bucket of FEE_BUCKET_ORDER) {
    const parts = items.filter((i) => i.bucket === bucket);
    if (parts.length === 0) continue;
    const amount = sumAmounts(parts.map((p) => p.amount));
    if (parts.length === 1) {
      groups.push({ bucket, label: parts[0]!.label, amount, parts });
    } else {
      const label = FEE_BUCKET_LABELS[bucket];
      groups.push({
        bucket,
        label,
        amount,
        parts,
        explanation: `${label} = ${parts.map((p) => p.label).join(' + ')}`,
      });
    }
  }
  return groups;
}

// ---------- Fee schedules by name ----------

/** What a structured product's order records as its schedule: its charges are the product's terms. */
export const STRUCTURED_TERMS_FEE_SCHEDULE = 'structured-terms';
/** What a fund order records: no upfront fee, costs in the NAV, a platform fee on redemption. */
export const FUND_FEE_SCHEDULE = 'FUND-NAV-1';

const EXCHANGE_OF_COUNTRY: Record<string, string> = { ZA: 'JSE', IN: 'NSE', US: 'US' };
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A fee schedule version as a client reads it, with its version: 'ZA-2026-11' → 'JSE share trading
 * fees, November 2026 (ZA-2026-11)'; 'FUND-NAV-1' → 'Fund charges: costs in the NAV, platform fee on
 * redemption (version 1)'; 'structured-terms' → "The product's terms: entry and early-exit costs".
 */
export function feeScheduleTitle(version: string | null | undefined): string {
  if (!version) return '-';
  if (version === STRUCTURED_TERMS_FEE_SCHEDULE) return "The product's terms: entry and early-exit costs";
  if (version === FUND_FEE_SCHEDULE)
    return 'Fund charges: costs in the NAV, platform fee on redemption (version 1)';
  // Read from the version itself ('ZA-2026-11': country, year, month), so the browser never
  // loads the schedules to name one.
  const match = /^([A-Z]{2})-(\d{4})-(\d{2})$/.exec(version) ?? /^([A-Z]{2})-/.exec(version);
  const exchange = match ? EXCHANGE_OF_COUNTRY[match[1]!] : undefined;
  if (!exchange) return `Fee schedule ${version}`;
  const month = match?.[3] ? MONTHS[Number(match[3]) - 1] : undefined;
  return month
    ? `${exchange} share trading fees, ${month} ${match![2]} (${version})`
    : `${exchange} share trading fees (${version})`;
}
