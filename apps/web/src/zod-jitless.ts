// zod compiles object parsers with `new Function` when it may, and finds out whether it may by
// trying once; under our Content-Security-Policy (script-src 'self', no 'unsafe-eval') that try is
// reported as a violation on every page load. Parse without compiling instead. main.tsx imports
// this first, before any schema is built.
import { config } from 'zod';

config({ jitless: true });
