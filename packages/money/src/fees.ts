/**
 * The trading fee engine: per-country, versioned fee schedules (configuration, validated by
 * parseFeeSchedule) and computeFees, which prices one trade into an itemised, exact breakdown.
 *
 * Arithmetic is exact: amounts are bigint minor units, rates decimal strings, and every line is
 * rounded once, by its own rule (mode and step), from the exact product. No JavaScript number
 * ever holds an amount or a rate. Pure: no I/O (the schedules are JSON imported at build time),
 * so it runs in the browser (order preview) and on the server (receipt) with the same result.
 *
 * Rates change: a schedule carries a `version`, and a receipt must store the version it was
 * priced with (FeeBreakdown.scheduleVersion); feeScheduleByVersion finds it again.
 */
import {
  type Decimal,
  divideRounded,
  formatDecimal,
  normalizeDecimal,
  parseDecimal,
  pow10,
  ratioText,
} from './decimal';
import za from '../fee-schedules/ZA.json' with { type: 'json' };
import india from '../fee-schedules/IN.json' with { type: 'json' };
import us from '../fee-schedules/US.json' with { type: 'json' };

// ---------- Model ----------

export type TradeSide = 'buy' | 'sell';
/** Which trades a line applies to. */
export type FeeSideFilter = TradeSide | 'both';
/** What a line's rate multiplies: the consideration (a fraction of it), or the share count (a currency amount per share). */
export type FeeBase = 'consideration' | 'per_share';
/** The receipt field a schedule line adds into (the spec's brokerage / stt / txn). */
export type FeeReceiptBucket = 'brokerage' | 'stt' | 'txn';
/** The receipt fields of an itemised fee: the line buckets, plus 'gst' for VAT/GST on fees. */
export type FeeBucket = FeeReceiptBucket | 'gst';
/** HALF_UP: nearest step, ties up. UP: next step (ceiling). DOWN: previous step (floor). Amounts are never negative. */
export type FeeRoundingMode = 'HALF_UP' | 'UP' | 'DOWN';

export const FEE_SIDES: readonly FeeSideFilter[] = ['buy', 'sell', 'both'];
export const FEE_BASES: readonly FeeBase[] = ['consideration', 'per_share'];
export const FEE_RECEIPT_BUCKETS: readonly FeeReceiptBucket[] = ['brokerage', 'stt', 'txn'];
export const FEE_ROUNDING_MODES: readonly FeeRoundingMode[] = ['HALF_UP', 'UP', 'DOWN'];

export interface FeeRounding {
  mode: FeeRoundingMode;
  /** The rounding step in minor units: 1n = to the cent/paisa, 100n = to the rupee/rand. */
  toMinor: bigint;
}

/** The default rounding of a line: half-up to the minor unit (cent). */
export const DEFAULT_FEE_ROUNDING: Readonly<FeeRounding> = Object.freeze({ mode: 'HALF_UP', toMinor: 1n });

/** The itemised line code of the VAT/GST on fees (bucket 'gst'); no schedule line may use it. */
export const FEE_TAX_CODE = 'vat';

export interface FeeLine {
  /** Stable machine code: 'brokerage', 'stt', 'settlement', 'sec_fee', … (unique in a schedule). */
  code: string;
  /** Human text for the itemised receipt. */
  label: string;
  receiptBucket: FeeReceiptBucket;
  /** Canonical decimal text: a fraction of the consideration ('0.0025' = 0.25%), or an amount per share in major units. */
  rate: string;
  base: FeeBase;
  side: FeeSideFilter;
  /** Clamps applied after rounding, in minor units. */
  minimumMinor?: bigint;
  maximumMinor?: bigint;
  rounding: FeeRounding;
  /** Whether VAT/GST is charged on this line. */
  vatApplies: boolean;
  source?: string;
}

