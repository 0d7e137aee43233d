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
