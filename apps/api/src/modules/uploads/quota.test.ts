import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../../jobs/index';
import { uploadOrphansJob } from '../../jobs/uploads-orphans';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createDeposit } from '../deposits/deposits.service';
import { createTestClient, newKey, type TestClient } from '../ledger/money-test-kit';
import { prepareUpload } from './uploads.service';

const MIB = 1024 * 1024;
// The tests move the clock by hours and days: sessions must outlive that.
const LONG_SESSIONS = { SESSION_IDLE_MINUTES: '100000', SESSION_TTL_HOURS: '10000' };

/** A PNG of random pixels (it does not compress, so its stored size is stable and not tiny). */
const noisyPng = (side = 48) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();

function multipart(bytes: Buffer) {
  const boundary = `----imali${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function uploader(t: TestApp) {
  return (client: TestClient, bytes: Buffer, url = '/api/client/app/v1/image') => {
    const body = multipart(bytes);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${client.token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
}

const storedFor = async (t: TestApp, clientId: number) =>
  (
    await t.database.query<{ n: number; bytes: number }>(
      'select count(*)::int as n, coalesce(sum(size_bytes), 0)::int as bytes from uploads where owner_client_id = $1',
      [clientId],
    )
  )[0]!;

describe('upload limits: files per hour', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  beforeAll(async () => {
    t = await createTestApp({ ...LONG_SESSIONS, UPLOAD_RATE_PER_HOUR: '3' });
    alice = await createTestClient(t.app.ctx);
    bob = await createTestClient(t.app.ctx);
  });
  afterAll(() => t.close());

  it('counts image, avatar and deposit proof together; the next one is 429 and stores nothing', async () => {
    const upload = uploader(t);
    const png = await noisyPng(8);
    const { data } = await createDeposit(
      t.app.ctx,
      alice.clientId,
      { clientId: alice.clientId, key: newKey(), requestHash: 'quota' },
      { accountId: alice.accounts.ZAR, amount: '1500', method: 'EFT' },
    );
    expect((await upload(alice, png)).statusCode).toBe(200);
    t.clock.advance(20 * 60_000);
    expect((await upload(alice, png, '/api/client/app/v1/avatar')).statusCode).toBe(200);
    expect((await upload(alice, png, `/api/deposit/app/v1/${data.id}`)).statusCode).toBe(200);

    for (const url of [
      '/api/client/app/v1/image',
      '/api/client/app/v1/avatar',
      `/api/deposit/app/v1/${data.id}`,
    ]) {
      const refused = await upload(alice, png, url);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'You can upload up to 3 files an hour. Please try again later.',
        data: null,
      });
      // The first upload leaves the hour 40 minutes from now (less the seconds this test takes).
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeLessThanOrEqual(40 * 60);
      expect(retryAfter).toBeGreaterThan(40 * 60 - 30);
    }
    expect((await storedFor(t, alice.clientId)).n).toBe(3);
    // Another client has its own count.
    expect((await upload(bob, png)).statusCode).toBe(200);

    t.clock.advance(40 * 60_000 + 1000);
    expect((await upload(alice, png)).statusCode).toBe(200);
    expect((await upload(alice, png)).statusCode).toBe(429);
    expect((await storedFor(t, alice.clientId)).n).toBe(4);
  });
});

describe('upload limits: storage quota', () => {
  let t: TestApp;
  let alice: TestClient;
  let png: Buffer;
  let stored: number;
  beforeAll(async () => {
    png = await noisyPng();
    stored = (await prepareUpload(png)).content.length;
    // Room for two of these files and a half.
    t = await createTestApp({ ...LONG_SESSIONS, UPLOAD_QUOTA_MB: String((2.5 * stored) / MIB) });
    alice = await createTestClient(t.app.ctx);
  });
  afterAll(() => t.close());

  it('refuses the file that would go over the quota with 413; space comes back when orphans are deleted', async () => {
    const upload = uploader(t);
    expect((await upload(alice, png)).statusCode).toBe(200);
    expect((await upload(alice, png)).statusCode).toBe(200);
    const refused = await upload(alice, png);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'LIMIT_EXCEEDED', data: null });
    expect(refused.json().message).toMatch(/^Your uploads have reached the [\d.]+MB storage limit\./);
    expect(await storedFor(t, alice.clientId)).toEqual({ n: 2, bytes: 2 * stored });

    // Neither file is referenced: a day later the cleanup deletes them and the quota is free again.
    t.clock.advance(25 * 60 * 60_000);
    expect(await runJob(t.app.ctx, uploadOrphansJob)).toMatchObject({ ran: true });
    expect((await upload(alice, png)).statusCode).toBe(200);
    expect((await storedFor(t, alice.clientId)).n).toBe(1);
  });
});

// PGlite has one connection, so only PostgreSQL can show what a burst does to a count-then-insert.
describe.skipIf(!process.env.DATABASE_URL)('upload limits under a concurrent burst (PostgreSQL)', () => {
  let t: TestApp;
  let quotaApp: TestApp;
  let png: Buffer;
  let stored: number;
  beforeAll(async () => {
    png = await noisyPng();
    stored = (await prepareUpload(png)).content.length;
    t = await createTestApp({ UPLOAD_RATE_PER_HOUR: '30' });
    quotaApp = await createTestApp({
      UPLOAD_RATE_PER_HOUR: '1000',
      UPLOAD_QUOTA_MB: String((10.5 * stored) / MIB),
    });
  });
  afterAll(async () => {
    await t?.close();
    await quotaApp?.close();
  });

  it('60 parallel uploads with a limit of 30 an hour store exactly 30', async () => {
    const alice = await createTestClient(t.app.ctx);
    const upload = uploader(t);
    const results = await Promise.all(Array.from({ length: 60 }, () => upload(alice, png)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
    expect((await storedFor(t, alice.clientId)).n).toBe(30);
  });

  it('40 parallel uploads with room for 10.5 files store exactly 10', async () => {
    const alice = await createTestClient(quotaApp.app.ctx);
    const upload = uploader(quotaApp);
    const results = await Promise.all(Array.from({ length: 40 }, () => upload(alice, png)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 413)).toHaveLength(30);
    expect(await storedFor(quotaApp, alice.clientId)).toEqual({ n: 10, bytes: 10 * stored });
  });
});
