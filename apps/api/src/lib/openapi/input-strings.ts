import type { JSONSchema } from 'zod/v4/core';
import { CONTROL_CHARACTER_CLASS } from '@imali/contract';

/**
 * plugins/input-guard.ts refuses control characters (C0 but tab, LF, CR; DEL; C1) in every string
 * of a body, query or path, and most contract strings are trimmed before their length is
 * checked. zod cannot say either in JSON Schema, so the document's input strings get it here.
 */
const CONTROLS = CONTROL_CHARACTER_CLASS;
export const NO_CONTROLS = `^[^${CONTROLS}]*$`;
/** Trimmed and at least one character: something other than white space, and no controls. */
export const NOT_BLANK = `^[^${CONTROLS}]*[^\\s${CONTROLS}][^${CONTROLS}]*$`;
const TRIMMED = 'x-imali-trimmed';

type Schema = Record<string, unknown>;

/** zod override: marks strings whose value is rewritten (trim) before their checks. */
export function markTrimmedStrings(ctx: { zodSchema: unknown; jsonSchema: JSONSchema.BaseSchema }) {
  const def = (ctx.zodSchema as { _zod?: { def?: { type?: string; checks?: unknown[] } } })._zod?.def;
  if (def?.type !== 'string') return;
  const overwrites = (def.checks ?? []).some(
    (check) => (check as { _zod?: { def?: { check?: string } } })._zod?.def?.check === 'overwrite',
  );
  if (overwrites) (ctx.jsonSchema as Schema)[TRIMMED] = true;
}

function walk(node: unknown, visit: (schema: Schema) => void) {
  if (Array.isArray(node)) return node.forEach((item) => walk(item, visit));
  if (!node || typeof node !== 'object') return;
  visit(node as Schema);
  for (const value of Object.values(node)) walk(value, visit);
}

/** An input schema: every free string refuses control characters; a trimmed required one, blanks. */
export function describeInputStrings(schema: unknown) {
  walk(schema, (node) => {
    const trimmed = node[TRIMMED] === true;
    delete node[TRIMMED];
    if (node.type !== 'string' || node.pattern || node.enum || node.const !== undefined || node.format)
      return;
    node.pattern = trimmed && Number(node.minLength ?? 0) >= 1 ? NOT_BLANK : NO_CONTROLS;
  });
}

/** Any other schema: only the marks go. */
export function dropMarks(schema: unknown) {
  walk(schema, (node) => void delete node[TRIMMED]);
}