export interface FeeSchedule {
  /** ISO 3166-1 alpha-2: 'ZA', 'IN', 'US'. */
  country: string;
  /** Snapshotted on every receipt: 'ZA-2026-11'. */
  version: string;
  /** ISO 4217: 'ZAR', 'INR', 'USD'. */
  currency: string;
  /** Decimals of the currency's minor unit (2 for all three). */
  currencyExponent: number;
  /** VAT/GST on the lines with vatApplies, as a fraction: '0.15'. '0' where there is none. */
  vatRate: string;
  vatLabel: string;
  lines: readonly FeeLine[];
  source?: string;
}

export interface FeeInput {
  side: TradeSide;
  /** quantity × price in minor units (see tradeConsiderationMinor). */
  considerationMinor: bigint;
  /** Shares (fractional allowed), for per_share lines. */
  quantity: Decimal | string;
}

export interface FeeItem {
  code: string;
  label: string;
  bucket: FeeBucket;
  amountMinor: bigint;
}

export interface FeeBreakdown {
  scheduleVersion: string;
  country: string;
  currency: string;
  /** Schedule lines applying to the side, in schedule order (zero amounts included), then VAT/GST. */
  items: FeeItem[];
  brokerageMinor: bigint;
  sttMinor: bigint;
  txnMinor: bigint;
  gstMinor: bigint;
  /** Σ items = brokerage + stt + txn + gst. */
  totalMinor: bigint;
}

/** A fee schedule that is not valid configuration; the message names the bad field. */
export class FeeScheduleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeeScheduleError';
  }
}

/** A trade that cannot be priced (negative consideration, bad quantity, unknown side). */
export class FeeInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeeInputError';
  }
}

// ---------- Exact rounding ----------

/** numerator / denominator (both ≥ 0, denominator > 0) rounded to a multiple of `step` minor units. */
function roundToStep(numerator: bigint, denominator: bigint, mode: FeeRoundingMode, step: bigint): bigint {
  const scaledDenominator = denominator * step;
  let steps: bigint;
  if (mode === 'HALF_UP') steps = divideRounded(numerator, scaledDenominator, 'HALF_UP');
  else {
    steps = numerator / scaledDenominator;
    if (mode === 'UP' && numerator % scaledDenominator !== 0n) steps += 1n;
  }
  return steps * step;
}

function toDecimal(value: Decimal | string, what: string): Decimal {
  if (typeof value === 'string') {
    try {
      return parseDecimal(value);
    } catch {
      throw new FeeInputError(`${what} must be a decimal number (got ${JSON.stringify(value)})`);
    }
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof value.coefficient !== 'bigint' ||
    !Number.isSafeInteger(value.scale) ||
    value.scale < 0
  ) {
    throw new FeeInputError(`${what} must be a decimal string or a Decimal`);
  }
  return value;
}

/** Exact amount of one line in minor units, as numerator / denominator, before rounding. */
function exactLineAmount(
  line: FeeLine,
  schedule: FeeSchedule,
  considerationMinor: bigint,
  quantity: Decimal,
): { numerator: bigint; denominator: bigint } {
  const rate = parseDecimal(line.rate);
  if (line.base === 'consideration') {
    // considerationMinor × rc / 10^rs
    return { numerator: considerationMinor * rate.coefficient, denominator: pow10(rate.scale) };
  }
  // quantity × rate (major units per share) × 10^exponent = qc × rc × 10^e / 10^(qs + rs)
  return {
    numerator: quantity.coefficient * rate.coefficient * pow10(schedule.currencyExponent),
    denominator: pow10(quantity.scale + rate.scale),
  };
}

/** One schedule line priced for a trade: exact product, rounded by the line's rule, then clamped. */
function lineAmount(
  line: FeeLine,
  schedule: FeeSchedule,
  considerationMinor: bigint,
  quantity: Decimal,
): bigint {
  const { numerator, denominator } = exactLineAmount(line, schedule, considerationMinor, quantity);
  let amount = roundToStep(numerator, denominator, line.rounding.mode, line.rounding.toMinor);
  if (line.minimumMinor !== undefined && amount < line.minimumMinor) amount = line.minimumMinor;
  if (line.maximumMinor !== undefined && amount > line.maximumMinor) amount = line.maximumMinor;
  return amount;
}

const appliesTo = (line: FeeLine, side: TradeSide) => line.side === 'both' || line.side === side;

