import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isOpenAt } from '../apps/api/src/modules/market/simulator/calendar';

export const repoRoot = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

export interface StartedServer {
  url: string;
  process: ChildProcess;
  startMs: number;
  stop(): Promise<void>;
}

/**
 * Starts the server as `npm start` does (scripts/start.mjs, at its default log level, logs
 * discarded) and waits for /api/health. `args`: other Node arguments (a baseline's way to start).
 */
export async function startServer(
  env: Record<string, string>,
  args: string[] = ['scripts/start.mjs'],
): Promise<StartedServer> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      SKIP_WEB_BUILD: 'true',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - started;
  return {
    url,
    process: child,
    startMs,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** A market-clock shift (whole hours) that puts the JSE in its trading session now, for an hour. */
export function shiftIntoJseSession(): number {
  for (let hours = 0; hours < 24 * 8; hours += 1) {
    const shift = hours * 3_600_000;
    if (isOpenAt('JSE', Date.now() + shift) && isOpenAt('JSE', Date.now() + shift + 3_600_000)) return shift;
  }
  throw new Error('no JSE session found in the next 8 days');
}

/**
 * A new, empty PostgreSQL database for one bench. `drop()` removes it once the bench has closed its
 * connections: without FORCE first (forcing would kill a connection still closing), retried for a
 * few seconds, then with FORCE so no database is left behind.
 */
export async function freshPostgres(adminUrl: string) {
  const name = `imali_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        try {
          return await admin(`drop database if exists ${name}`);
        } catch {
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
