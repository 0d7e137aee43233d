import { afterAll } from 'vitest';
import { takeViolations } from './contract';

/**
 * Vitest setup file of the api project: after each test file, every answer its test apps gave
 * must have been described by the published document (test/contract.ts, decision 0052).
 */
afterAll(() => {
  const found = takeViolations();
  if (found.length > 0) {
    const unique = [...new Set(found)];
    throw new Error(
      `${unique.length} answer(s) the OpenAPI document does not describe (lib/openapi):\n${unique.join('\n')}`,
    );
  }
});