// ---------- Engine ----------

/**
 * The fees of one trade under `schedule`, itemised. Each line that applies to the side is
 * priced on the exact product (consideration × rate, or quantity × rate per share), rounded by
 * its own rounding rule, then clamped to its minimum/maximum. VAT/GST is vatRate × the sum of the
 * rounded lines with vatApplies, rounded half-up to the minor unit, itemised under code 'vat',
 * bucket 'gst', labelled with the schedule's vatLabel; it is listed when at least one
 * applying line is VAT-able. Lines for the other side are omitted; applying lines stay listed
 * even when their amount is 0 (e.g. zero brokerage).
 *
 * ZA-2026-11, R10,000.00 buy → brokerage 25.00, STT 25.00, settlement 7.50, IPL 0.02,
 * VAT 4.88 (15% of 32.52), total 62.40; the sale → 37.40 (no STT).
 */
export function computeFees(schedule: FeeSchedule, input: FeeInput): FeeBreakdown {
  const { side, considerationMinor } = input;
  if (side !== 'buy' && side !== 'sell') {
    throw new FeeInputError(`side must be 'buy' or 'sell' (got ${JSON.stringify(side)})`);
  }
  if (typeof considerationMinor !== 'bigint' || considerationMinor < 0n) {
    throw new FeeInputError('considerationMinor must be a bigint ≥ 0');
  }
  const quantity = toDecimal(input.quantity, 'quantity');
  if (quantity.coefficient < 0n) throw new FeeInputError('quantity must not be negative');

  const items: FeeItem[] = [];
  let vatable = 0n;
  let anyVatable = false;
  for (const line of schedule.lines) {
    if (!appliesTo(line, side)) continue;
    const amountMinor = lineAmount(line, schedule, considerationMinor, quantity);
    items.push({ code: line.code, label: line.label, bucket: line.receiptBucket, amountMinor });
    if (line.vatApplies) {
      anyVatable = true;
      vatable += amountMinor;
    }
  }
  if (anyVatable) {
    const vatRate = parseDecimal(schedule.vatRate);
    const amountMinor = roundToStep(vatable * vatRate.coefficient, pow10(vatRate.scale), 'HALF_UP', 1n);
    items.push({ code: FEE_TAX_CODE, label: schedule.vatLabel, bucket: 'gst', amountMinor });
  }

  const sum = (bucket: FeeBucket) =>
    items.reduce((total, item) => (item.bucket === bucket ? total + item.amountMinor : total), 0n);
  const brokerageMinor = sum('brokerage');
  const sttMinor = sum('stt');
  const txnMinor = sum('txn');
  const gstMinor = sum('gst');
  return {
    scheduleVersion: schedule.version,
    country: schedule.country,
    currency: schedule.currency,
    items,
    brokerageMinor,
    sttMinor,
    txnMinor,
    gstMinor,
    totalMinor: brokerageMinor + sttMinor + txnMinor + gstMinor,
  };
}

/**
 * The consideration of a trade in minor units: quantity × price × 10^exponent, rounded HALF_UP
 * to the minor unit (a tie goes up). Exact: 100 × '50' → 500000n (exponent 2);
 * '0.5' × '10.005' = 5.0025 → 500n; '1' × '0.005' = 0.5 cent → 1n. Quantity and price must be ≥ 0.
 */
export function tradeConsiderationMinor(
  quantity: Decimal | string,
  priceDecimalString: string,
  exponent: number,
): bigint {
  const q = toDecimal(quantity, 'quantity');
  const p = toDecimal(priceDecimalString, 'price');
  if (q.coefficient < 0n) throw new FeeInputError('quantity must not be negative');
  if (p.coefficient < 0n) throw new FeeInputError('price must not be negative');
  if (!Number.isSafeInteger(exponent) || exponent < 0) {
    throw new FeeInputError('exponent must be an integer ≥ 0');
  }
  return roundToStep(
    q.coefficient * p.coefficient * pow10(exponent),
    pow10(q.scale + p.scale),
    'HALF_UP',
    1n,
  );
}

