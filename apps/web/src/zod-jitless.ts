// zod compiles object parsers with `new Function` when it may, and finds out whether it may by
// trying once; under our Content-Security-Policy (script-src 'self', no 'unsafe-eval') that try is
// reported as a violation on every page load. Parse without compiling instead. main.tsx imports
// this first, before any schema is built.
//
// zod keeps its configuration on `globalThis.__zod_globalConfig` (zod/v4/core, read when a schema
// is built and before the probe) and adopts an object already there: setting it here, rather than
// calling `config()` from zod, keeps zod out of the entry bundle (the sign-in page loads the
// schema code only with its form; decision 0039). zod-jitless.test.ts checks zod still reads it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
