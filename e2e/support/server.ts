// Starts the real Imali server the way `npm start` does (`node scripts/start.mjs`), on a free
// port with a fresh temporary DATA_DIR and the demo seed, and stops it again.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A DATA_DIR template holding a migrated `pgdata` (support/global-setup.ts), when the run made one. */
export const E2E_PGLITE_TEMPLATE_ENV = 'IMALI_E2E_PGLITE_TEMPLATE';

export interface RunningServer {
  url: string;
  port: number;
  /** The ops origin: the staff API under /ops and the operator console (OPS_PORT). */
  opsUrl: string;
  opsPort: number;
  dataDir: string;
  /** The env the server runs with; the ops CLI gets the same. */
  env: NodeJS.ProcessEnv;
  logs: () => string;
  /** The process's exit code once it has exited (null while running). */
  exitCode: () => number | null;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** Reuse this data folder (a restart); the caller owns it and removes it. */
  dataDir?: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, logs: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${logs()}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Server did not become healthy within ${timeoutMs} ms:\n${logs()}`);
}

export async function startServer(
  extraEnv: NodeJS.ProcessEnv = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'imali-e2e-'));
  const port = await freePort();
  // The ops app's own port, free too (PORT + 1, its default, may be taken by another server).
  let opsPort = await freePort();
  while (opsPort === port) opsPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    OPS_PORT: String(opsPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    // The client journeys start from the demo client as seeded; the console's queues (other
    // clients, pending deposits and payouts) are seeded only where a test asks for them.
    SEED_DEMO_QUEUES: 'false',
    LOG_LEVEL: 'warn',
    // Every e2e request comes from 127.0.0.1; the per-IP limits stay on, just wider.
    RATE_LIMIT_PER_MINUTE: '300',
    ...extraEnv,
  };
  if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
  else delete env.DATABASE_URL;
  // A fresh embedded database starts as a copy of the run's migrated one (a restart keeps its own).
  const template = process.env[E2E_PGLITE_TEMPLATE_ENV];
  if (!options.dataDir && !env.DATABASE_URL && template && fs.existsSync(template)) {
    fs.cpSync(template, dataDir, { recursive: true });
  }

  // E2E_SERVER_ROOT: run the server from another checkout (e.g. a clean snapshot of HEAD).
  const serverRoot = process.env.E2E_SERVER_ROOT ?? repoRoot;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const logs = () => output;
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, 150_000, logs);
  } catch (error) {
    await stop();
    throw error;
  }
  const opsUrl = `http://127.0.0.1:${opsPort}`;
  return { url, port, opsUrl, opsPort, dataDir, env, logs, exitCode: () => child.exitCode, stop };
}
