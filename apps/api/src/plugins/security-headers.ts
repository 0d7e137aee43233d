import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from '../lib/api-paths';

/**
 * Helmet decides which security headers we send; this runs it once, at start, and sends the
 * headers it chose on every response. Our policy has nothing per request (no CSP nonces), and
 * running helmet's middleware chain per request cost a tenth of a search request's CPU
 * (bench/market.ts, docs/decisions/0021-http-hot-path.md).
 */
export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // Picked images are previewed and cropped as blob: and data: URLs (avatar, KYC, proofs).
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      // The avatar cropper (cropperjs checkOrientation) reads the picked image's bytes back from
      // its blob: URL with XHR to find its EXIF orientation. blob: URLs are this origin's own.
      connectSrc: ["'self'", 'blob:'],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  xFrameOptions: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets for `options`, captured from one run of its middleware. */
export function staticSecurityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet's chain is synchronous; if a future version is not, failing loudly beats sending none.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Security headers on every response, and `no-store` on the JSON APIs (authenticated data must
 * never sit in a browser or proxy cache; the API docs may). A route that sets its own
 * cache-control (file downloads: `private, no-store`) overrides it.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = staticSecurityHeaders();
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const isApi = isApiPath(url) && !url.startsWith('/api/docs');
    reply.headers(isApi ? apiHeaders : headers);
    done();
  });
}
