/**
 * Vitest setup of the unit project. The `findBy…`/`waitFor` queries wait up to 5 s for what a
 * user would see, not Testing Library's default 1 s: CI runs these tests beside the API suite on
 * two cores, where a lazy screen can take longer than a second to appear. What is awaited is
 * unchanged; only how long a slow machine may take.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}

export {};
