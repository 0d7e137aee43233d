import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketApiKey } from '../modules/market/market.service';
import { createTestApp, type TestApp } from '../test/test-app';

describe('serving the built web app, compressed', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Imali</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What the build writes beside each file (apps/web/vite.config.ts precompress).
    const big = `export const data = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `item ${i}`))};`;
    fs.writeFileSync(path.join(dist, 'assets', 'big-1.js'), big);
    fs.writeFileSync(path.join(dist, 'assets', 'big-1.js.br'), zlib.brotliCompressSync(big));
    fs.writeFileSync(path.join(dist, 'assets', 'big-1.js.gz'), zlib.gzipSync(big));
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers client routes with index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/portfolio/holding' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('serves an existing asset, and a missing one is a 404, never index.html', async () => {
    const found = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(found.statusCode).toBe(200);
    expect(found.body).toBe('console.log(1)');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toContain('text/html');
  });

  it('sends the precompressed brotli or gzip file the browser accepts', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big-1.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('item 499');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/big-1.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('item 499');
  });

  it('compresses JSON over 1 KB (chart data), not small answers', async () => {
    const key = await marketApiKey(t.app.ctx);
    const chart = await t.app.inject({
      method: 'GET',
      url: '/market-data/chart_data?country=ZA&symbol=NPN&interval=1d',
      headers: { 'x-api-key': key, 'accept-encoding': 'br, gzip' },
    });
    expect(chart.statusCode).toBe(200);
    expect(chart.headers['content-encoding']).toBe('br');
    const body = JSON.parse(zlib.brotliDecompressSync(chart.rawPayload).toString());
    expect(JSON.stringify(body).length).toBeGreaterThan(10_000);
    expect(chart.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 2);
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
