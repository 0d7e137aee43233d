import { z } from 'zod';
import { documented, integerRangePattern } from './json-schema-hints';

/**
 * Every number a client sends goes through these helpers (docs/decisions/0045-plain-numbers.md).
 *
 * Numbers typed by people (amounts, quantities, prices, rates) travel as JSON strings of decimal
 * text, so no float ever holds money; whole numbers in a JSON body (ids, a term, lots) are JSON
 * numbers; whole numbers in a query string or a path are text. Text is taken only when it is
 * plain: ASCII digits, and where the field allows decimals one point with digits on both sides.
 * No sign, no spaces around or inside, no exponent, no 0x/0o/0b prefix, no separators, no digits of
 * other scripts, no 'Infinity' or 'NaN'. JavaScript's Number() and z.coerce accept most of those
 * ('0x10' → 16, ' 10 ' → 10, '+5' → 5, '1e3' → 1000), so neither ever parses client input.
 *
 * A value of the wrong JSON type (a number where text is expected, text where a number is) is
 * refused with the field's message too. The web trims what the client types (spec 5: values are
 * trimmed) before it validates and sends; the API refuses surrounding spaces rather than guess.
 */

/** ASCII digits only (spelled out: \d is [0-9] in JavaScript, but no flag may ever widen it). */
const DIGITS = /^[0-9]+$/;

/** Whether `text` is a whole number in plain digits (at most `maxDigits`; 15 keeps it a safe integer). */
export function isPlainInteger(text: unknown, maxDigits = 15): text is string {
  return typeof text === 'string' && text.length >= 1 && text.length <= maxDigits && DIGITS.test(text);
}

/**
 * Whether `text` is plain decimal text: digits, then optionally one point and 1..`maxDecimals`
 * digits ('10', '10.5'; never '10.', '.5', '1,000.00', '1e3', '-1', ' 1').
 */
export function isPlainDecimal(text: unknown, maxDecimals: number, maxWholeDigits = 15): text is string {
  if (typeof text !== 'string') return false;
  const point = text.indexOf('.');
  if (point === -1) return isPlainInteger(text, maxWholeDigits);
  const fraction = text.slice(point + 1);
  return (
    isPlainInteger(text.slice(0, point), maxWholeDigits) &&
    maxDecimals > 0 &&
    fraction.length <= maxDecimals &&
    isPlainInteger(fraction, Number.MAX_SAFE_INTEGER)
  );
}

/** A positive id written in plain digits (a path segment, a query value), else undefined. */
export function plainIdOf(text: unknown): number | undefined {
  if (!isPlainInteger(text)) return undefined;
  const n = Number(text);
  return n > 0 ? n : undefined;
}

/**
 * A whole number sent as text (query string, path): plain digits, then `min`..`max`; anything
 * else, and a value of another JSON type, is refused with `message`. Yields a number.
 */
export const plainInteger = (message: string, range: { min?: number; max?: number } = {}) =>
  documented(
    z
      .string({ error: message })
      .refine((t) => isPlainInteger(t), message)
      .transform(Number)
      .refine(
        (n) => (range.min === undefined || n >= range.min) && (range.max === undefined || n <= range.max),
        {
          message,
        },
      ),
    range.min === 1 && range.max === undefined
      ? { type: 'string', pattern: '^0*[1-9][0-9]*$', maxLength: 15 }
      : range.min !== undefined && range.max !== undefined
        ? { type: 'string', pattern: integerRangePattern(range.min, range.max), maxLength: 15 }
        : { type: 'string', pattern: '^[0-9]{1,15}$' },
  );

/** A positive id sent as text (query string, path), refused with `message`. */
export const plainId = (message: string) => plainInteger(message, { min: 1 });

/**
 * A decimal sent as text, plain, at most `maxDecimals` decimals; anything else (a JSON number
 * too) is refused with `message`. Yields the text: the server parses it exactly for its currency.
 */
export const plainDecimal = (maxDecimals: number, message: string, maxWholeDigits = 15) =>
  documented(
    z.string({ error: message }).refine((t) => isPlainDecimal(t, maxDecimals, maxWholeDigits), message),
    { pattern: plainDecimalPattern(maxDecimals, maxWholeDigits) },
  );

/** isPlainDecimal as a JSON Schema pattern. */
export function plainDecimalPattern(maxDecimals: number, maxWholeDigits: number): string {
  const whole = Number.isFinite(maxWholeDigits) ? `[0-9]{1,${maxWholeDigits}}` : '[0-9]+';
  if (maxDecimals <= 0) return `^${whole}$`;
  const fraction = Number.isFinite(maxDecimals) ? `[0-9]{1,${maxDecimals}}` : '[0-9]+';
  return `^${whole}(\\.${fraction})?$`;
}

/**
 * A whole number in a JSON body: a JSON number (never text), a safe integer, not −0, then
 * `min`..`max`; anything else is refused with `message`.
 */
export const jsonInteger = (message: string, range: { min?: number; max?: number } = {}) =>
  documented(
    z
      .number({ error: message })
      .refine(
        (n) =>
          Number.isSafeInteger(n) &&
          !Object.is(n, -0) &&
          (range.min === undefined || n >= range.min) &&
          (range.max === undefined || n <= range.max),
        message,
      ),
    {
      type: 'integer',
      minimum: range.min ?? Number.MIN_SAFE_INTEGER,
      maximum: range.max ?? Number.MAX_SAFE_INTEGER,
    },
  );

/**
 * For web forms only: what the client typed, trimmed (spec 5: values are trimmed), then checked by
 * the contract's own rule, so the form and the API refuse the same input with the same words.
 * The form must send the trimmed value (the schema's output), never the raw text.
 */
export const typedText = <T extends z.ZodType<unknown, string>>(schema: T) => z.string().trim().pipe(schema);
