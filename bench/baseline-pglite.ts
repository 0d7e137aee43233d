// Preloaded (`node --import tsx --import ./bench/baseline-pglite.ts apps/api/src/server.ts`) by the
// start and memory benches for their baseline: PGlite with its own settings, as before decision
// 0037. The server's import of db/pglite-boot is this same module instance.
import { pgliteSettings } from '../apps/api/src/db/pglite-boot';

pgliteSettings.startParams = [];