/**
 * What a trade moves in cash, in minor units: a buy pays consideration + fees, a sale receives
 * consideration − fees (negative when the fees exceed a tiny sale's consideration).
 */
export function tradeSettlementMinor(
  side: TradeSide,
  considerationMinor: bigint,
  feesTotalMinor: bigint,
): bigint {
  return side === 'buy' ? considerationMinor + feesTotalMinor : considerationMinor - feesTotalMinor;
}

/**
 * Profit of a round trip and its return on the cost, exactly: profit = sellNet − buyTotal;
 * roi = profit / buyTotal as an exact decimal ratio, or, when it has no finite decimal form,
 * truncated toward zero at RATIO_MAX_DECIMALS (never rounded: the display rule truncates it once,
 * decision 0041): '0.1234' = 12.34%, '-0.00726' = −0.726%, '0' when the cost is 0.
 * buyTotalMinor is what the buy cost including fees; sellNetMinor what the sale paid after fees.
 */
export function profitAndRoi({
  buyTotalMinor,
  sellNetMinor,
}: {
  buyTotalMinor: bigint;
  sellNetMinor: bigint;
}): { profitMinor: bigint; roi: string } {
  if (buyTotalMinor < 0n) throw new FeeInputError('buyTotalMinor must not be negative');
  const profitMinor = sellNetMinor - buyTotalMinor;
  if (buyTotalMinor === 0n) return { profitMinor, roi: '0' };
  return { profitMinor, roi: ratioText(profitMinor, buyTotalMinor) };
}

// ---------- Configuration: validation ----------

const COUNTRY_PATTERN = /^[A-Z]{2}$/;
const CURRENCY_PATTERN = /^[A-Z]{3}$/;
const CODE_PATTERN = /^[a-z][a-z0-9_]*$/;
/** Rates in configuration: plain decimals, no sign, no exponent, no percent sign. */
const RATE_PATTERN = /^\d+(?:\.\d+)?$/;
const MINOR_PATTERN = /^\d+$/;
const MAX_CURRENCY_EXPONENT = 18;

const SCHEDULE_FIELDS = [
  'country',
  'version',
  'currency',
  'currencyExponent',
  'vatRate',
  'vatLabel',
  'lines',
  'source',
];
const LINE_FIELDS = [
  'code',
  'label',
  'receiptBucket',
  'rate',
  'base',
  'side',
  'minimumMinor',
  'maximumMinor',
  'rounding',
  'vatApplies',
  'source',
];
const ROUNDING_FIELDS = ['mode', 'toMinor'];

const show = (value: unknown) =>
  typeof value === 'bigint' ? `${value}n` : (JSON.stringify(value) ?? String(value));

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Validates a parsed fee schedule JSON (`unknown`) and returns it typed, canonical (rates
 * normalised, minor amounts as bigint, rounding defaulted to half-up to the cent) and frozen.
 * Throws FeeScheduleError naming the bad field: `Fee schedule ZA-2026-11: lines[1].rate must be …`.
 * Unknown fields are refused, so a misspelt `minimumMinor` cannot silently drop a minimum.
 */
