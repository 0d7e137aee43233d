import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../../app';
import { testConfig } from '../../config/env';
import type { DatabaseHandle } from '../../db/client';
import { openMigratedPglite } from '../../test/migrated-database';

const KEY = 'test-market-key-0123456789';

describe('request logs at LOG_LEVEL=info', () => {
  let app: AppInstance;
  let database: DatabaseHandle;
  const lines: Array<{ level: number; msg: string; req?: { url: string }; reqId?: string }> = [];

  beforeAll(async () => {
    ({ database } = await openMigratedPglite());
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info', MARKET_API_KEY: KEY }),
      database,
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const linesFor = (url: string) => {
    const ids = new Set(lines.filter((line) => line.req?.url === url).map((line) => line.reqId));
    return lines.filter((line) => ids.has(line.reqId));
  };

  it('logs each product API request and its response', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(linesFor('/api/health').map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });

  it('does not log each stock-data request (type-ahead volume), answered or refused', async () => {
    const search = await app.inject({
      method: 'GET',
      url: '/market-data/search/?query=npn',
      headers: { 'x-api-key': KEY },
    });
    expect(search.statusCode).toBe(200);
    const refused = await app.inject({ method: 'GET', url: '/market-data/search/?query=sbk' });
    expect(refused.statusCode).toBe(401);
    expect(linesFor('/market-data/search/?query=npn')).toEqual([]);
    expect(linesFor('/market-data/search/?query=sbk')).toEqual([]);
    // The logger itself is on: the product API request above was logged.
    expect(lines.some((line) => line.level === 30)).toBe(true);
  });
});
