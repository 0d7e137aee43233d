// Drives the product API directly to set up users for browser tests.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { RunningServer } from './server';
import { runOps } from './ops';

export const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

/** A mobile nobody has used yet: 9 digits starting with 6, 7 or 8. */
export function uniqueMobile(): string {
  return `7${String(crypto.randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

async function call<T>(
  server: RunningServer,
  method: string,
  p: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(server.url + p, { method, headers, body: payload });
  const json = (await res.json()) as { code: string; message: string; data: T };
  if (!res.ok || json.code !== 'OK')
    throw new Error(`${method} ${p} → ${res.status} ${json.code}: ${json.message}`);
  return json.data;
}

export async function registerClient(server: RunningServer, mobile: string, password: string) {
  await call(server, 'POST', '/api/auth/app/v1/register', {
    username: mobile,
    password: md5(password),
    invite_code: 'WELCOME',
  });
}

export async function loginToken(server: RunningServer, mobile: string, password: string): Promise<string> {
  const data = await call<{ refresh_token: string }>(server, 'POST', '/api/auth/app/v1/login', {
    username: mobile,
    password: md5(password),
    remember: false,
  });
  return data.refresh_token;
}

export async function submitKycByApi(
  server: RunningServer,
  token: string,
  mobile: string,
  imageFile: string,
) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([fs.readFileSync(imageFile)], { type: 'image/png' }),
    path.basename(imageFile),
  );
  const { url } = await call<{ url: string }>(server, 'POST', '/api/client/app/v1/image', form, token);
  await call(
    server,
    'POST',
    '/api/identify/app/v1',
    {
      full_name: 'Thandi Nkosi',
      // An ID number of its own: a second approval of one number is refused (issue 11).
      id_no: `900101${mobile.slice(-7)}`,
      mobile,
      dob: '1990-01-01',
      id_front_url: url,
      id_back_url: '',
    },
    token,
  );
}

/** A new client with approved KYC, ready to sign in. */
export async function createApprovedClient(server: RunningServer, imageFile: string, password = 'secret123') {
  const mobile = uniqueMobile();
  await registerClient(server, mobile, password);
  const token = await loginToken(server, mobile, password);
  await submitKycByApi(server, token, mobile, imageFile);
  await runOps(server, 'kyc', 'approve', mobile);
  return { mobile, password };
}

/**
 * A client API call with the client's bearer token (and an idempotency key where the route asks
 * for one); answers the envelope's data, or throws with the status and the server's message.
 */
export async function clientCall<T>(
  server: RunningServer,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  key?: string,
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  const res = await fetch(server.url + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { message: string; data: T };
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${json.message}`);
  return json.data;
}
