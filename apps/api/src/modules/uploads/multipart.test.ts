import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { MAX_IMAGE_BYTES } from '@imali/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createDeposit } from '../deposits/deposits.service';
import { createTestClient, newKey, type TestClient } from '../ledger/money-test-kit';

/** A valid JPEG padded with zero bytes after its end marker (decoders ignore them) to `size` bytes. */
async function jpegOfSize(size: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
}

function body(bytes: Buffer, opts: { field?: string; before?: string } = {}) {
  const boundary = `----imali${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    (opts.before ?? '').replaceAll('BOUNDARY', boundary) +
      `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="photo.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, payload: Buffer.concat([head, bytes, tail]), boundary };
}

/** The payload as a stream cut at the given offsets (how a socket may deliver it). */
function cut(payload: Buffer, offsets: number[]): Readable {
  const pieces: Buffer[] = [];
  let from = 0;
  for (const at of [...offsets.filter((o) => o > 0 && o < payload.length).sort((a, b) => a - b)]) {
    pieces.push(payload.subarray(from, at));
    from = at;
  }
  pieces.push(payload.subarray(from));
  return Readable.from(pieces, { objectMode: false });
}

describe('multipart uploads: one reader for image, avatar and deposit proof', () => {
  let t: TestApp;
  let alice: TestClient;
  let depositId: number;
  let routes: { name: string; url: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createTestClient(t.app.ctx);
    const { data } = await createDeposit(
      t.app.ctx,
      alice.clientId,
      { clientId: alice.clientId, key: newKey(), requestHash: 'proof-test' },
      { accountId: alice.accounts.ZAR, amount: '1500', method: 'EFT' },
    );
    depositId = data.id;
    routes = [
      { name: 'image', url: '/api/client/app/v1/image' },
      { name: 'avatar', url: '/api/client/app/v1/avatar' },
      { name: 'deposit proof', url: `/api/deposit/app/v1/${depositId}` },
    ];
  });
  afterAll(() => t.close());

  const uploadsCount = async () =>
    (await t.database.query<{ n: number }>('select count(*)::int as n from uploads'))[0]!.n;

  const post = (url: string, payload: Buffer | Readable, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': contentType },
      payload,
    });

  it('accepts a valid image of exactly 20 MiB on every route', async () => {
    const exact = await jpegOfSize(MAX_IMAGE_BYTES);
    expect(exact.length).toBe(MAX_IMAGE_BYTES);
    for (const route of routes) {
      const before = await uploadsCount();
      const { payload, boundary } = body(exact);
      const res = await post(route.url, payload, `multipart/form-data; boundary=${boundary}`);
      expect(res.statusCode, route.name).toBe(200);
      expect(await uploadsCount()).toBe(before + 1);
    }
  });

  it('refuses 20 MiB + 1 byte with 413 on every route, however the body is cut, and stores nothing', async () => {
    const over = await jpegOfSize(MAX_IMAGE_BYTES + 1);
    const before = await uploadsCount();
    for (const route of routes) {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const { head, payload, boundary } = body(over);
        const limitAt = head.length + MAX_IMAGE_BYTES;
        // Whole, at the limit (the bytes past it arrive alone: the library then returned the
        // first 20 MiB without an error), one byte later, socket-sized pieces, random pieces.
        const cuts = [
          [],
          [limitAt],
          [limitAt + 1],
          Array.from({ length: Math.ceil(payload.length / 65_536) }, (_, i) => i * 65_536),
          [limitAt - 1, limitAt],
          Array.from({ length: 40 }, () => Math.floor(Math.random() * payload.length)),
        ][attempt]!;
        const res = await post(route.url, cut(payload, cuts), `multipart/form-data; boundary=${boundary}`);
        expect(res.statusCode, `${route.name}, attempt ${attempt}`).toBe(413);
        expect(res.json()).toEqual({
          code: 'FILE_TOO_LARGE',
          message: 'Image must be smaller than 20MB.',
          data: null,
        });
      }
    }
    expect(await uploadsCount()).toBe(before);
  });

  it('answers 400 with our message for multipart without a boundary, on every route', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const before = await uploadsCount();
    for (const route of routes) {
      const { payload } = body(png);
      const res = await post(route.url, payload, 'multipart/form-data');
      expect(res.statusCode, route.name).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_INPUT',
        message: 'Please choose a file to upload.',
        data: null,
      });
    }
    expect(await uploadsCount()).toBe(before);
  });

  it('answers 400 with our message for 10,000 empty fields before the file, on every route', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const field = '--BOUNDARY\r\nContent-Disposition: form-data; name="x"\r\n\r\n\r\n';
    const before = await uploadsCount();
    for (const route of routes) {
      const { payload, boundary } = body(png, { before: field.repeat(10_000) });
      const res = await post(route.url, payload, `multipart/form-data; boundary=${boundary}`);
      expect(res.statusCode, route.name).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_INPUT',
        message: 'Send one file in the field "file".',
        data: null,
      });
    }
    expect(await uploadsCount()).toBe(before);
  });

  it('gives the same answers on every route for no file, the wrong field and a non-multipart body', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    for (const route of routes) {
      const wrong = body(png, { field: 'picture' });
      const wrongField = await post(
        route.url,
        wrong.payload,
        `multipart/form-data; boundary=${wrong.boundary}`,
      );
      expect(wrongField.statusCode, route.name).toBe(400);
      expect(wrongField.json().message).toBe('Send one file in the field "file".');

      const empty = await post(route.url, Buffer.from('--b--\r\n'), 'multipart/form-data; boundary=b');
      expect(empty.statusCode, route.name).toBe(400);
      expect(empty.json().message).toBe('Please choose a file to upload.');

      const json = await post(route.url, Buffer.from('{}'), 'application/json');
      expect(json.statusCode, route.name).toBe(400);
      expect(json.json().message).toBe('Please choose a file to upload.');
    }
  });
});
