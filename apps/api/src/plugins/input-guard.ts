import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode, Messages } from '@imali/contract';
import { DomainError } from './errors';

// C0 controls but tab, line feed and carriage return; DEL; C1 controls. PostgreSQL refuses NUL in
// text outright, and none of the others belongs in a name, an amount or an address.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** True when any string (or object key) inside `value` holds a control character. */
export function hasControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value);
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((item) => hasControlCharacter(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => CONTROL_CHARACTER.test(key) || hasControlCharacter(item, depth + 1),
  );
}

/**
 * Every route's body, query and path parameters pass this check before their zod schema: text
 * with control characters is refused with a 400 that says so, whatever the route, so no such
 * byte reaches a query (a NUL made PostgreSQL fail the request with a 500).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    if (route.httpPart === 'headers') return validate;
    return (data: unknown) =>
      hasControlCharacter(data)
        ? { error: new DomainError(ErrorCode.InvalidInput, Messages.controlCharacters, 400) }
        : validate(data);
  });
}
