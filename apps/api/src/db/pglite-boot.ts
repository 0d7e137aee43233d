import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's memory settings (decision 0037), added to its own start parameters (a `startParams`
 * option replaces them). Its postgresql.conf is PostgreSQL's default, sized for a server of a
 * hundred connections: 128 MB of shared buffers that PGlite allocates and touches in its WASM
 * memory at every start. One in-process connection needs far less; a page outside the buffers is
 * a read from the data folder, which the operating system caches.
 */
export const pgliteSettings = {
  startParams: ['-c', 'shared_buffers=16MB', '-c', 'max_connections=10'],
};

/**
 * Starts PGlite (`dataDir` undefined: in memory) and resolves when it is ready. Its own module,
 * apart from db/client.ts and Drizzle, so that server.ts can start it before loading the rest of
 * the server (decision 0037): it reads its files and compiles its WASM while the modules load.
 */
export async function bootPglite(dataDir?: string): Promise<PGlite> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = new PGlite(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...pgliteSettings.startParams],
  });
  await client.waitReady;
  return client;
}