export function parseFeeSchedule(json: unknown): FeeSchedule {
  let where = 'Fee schedule';
  const fail = (field: string, problem: string): never => {
    throw new FeeScheduleError(`${where}: ${field} ${problem}`);
  };
  const bad = (field: string, problem: string, value: unknown): never =>
    fail(field, `${problem} (got ${show(value)})`);

  if (!isRecord(json)) throw new FeeScheduleError(`${where}: must be a JSON object (got ${show(json)})`);
  if (typeof json.version === 'string' && json.version.trim() !== '') where = `Fee schedule ${json.version}`;
  else if (typeof json.country === 'string') where = `Fee schedule ${json.country}`;

  const unknownFields = (record: Record<string, unknown>, allowed: readonly string[], prefix: string) => {
    for (const key of Object.keys(record)) {
      if (!allowed.includes(key))
        fail(`${prefix}${key}`, `is not a known field (known: ${allowed.join(', ')})`);
    }
  };
  const text = (record: Record<string, unknown>, key: string, prefix = ''): string => {
    const value = record[key];
    if (typeof value !== 'string' || value.trim() === '') {
      return bad(`${prefix}${key}`, 'must be a non-empty string', value);
    }
    return value;
  };
  const optionalText = (record: Record<string, unknown>, key: string, prefix = ''): string | undefined =>
    record[key] === undefined ? undefined : text(record, key, prefix);
  const rate = (record: Record<string, unknown>, key: string, prefix = ''): string => {
    const value = record[key];
    if (typeof value !== 'string' || !RATE_PATTERN.test(value)) {
      return bad(
        `${prefix}${key}`,
        "must be a decimal string ≥ 0 such as '0.0025' (0.25%), with no sign, exponent or %",
        value,
      );
    }
    return formatDecimal(normalizeDecimal(parseDecimal(value)));
  };
  const minor = (record: Record<string, unknown>, key: string, prefix: string): bigint | undefined => {
    const value = record[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !MINOR_PATTERN.test(value)) {
      return bad(`${prefix}${key}`, "must be an integer string of minor units such as '50'", value);
    }
    return BigInt(value);
  };
  const oneOf = <T extends string>(
    record: Record<string, unknown>,
    key: string,
    allowed: readonly T[],
    prefix: string,
  ): T => {
    const value = record[key];
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
      return bad(`${prefix}${key}`, `must be one of ${allowed.map((a) => `'${a}'`).join(', ')}`, value);
    }
    return value as T;
  };

  unknownFields(json, SCHEDULE_FIELDS, '');
  const country = text(json, 'country');
  if (!COUNTRY_PATTERN.test(country))
    bad('country', "must be an ISO 3166 alpha-2 code such as 'ZA'", country);
  const version = text(json, 'version');
  const currency = text(json, 'currency');
  if (!CURRENCY_PATTERN.test(currency)) bad('currency', "must be an ISO 4217 code such as 'ZAR'", currency);
  const currencyExponent = json.currencyExponent;
  if (
    typeof currencyExponent !== 'number' ||
    !Number.isInteger(currencyExponent) ||
    currencyExponent < 0 ||
    currencyExponent > MAX_CURRENCY_EXPONENT
  ) {
    bad('currencyExponent', `must be an integer from 0 to ${MAX_CURRENCY_EXPONENT}`, currencyExponent);
  }
  const vatRate = rate(json, 'vatRate');
  const parsedVatRate = parseDecimal(vatRate);
  if (parsedVatRate.coefficient > pow10(parsedVatRate.scale)) {
    bad('vatRate', "must be a fraction ≤ 1 ('0.15' = 15%)", json.vatRate);
  }
  const vatLabel = text(json, 'vatLabel');
  const source = optionalText(json, 'source');
  if (!Array.isArray(json.lines)) bad('lines', 'must be an array', json.lines);

  const codes = new Set<string>();
  const lines = (json.lines as unknown[]).map((raw, index): FeeLine => {
    const prefix = `lines[${index}].`;
    if (!isRecord(raw)) return bad(`lines[${index}]`, 'must be an object', raw);
    unknownFields(raw, LINE_FIELDS, prefix);
    const code = text(raw, 'code', prefix);
    if (!CODE_PATTERN.test(code)) bad(`${prefix}code`, "must be snake_case such as 'sec_fee'", code);
    if (code === FEE_TAX_CODE) bad(`${prefix}code`, `is reserved for the VAT/GST line`, code);
    if (codes.has(code)) bad(`${prefix}code`, 'is used by another line of this schedule', code);
    codes.add(code);
    const label = text(raw, 'label', prefix);
    const receiptBucket = oneOf(raw, 'receiptBucket', FEE_RECEIPT_BUCKETS, prefix);
    const base = oneOf(raw, 'base', FEE_BASES, prefix);
    const lineRate = rate(raw, 'rate', prefix);
    const parsedRate = parseDecimal(lineRate);
    if (base === 'consideration' && parsedRate.coefficient > pow10(parsedRate.scale)) {
      bad(`${prefix}rate`, "is a fraction of the consideration and must be ≤ 1 ('0.0025' = 0.25%)", raw.rate);
    }
    const side = oneOf(raw, 'side', FEE_SIDES, prefix);
    const minimumMinor = minor(raw, 'minimumMinor', prefix);
    const maximumMinor = minor(raw, 'maximumMinor', prefix);
    if (minimumMinor !== undefined && maximumMinor !== undefined && minimumMinor > maximumMinor) {
      bad(`${prefix}minimumMinor`, `must not exceed maximumMinor (${maximumMinor})`, raw.minimumMinor);
    }
    let rounding: FeeRounding = DEFAULT_FEE_ROUNDING;
    if (raw.rounding !== undefined) {
      const roundingPrefix = `${prefix}rounding.`;
      if (!isRecord(raw.rounding)) return bad(`${prefix}rounding`, 'must be an object', raw.rounding);
      unknownFields(raw.rounding, ROUNDING_FIELDS, roundingPrefix);
      const mode = oneOf(raw.rounding, 'mode', FEE_ROUNDING_MODES, roundingPrefix);
      const step = raw.rounding.toMinor ?? 1;
      const validStep =
        (typeof step === 'number' && Number.isSafeInteger(step) && step >= 1) ||
        (typeof step === 'string' && MINOR_PATTERN.test(step) && BigInt(step) >= 1n);
      if (!validStep) {
        bad(
          `${roundingPrefix}toMinor`,
          'must be a whole number of minor units ≥ 1 (1 = cent, 100 = rupee)',
          step,
        );
      }
      rounding = Object.freeze({ mode, toMinor: BigInt(step as number | string) });
    }
    if (typeof raw.vatApplies !== 'boolean')
      bad(`${prefix}vatApplies`, 'must be true or false', raw.vatApplies);
    const lineSource = optionalText(raw, 'source', prefix);
    const line: FeeLine = {
      code,
      label,
      receiptBucket,
      rate: lineRate,
      base,
      side,
      rounding,
      vatApplies: raw.vatApplies as boolean,
    };
    if (minimumMinor !== undefined) line.minimumMinor = minimumMinor;
    if (maximumMinor !== undefined) line.maximumMinor = maximumMinor;
    if (lineSource !== undefined) line.source = lineSource;
    return Object.freeze(line);
  });

  const schedule: FeeSchedule = {
    country,
    version,
    currency,
    currencyExponent: currencyExponent as number,
    vatRate,
    vatLabel,
    lines: Object.freeze(lines),
  };
  if (source !== undefined) schedule.source = source;
  return Object.freeze(schedule);
}

