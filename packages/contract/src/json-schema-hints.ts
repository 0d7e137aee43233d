import { z } from 'zod';

/**
 * What a schema's refinements accept, said in JSON Schema (a pattern, a length), for the API's
 * published document (apps/api/src/lib/openapi, decision 0052). zod cannot translate a
 * `.refine()` or a `.transform()`, so without a hint the document would call valid text the API
 * refuses (issue 22). A hint only documents: validation stays the schema's own, with its messages.
 */
export const jsonSchemaHints = z.registry<{ id?: string; [keyword: string]: unknown }>();

/** Registers the JSON Schema keywords that describe `schema`'s refinements; returns `schema`. */
export function documented<T extends z.ZodType>(schema: T, hint: Record<string, unknown>): T {
  jsonSchemaHints.add(schema, hint);
  return schema;
}

/** Text matched case-insensitively after trimming, as the `upper` transforms accept it. */
export function caseInsensitivePattern(values: readonly string[]): string {
  const letters = (value: string) =>
    [...value]
      .map((c) => (c.toLowerCase() === c.toUpperCase() ? c : `[${c.toUpperCase()}${c.toLowerCase()}]`))
      .join('');
  return `^${SPACE}*(${values.map(letters).join('|')})${SPACE}*$`;
}

/**
 * The control characters plugins/input-guard.ts refuses in every input string (C0 but tab, LF and
 * CR; DEL; C1), as the inside of a JSON Schema character class.
 */
export const CONTROL_CHARACTER_CLASS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';

/**
 * White space a trim removes and the input guard lets through (tab, LF, CR, space): `\\s` would
 * also admit the vertical tab and form feed, which the guard refuses.
 */
export const SPACE = '[\\t\\n\\r ]';

/**
 * A pattern for whole numbers from `min` to `max` in plain digits (leading zeros allowed, as
 * isPlainInteger allows them): e.g. 2..500 → ^0*([2-9]|[1-9][0-9]|[1-4][0-9]{2}|500)$.
 */
export function integerRangePattern(min: number, max: number): string {
  const parts: string[] = [];
  // Split [min, max] into ranges whose numbers share a length, then into digit-class runs.
  const split = (lo: number, hi: number) => {
    const a = String(lo);
    const b = String(hi);
    if (a.length !== b.length) {
      split(lo, 10 ** a.length - 1);
      split(10 ** a.length, hi);
      return;
    }
    let i = 0;
    while (i < a.length && a[i] === b[i]) i += 1;
    if (i === a.length) return void parts.push(a);
    const prefix = a.slice(0, i);
    const rest = a.length - i - 1;
    const zeros = '0'.repeat(rest);
    const nines = '9'.repeat(rest);
    if (a.slice(i + 1) === zeros && b.slice(i + 1) === nines) {
      return void parts.push(`${prefix}[${a[i]}-${b[i]}]${rest ? `[0-9]{${rest}}` : ''}`);
    }
    const upper = Number(prefix + a[i] + nines);
    split(lo, upper);
    split(upper + 1, hi);
  };
  split(min, max);
  return `^0*(${parts.join('|')})$`;
}
