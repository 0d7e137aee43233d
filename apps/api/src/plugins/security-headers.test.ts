import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { staticSecurityHeaders } from './security-headers';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_API_KEY: 'test-market-key-0123456789' });
  });
  afterAll(() => t.close());

  it('are the headers helmet chooses for our policy', () => {
    const headers = staticSecurityHeaders();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    // Exactly what the pages need: picked images shown from blob:/data: URLs, and the avatar
    // cropper reading its blob: URL back; no eval, no inline scripts, no other hosts.
    const directives = Object.fromEntries(
      headers['content-security-policy']!.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives['img-src']).toBe("'self' data: blob:");
    expect(directives['connect-src']).toBe("'self' blob:");
    expect(directives['script-src']).toBe("'self'");
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-powered-by']).toBeUndefined();
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('go on successes, refusals and unknown paths of every API, with no-store', async () => {
    const expected = staticSecurityHeaders();
    const cases = [
      { url: '/api/health', status: 200 },
      { url: '/api/client/app/v1/menu', status: 401 },
      { url: '/api/nope', status: 404 },
      { url: '/ops/v1/files/00000000-0000-4000-8000-000000000000', status: 401 },
      { url: '/market-data/search/?query=npn', status: 200, key: true },
      { url: '/market-data/search/?query=npn', status: 401 },
    ];
    for (const c of cases) {
      // /ops is the ops app's (its own port, decision 0057).
      const app = c.url.startsWith('/ops/') ? await t.ops() : t.app;
      const res = await app.inject({
        method: 'GET',
        url: c.url,
        headers: c.key ? { 'x-api-key': 'test-market-key-0123456789' } : {},
      });
      expect(res.statusCode, c.url).toBe(c.status);
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${c.url} ${name}`).toBe(value);
      expect(res.headers['cache-control'], c.url).toBe('no-store');
    }
  });

  it('let the API docs be cached', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['cache-control']).not.toBe('no-store');
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });
});
