// The server's entry (`npm start` runs its bundle, apps/api/dist/server.mjs; decision 0037).
import path from 'node:path';
import { loadConfig } from './config/env';
import { bootPglite } from './db/pglite-boot';
import { readServerRecord } from './lib/server-lock';

const config = loadConfig();
const embedded = !config.DATABASE_URL;

if (embedded) {
  const other = readServerRecord(config.dataDir);
  if (other && other.pid !== process.pid) {
    console.error(
      `Another Imali server (pid ${other.pid}, port ${other.clientPort ?? other.port}) is using ${config.dataDir}. ` +
        'Stop it first, or set DATA_DIR to another folder.',
    );
    process.exit(1);
  }
}

// The embedded database starts first: it reads its files and compiles its WASM while the rest of
// the server (Fastify, the modules, their schemas) loads below. The bundle evaluates serve.ts and
// everything it imports only at this import.
const booting = embedded ? bootPglite(path.join(config.dataDir, 'pgdata')) : undefined;
booting?.catch(() => undefined); // a failure is reported where serve() awaits it
const { serve } = await import('./serve');
await serve(config, booting);