// ---------- Defaults and lookup ----------

/** The shipped schedules (fee-schedules/*.json), validated when this module loads. */
export const DEFAULT_FEE_SCHEDULES: readonly FeeSchedule[] = Object.freeze([
  parseFeeSchedule(za),
  parseFeeSchedule(india),
  parseFeeSchedule(us),
]);

/**
 * The schedule for `country` ('ZA', 'IN', 'US'). Throws for a country without one, and when
 * several versions are listed for it (choose by version with feeScheduleByVersion).
 */
export function feeScheduleFor(
  country: string,
  schedules: readonly FeeSchedule[] = DEFAULT_FEE_SCHEDULES,
): FeeSchedule {
  const matches = schedules.filter((s) => s.country === country);
  if (matches.length === 0) throw new FeeScheduleError(`No fee schedule for country ${show(country)}`);
  if (matches.length > 1) {
    throw new FeeScheduleError(
      `Several fee schedules for country ${show(country)} (${matches.map((s) => s.version).join(', ')}); pick one by version`,
    );
  }
  return matches[0]!;
}

/** The schedule with this version (as snapshotted on a receipt); throws when there is none. */
export function feeScheduleByVersion(
  version: string,
  schedules: readonly FeeSchedule[] = DEFAULT_FEE_SCHEDULES,
): FeeSchedule {
  const found = schedules.find((s) => s.version === version);
  if (!found) throw new FeeScheduleError(`No fee schedule with version ${show(version)}`);
  return found;
}
