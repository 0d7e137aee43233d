import net from 'node:net';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../lib/md5';
import { createTestApp, type TestApp } from '../test/test-app';
import { runJob, scheduledJobs } from '../jobs/index';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(url: string) {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

const login = (t: TestApp, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/app/v1/login',
    remoteAddress: ip,
    payload: { username: '612345678', password: md5('x') },
  });

describe('rate-limit counters in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('count per route and IP in one row, reset when the window ends, and are pruned by a job', async () => {
    expect((await login(t, '10.9.0.1')).statusCode).toBe(401);
    expect((await login(t, '10.9.0.1')).statusCode).toBe(401);
    expect((await login(t, '10.9.0.1')).statusCode).toBe(429);
    const rows = await t.database.query<{ key: string; hits: number }>(
      'select key, hits from rate_limit_counters order by key',
    );
    expect(rows).toEqual([{ key: 'rl:POST/api/auth/app/v1/login:10.9.0.1', hits: 3 }]);
    t.clock.advance(61_000);
    expect((await login(t, '10.9.0.1')).statusCode).toBe(401);
    t.clock.advance(61_000);
    const prune = scheduledJobs.find((j) => j.name === 'rate-limits.prune')!;
    expect(await runJob(t.app.ctx, prune)).toMatchObject({
      ran: true,
      summary: 'Deleted 1 expired rate-limit counter.',
    });
  });
});

describe('rate-limit counters in Redis (REDIS_URL)', async () => {
  const reachable = await redisReachable(REDIS_URL);
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (!reachable) return;
    a = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3', REDIS_URL });
    b = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3', REDIS_URL });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it.skipIf(!reachable)('are shared by two app instances (as by two processes)', async () => {
    const ip = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(255)}`;
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await login(i % 2 === 0 ? a : b, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
