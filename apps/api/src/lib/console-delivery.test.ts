// The operator console's build, served by the ops app at / of its origin (decision 0060).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../app';
import { createTestOpsApp } from '../test/staff';
import { createTestApp, type TestApp } from '../test/test-app';

describe('the console on the ops app', () => {
  let t: TestApp;
  let ops: AppInstance;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-console-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Imali console</title>');
    const js = `export const roles = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `role ${i}`))};`;
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), js);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js.gz'), zlib.gzipSync(js));
    t = await createTestApp({ CONSOLE_DIST_DIR: dist });
    ops = await createTestOpsApp(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("answers / and the console's routes with its index.html", async () => {
    for (const url of ['/', '/audit', '/staff?x=1', '/login']) {
      const res = await ops.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Imali console');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends a precompressed asset; a missing asset and an unknown /ops path are 404 JSON', async () => {
    const br = await ops.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    for (const url of ['/assets/index-old.js', '/ops/v1/nothing-here', '/ops']) {
      const res = await ops.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
    }
  });

  it('the client app never serves the console', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(res.statusCode).toBe(404);
  });
});
