import type { FastifyInstance } from 'fastify';
import { responseChecker, type OpenapiDocument } from '../lib/openapi/response-check';

/**
 * The contract test (decision 0052): every answer a test app gives through `app.inject` is
 * checked against the app's own published document; contract-setup.ts fails the test file when
 * any answer is not described there.
 */
const violations: string[] = [];
const checkers = new Map<string, ReturnType<typeof responseChecker>>();

function checkerOf(app: FastifyInstance) {
  const document = app.swagger() as OpenapiDocument;
  const key = JSON.stringify(document);
  let check = checkers.get(key);
  if (!check) checkers.set(key, (check = responseChecker(document)));
  return check;
}

/** Wraps `app.inject` (its promise form) so every answer it returns is checked. */
export function checkAnswersOf(app: FastifyInstance) {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  let check: ReturnType<typeof responseChecker> | undefined;
  (app as { inject: unknown }).inject = (...args: unknown[]) => {
    if (args.length !== 1) return inject(...args);
    return (inject(args[0]) as Promise<import('light-my-request').Response>).then((res) => {
      check ??= checkerOf(app);
      const problem = check({
        method: res.raw.req.method ?? 'GET',
        url: res.raw.req.url ?? '/',
        statusCode: res.statusCode,
        headers: res.headers,
        rawPayload: res.rawPayload,
      });
      if (problem) violations.push(problem);
      return res;
    });
  };
}

/** The answers not described so far (and forgets them): for a test that expects one. */
export function takeViolations(): string[] {
  return violations.splice(0);
}
