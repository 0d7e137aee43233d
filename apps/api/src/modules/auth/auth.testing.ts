// Helpers for the identity API tests (never imported by production code).
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { md5 } from '../../lib/md5';
import { createTestApp, type TestApp } from '../../test/test-app';
import * as invites from '../invite/invite.service';

/** Test apps with per-IP limits raised, so only the tests about limits ever meet them. */
export const createIdentityTestApp = (overrides: Record<string, string> = {}) =>
  createTestApp({ RATE_LIMIT_PER_MINUTE: '10000', INVITE_RATE_LIMIT_PER_HOUR: '10000', ...overrides });

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let mobileCounter = 0;
/** A fresh valid mobile per call (9 digits starting with 6, 7 or 8). */
export function newMobile(): string {
  mobileCounter += 1;
  const random = randomBytes(3).readUIntBE(0, 3) % 10_000;
  return `7${String(random).padStart(4, '0')}${String(mobileCounter % 10_000).padStart(4, '0')}`;
}

export async function ensureInvite(t: TestApp, code = 'TESTCODE') {
  if (!(await invites.findActive(t.app.ctx, code))) {
    await invites.create(t.app.ctx, { advisorName: 'Test Advisor', code, actor: 'test' });
  }
  return code;
}

export async function register(t: TestApp, mobile: string, password = 'secret123', inviteCode?: string) {
  const code = inviteCode ?? (await ensureInvite(t));
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/app/v1/register',
    payload: { username: mobile, password: md5(password), invite_code: code },
  });
}

export async function login(t: TestApp, mobile: string, password = 'secret123', remember = false) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/app/v1/login',
    payload: { username: mobile, password: md5(password), remember },
  });
}

/** Registers a new client and signs in; returns its mobile and bearer token. */
export async function signUp(t: TestApp, opts: { mobile?: string; password?: string } = {}) {
  const mobile = opts.mobile ?? newMobile();
  const password = opts.password ?? 'secret123';
  const reg = await register(t, mobile, password);
  if (reg.statusCode !== 200) throw new Error(`register failed: ${reg.body}`);
  const res = await login(t, mobile, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { mobile, password, token: res.json().data.refresh_token as string };
}

export async function setKycStatus(t: TestApp, mobile: string, status: string) {
  await t.database.query('update clients set kyc_status = $1 where mobile = $2', [status, mobile]);
}

/** A real image made with sharp, optionally with EXIF (to prove it is stripped). */
export async function makeImage(
  format: 'png' | 'jpeg' | 'webp' = 'png',
  opts: { width?: number; height?: number; exif?: boolean } = {},
) {
  let image = sharp({
    create: {
      width: opts.width ?? 32,
      height: opts.height ?? 24,
      channels: 3,
      background: { r: 200, g: 40, b: 90 },
    },
  });
  if (opts.exif) {
    image = image.withExif({ IFD0: { Make: 'SpyCam', Model: 'Tracker 3000', Copyright: 'secret-owner' } });
  }
  return image.toFormat(format).toBuffer();
}

/** A multipart/form-data body with one file field. */
export function multipart(
  bytes: Buffer,
  opts: { field?: string; filename?: string; contentType?: string } = {},
) {
  const boundary = `----imali${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'photo.png'}"\r\n` +
      `Content-Type: ${opts.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
