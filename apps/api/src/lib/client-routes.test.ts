// Every client route loads on a reload or a pasted link (issue 24, point 8): the server answers
// each path of the menu it delivers, and the web app's static routes, with index.html, never with
// an API's JSON. The stock-data API has a base of its own that no client route shares.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MENU, STOCK_DATA_BASE, type MenuEntry } from '@imali/contract';
import { createTestApp, type TestApp } from '../test/test-app';
import { API_PREFIXES, isApiPath } from './api-paths';

const INDEX_HTML = '<!doctype html><title>Imali client routes</title>';
const KEY = 'test-market-key-0123456789';

/** Every path of the menu, children joined to their parent; a `:param` gets a sample value. */
function menuPaths(entries: MenuEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path.startsWith('/') ? entry.path : `${parent}/${entry.path}`;
    const concrete = own.replace(/:[^/]+/g, '12');
    return [concrete, ...menuPaths(entry.children ?? [], own)];
  });
}

const STATIC_PATHS = ['/', '/login', '/kyc', '/about', '/privacy', '/cookie', '/error'];
const NOT_FOUND_PATH = '/no-such-page/at/all';

describe('client routes on a reload', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-routes-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    t = await createTestApp({ WEB_DIST_DIR: dist, MARKET_API_KEY: KEY });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const paths = [...menuPaths(DEFAULT_MENU), ...STATIC_PATHS, NOT_FOUND_PATH];

  it('lists the menu with its children (the paths this test opens)', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/market',
        '/market/ranking',
        '/portfolio/summary',
        '/portfolio/order/12',
        '/me/records',
      ]),
    );
  });

  it.each(paths)('GET %s answers index.html', async (url) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toContain('text/html');
    expect(res.body, url).toBe(INDEX_HTML);
  });

  it('keeps every client route apart from the API prefixes and /assets', () => {
    for (const url of paths) {
      expect(isApiPath(url), url).toBe(false);
      expect(isApiPath(`${url}/`), url).toBe(false);
      expect(url.startsWith('/assets/'), url).toBe(false);
      // No route's first segment is an API's (e.g. a menu entry '/api' or '/market-data').
      const first = `/${url.split('/')[1]}/`;
      expect(API_PREFIXES as readonly string[], url).not.toContain(first);
      expect(first, url).not.toBe('/assets/');
    }
  });

  it('serves the stock-data API under its own base, with its key', async () => {
    expect(STOCK_DATA_BASE).not.toBe('/market');
    const res = await t.app.inject({
      method: 'GET',
      url: `${STOCK_DATA_BASE}/search/?query=npn`,
      headers: { 'x-api-key': KEY },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ symbol: 'NPN' });
    // An unknown path of an API is still the API's JSON 404, not the web app.
    const unknown = await t.app.inject({
      method: 'GET',
      url: `${STOCK_DATA_BASE}/nope`,
      headers: { 'x-api-key': KEY },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    const unknownApi = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownApi.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
