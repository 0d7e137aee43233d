// Limits that a second API process would loosen if they lived in a process: two real server
// processes on one PostgreSQL database, requests alternating between them. PostgreSQL only
// (PGlite belongs to one process).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../lib/md5';

const adminUrl = process.env.DATABASE_URL;
const apiRoot = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Server {
  url: string;
  child: ChildProcess;
  logs: string[];
}

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const logs: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      JOBS_ENABLED: 'false',
      INVITE_RATE_LIMIT_PER_HOUR: '4',
      RATE_LIMIT_PER_MINUTE: '1000',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${logs.join('')}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, logs };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start: ${logs.join('')}`);
}

const stop = (server: Server | undefined) =>
  new Promise<void>((resolve) => {
    if (!server || server.child.exitCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });

async function post(server: Server, url: string, body: object) {
  const res = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.status;
}

describe.skipIf(!adminUrl)('limits hold across two API processes on one PostgreSQL', () => {
  const name = `imali_two_${randomBytes(5).toString('hex')}`;
  let a: Server | undefined;
  let b: Server | undefined;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    a = await startServer(url.toString()); // migrates and seeds the demo client
    b = await startServer(url.toString());
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('registrations: 4 per IP per hour in all, whichever process answers', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const mobile = `71${String(i).padStart(7, '0')}`;
      statuses.push(
        await post(i % 2 === 0 ? a! : b!, '/api/auth/app/v1/register', {
          username: mobile,
          password: md5('secret123'),
          invite_code: 'WELCOME',
        }),
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('login lockout: 5 failures split over the two processes lock the account on both', async () => {
    const login = (server: Server, password: string) =>
      post(server, '/api/auth/app/v1/login', { username: '612345678', password: md5(password) });
    for (let i = 0; i < 5; i += 1) expect(await login(i % 2 === 0 ? a! : b!, 'wrong')).toBe(401);
    expect(await login(a!, 'demo1234')).toBe(429);
    expect(await login(b!, 'demo1234')).toBe(429);
  });
});
