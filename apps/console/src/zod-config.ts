// zod compiles object parsers with `new Function` when it may; the ops origin's
// Content-Security-Policy has no 'unsafe-eval', so parse without compiling. Imported first by
// main.tsx, before any schema parses.
import { config } from 'zod';

config({ jitless: true });
