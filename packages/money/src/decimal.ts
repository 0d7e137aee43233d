/**
 * Exact decimals as a bigint coefficient and a scale: value = coefficient / 10^scale.
 * Everything money-related goes through these; a JavaScript number never holds an amount.
 */
export interface Decimal {
  coefficient: bigint;
  scale: number;
}

export type RoundingMode = 'HALF_EVEN' | 'HALF_UP' | 'DOWN';

export class DecimalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecimalError';
  }
}

const DECIMAL_PATTERN = /^([+-])?(\d+)?(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

export const pow10 = (n: number): bigint => 10n ** BigInt(n);

/**
 * Parses '12', '-0.5', '1.25e-7' (what String(number) can produce) into an exact Decimal.
 * Throws DecimalError for anything else (empty, '1.2.3', 'abc', 'NaN', 'Infinity').
 */
export function parseDecimal(input: string | number | bigint): Decimal {
  if (typeof input === 'bigint') return { coefficient: input, scale: 0 };
  if (typeof input === 'number' && !Number.isFinite(input)) throw new DecimalError('Not a finite number');
  const text = String(input).trim();
  const match = DECIMAL_PATTERN.exec(text);
  if (!match || (match[2] === undefined && match[3] === undefined)) {
    throw new DecimalError('Not a number');
  }
  const [, sign, whole = '', fraction = '', exponentText] = match;
  let coefficient = BigInt(`${whole}${fraction}` || '0');
  let scale = fraction.length;
  const exponent = exponentText ? Number(exponentText) : 0;
  if (Math.abs(exponent) > 1000) throw new DecimalError('Exponent out of range');
  if (exponent > 0) {
    if (exponent >= scale) {
      coefficient *= pow10(exponent - scale);
      scale = 0;
    } else {
      scale -= exponent;
    }
  } else if (exponent < 0) {
    scale -= exponent;
  }
  if (sign === '-') coefficient = -coefficient;
  return { coefficient, scale };
}

export function tryParseDecimal(input: unknown): Decimal | undefined {
  if (typeof input !== 'string' && typeof input !== 'number' && typeof input !== 'bigint') return undefined;
  try {
    return parseDecimal(input);
  } catch {
    return undefined;
  }
}

/** Integer division of `numerator / denominator` with the named rounding mode (denominator ≠ 0). */
export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new DecimalError('Division by zero');
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  const remainder = magnitude % denominator;
  if (remainder !== 0n && mode !== 'DOWN') {
    const twice = remainder * 2n;
    if (twice > denominator) quotient += 1n;
    else if (twice === denominator) {
      if (mode === 'HALF_UP' || quotient % 2n === 1n) quotient += 1n;
    }
  }
  return negative ? -quotient : quotient;
}

/** Re-expresses `value` with exactly `scale` decimals, rounding with `mode` when it loses digits. */
export function rescale(value: Decimal, scale: number, mode: RoundingMode): Decimal {
  if (scale === value.scale) return value;
  if (scale > value.scale) {
    return { coefficient: value.coefficient * pow10(scale - value.scale), scale };
  }
  return { coefficient: divideRounded(value.coefficient, pow10(value.scale - scale), mode), scale };
}

/** Plain decimal text with exactly `scale` decimals: '-1234.50'. No grouping, no exponent. */
export function formatDecimal(value: Decimal): string {
  const negative = value.coefficient < 0n;
  const digits = (negative ? -value.coefficient : value.coefficient)
    .toString()
    .padStart(value.scale + 1, '0');
  const whole = value.scale === 0 ? digits : digits.slice(0, -value.scale);
  const fraction = value.scale === 0 ? '' : `.${digits.slice(-value.scale)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale, 'DOWN').coefficient;
  const y = rescale(b, scale, 'DOWN').coefficient;
  return x < y ? -1 : x > y ? 1 : 0;
}

export function multiplyDecimal(a: Decimal, b: Decimal): Decimal {
  return { coefficient: a.coefficient * b.coefficient, scale: a.scale + b.scale };
}

/** Drops trailing fractional zeros: 1.2300 → 1.23 (for canonical comparison and storage). */
export function normalizeDecimal(value: Decimal): Decimal {
  let { coefficient, scale } = value;
  while (scale > 0 && coefficient % 10n === 0n) {
    coefficient /= 10n;
    scale -= 1;
  }
  return { coefficient, scale };
}

/** Decimals kept of a quotient that has no finite decimal form (1/3): far beyond any display rule. */
export const RATIO_MAX_DECIMALS = 20;

const gcd = (a: bigint, b: bigint): bigint => {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
};

/**
 * numerator / denominator as an exact decimal when it has one (−21.78 / 3,000 = −0.00726), else
 * truncated toward zero (never rounded) at `maxScale` decimals (1/3 → 0.33333333333333333333).
 * Truncating it again for display gives what truncating the true quotient gives. Trailing zeros
 * dropped. Throws DecimalError on a zero denominator.
 */
export function exactQuotient(
  numerator: bigint,
  denominator: bigint,
  maxScale: number = RATIO_MAX_DECIMALS,
): Decimal {
  if (denominator === 0n) throw new DecimalError('Division by zero');
  const magnitude = denominator < 0n ? -denominator : denominator;
  let rest = magnitude / gcd(numerator < 0n ? -numerator : numerator, magnitude);
  // A reduced fraction has a finite decimal form exactly when its denominator is 2^a × 5^b; then
  // max(a, b) decimals hold it.
  let twos = 0;
  let fives = 0;
  while (rest % 2n === 0n) {
    rest /= 2n;
    twos += 1;
  }
  while (rest % 5n === 0n) {
    rest /= 5n;
    fives += 1;
  }
  const scale = rest === 1n ? Math.min(Math.max(twos, fives), maxScale) : maxScale;
  const coefficient = divideRounded(numerator * pow10(scale), denominator, 'DOWN');
  return normalizeDecimal({ coefficient, scale });
}

/** exactQuotient as decimal text: a ratio on the wire ('-0.00726'). */
export const ratioText = (numerator: bigint, denominator: bigint): string =>
  formatDecimal(exactQuotient(numerator, denominator));
