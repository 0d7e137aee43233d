// Set-up for the trading e2e tests (issue 12): a funded client with a PIN, block offerings made
// and settled by the operator (ops CLI), and the PIN step as a person types it.
import type { Page } from 'playwright-core';
import { createApprovedClient, loginToken, md5 } from './api';
import { runOps } from './ops';
import type { RunningServer } from './server';

async function call<T>(
  server: RunningServer,
  method: string,
  p: string,
  token: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const res = await fetch(server.url + p, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: string; message: string; data: T };
  if (!res.ok) throw new Error(`${method} ${p} → ${res.status}: ${json.message}`);
  return json.data;
}

export interface TradingClient {
  mobile: string;
  password: string;
  pin: string;
}

/** A new approved client with a PIN and `amount` rand deposited (confirmed by ops). */
export async function createFundedClient(
  server: RunningServer,
  imageFile: string,
  { amount = '40000', pin = '135790' } = {},
): Promise<TradingClient> {
  const client = await createApprovedClient(server, imageFile);
  const token = await loginToken(server, client.mobile, client.password);
  await call(server, 'POST', '/api/client/app/v1/pwd_verify', token, { password: md5(client.password) });
  await call(server, 'POST', '/api/client/app/v1/pin', token, { pin: md5(pin) });
  const accounts = await call<Array<{ id: number; currency: string }>>(
    server,
    'GET',
    '/api/account/app/v1',
    token,
  );
  const zar = accounts.find((a) => a.currency === 'ZAR')!;
  const deposit = await call<{ id: number }>(
    server,
    'POST',
    '/api/deposit/app/v1',
    token,
    { account_id: zar.id, amount, method: 'EFT' },
    `e2e-trading-fund-${client.mobile}`,
  );
  await runOps(server, 'deposit', 'confirm', String(deposit.id));
  return { ...client, pin };
}

/** An open block (otc) offering made by the operator; returns its id. */
export async function createOpenBlock(
  server: RunningServer,
  {
    symbol = 'FSR',
    name,
    blockPrice = '7000',
    blockSize = '1000',
    min = '10',
    max = '1000',
  }: {
    symbol?: string;
    name: string;
    blockPrice?: string;
    blockSize?: string;
    min?: string;
    max?: string;
  },
): Promise<number> {
  const out = await runOps(
    server,
    'offering',
    'create',
    '--dtype',
    'otc',
    '--symbol',
    symbol,
    '--country',
    'ZA',
    '--name',
    name,
    '--opens',
    'now',
    '--closes',
    '+2d',
    '--min',
    min,
    '--max',
    max,
    '--block-price',
    blockPrice,
    '--block-size',
    blockSize,
  );
  const id = Number(/Offering (\d+) created/.exec(out)?.[1]);
  if (!id) throw new Error(`No offering id in: ${out}`);
  await runOps(server, 'offering', 'open', String(id));
  return id;
}

/** The operator closes the offering and settles it (otc: allocates pro rata, releases the rest). */
export async function closeAndSettle(server: RunningServer, id: number): Promise<string> {
  await runOps(server, 'offering', 'close', String(id));
  return runOps(server, 'offering', 'settle', String(id));
}

/** Types the PIN into 'Verify Your PIN' (it verifies by itself at 6 digits) and waits for it to close. */
export async function enterPin(page: Page, pin: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Verify Your PIN' });
  await dialog.waitFor();
  await dialog.getByLabel('PIN').fill(pin);
  await dialog.waitFor({ state: 'detached' });
}
