import { MAX_IMAGE_BYTES } from '@imali/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { bearer, createIdentityTestApp, makeImage, multipart, signUp } from '../auth/auth.testing';
import { acceptUpload } from './uploads.service';

describe('uploads: image, avatar, files', () => {
  let t: TestApp;
  let alice: { token: string; mobile: string };
  let bob: { token: string; mobile: string };
  beforeAll(async () => {
    t = await createIdentityTestApp();
    alice = await signUp(t);
    bob = await signUp(t);
  });
  afterAll(() => t.close());

  const upload = (
    token: string | undefined,
    bytes: Buffer,
    opts: Parameters<typeof multipart>[1] = {},
    path = 'image',
  ) => {
    const body = multipart(bytes, opts);
    return t.app.inject({
      method: 'POST',
      url: `/api/client/app/v1/${path}`,
      headers: { ...body.headers, ...(token ? bearer(token) : {}) },
      payload: body.payload,
    });
  };
  const fetchFile = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('accepts a real PNG, returns /api/files/<id>, and serves it to its owner only, privately', async () => {
    const png = await makeImage('png', { width: 40, height: 30 });
    const res = await upload(alice.token, png);
    expect(res.statusCode).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

    const own = await fetchFile(url, alice.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(own.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 40, 30]);

    const other = await fetchFile(url, bob.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
    expect((await fetchFile(url)).statusCode).toBe(401);
  });

  it('re-encodes a JPEG and strips its EXIF metadata', async () => {
    const jpeg = await makeImage('jpeg', { exif: true });
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes('SpyCam')).toBe(true);
    const res = await upload(alice.token, jpeg, { filename: 'id-front.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const stored = (await fetchFile(res.json().data.url, alice.token)).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('SpyCam')).toBe(false);
    expect(stored.includes('secret-owner')).toBe(false);
  });

  it('accepts WebP, judged by its bytes even when the declared type says otherwise', async () => {
    const webp = await makeImage('webp');
    const res = await upload(alice.token, webp, { filename: 'notes.txt', contentType: 'text/plain' });
    expect(res.statusCode).toBe(200);
    expect((await fetchFile(res.json().data.url, alice.token)).headers['content-type']).toBe('image/webp');
  });

  it('rejects a text file disguised as photo.jpg / image/jpeg with 415', async () => {
    const res = await upload(alice.token, Buffer.from('hello, I am not a picture\n'), {
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      code: 'UNSUPPORTED_FILE',
      message: 'Only image files are allowed.',
      data: null,
    });
  });

  it('rejects other sniffed types (PDF, GIF) and a broken image with JPEG magic bytes', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    expect((await upload(alice.token, pdf, { filename: 'a.png' })).statusCode).toBe(415);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(alice.token, gif)).statusCode).toBe(415);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const res = await upload(alice.token, broken, { filename: 'x.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Only image files are allowed.');
  });

  it('rejects 20 MB + 1 byte with 413 and stores nothing', async () => {
    const [before] = await t.database.query<{ n: number }>('select count(*)::int as n from uploads');
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1, 0xab);
    const res = await upload(alice.token, big, { filename: 'huge.png' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'FILE_TOO_LARGE',
      message: 'Image must be smaller than 20MB.',
      data: null,
    });
    const [after] = await t.database.query<{ n: number }>('select count(*)::int as n from uploads');
    expect(after!.n).toBe(before!.n);
  });

  it('rejects a request without a file, with the wrong field, and without a token', async () => {
    const png = await makeImage('png');
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/client/app/v1/image',
      headers: { ...bearer(alice.token), 'content-type': 'application/json' },
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    const wrongField = await upload(alice.token, png, { field: 'picture' });
    expect(wrongField.statusCode).toBe(400);
    expect((await upload(undefined, png)).statusCode).toBe(401);
    expect((await upload('bogus', png)).statusCode).toBe(401);
  });

  it('avatar upload sets the profile avatar', async () => {
    const jpeg = await makeImage('jpeg', { width: 64, height: 64 });
    const res = await upload(
      alice.token,
      jpeg,
      { filename: 'avatar.jpg', contentType: 'image/jpeg' },
      'avatar',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Avatar uploaded successfully');
    const url = res.json().data.url as string;
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/app/v1/client_info',
      headers: bearer(alice.token),
    });
    expect(profile.json().data.avatar).toBe(url);
    expect((await fetchFile(url, alice.token)).statusCode).toBe(200);
    expect((await fetchFile(url, bob.token)).statusCode).toBe(404);
    const bad = await upload(
      alice.token,
      Buffer.from('nope'),
      { filename: 'avatar.jpg', contentType: 'image/jpeg' },
      'avatar',
    );
    expect(bad.statusCode).toBe(415);
    const still = await t.app.inject({
      method: 'GET',
      url: '/api/auth/app/v1/client_info',
      headers: bearer(alice.token),
    });
    expect(still.json().data.avatar).toBe(url);
  });

  it('answers 404 for unknown and malformed file ids', async () => {
    expect((await fetchFile('/api/files/00000000-0000-4000-8000-000000000000', alice.token)).statusCode).toBe(
      404,
    );
    expect((await fetchFile('/api/files/not-a-uuid', alice.token)).statusCode).toBe(404);
  });

  it('acceptUpload takes a PDF only when allowPdf (deposit proofs), stored as sent', async () => {
    const [row] = await t.database.query<{ id: string }>('select id::text from clients where mobile = $1', [
      alice.mobile,
    ]);
    const ownerClientId = Number(row!.id);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    await expect(
      acceptUpload(t.app.ctx, { ownerClientId, purpose: 'deposit', bytes: pdf }),
    ).rejects.toMatchObject({
      statusCode: 415,
    });
    const accepted = await acceptUpload(t.app.ctx, {
      ownerClientId,
      purpose: 'deposit',
      bytes: pdf,
      allowPdf: true,
    });
    expect(accepted.mime).toBe('application/pdf');
    const served = await fetchFile(accepted.url, alice.token);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });
});
