import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppInstance } from '../app';
import { testConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { redactText } from '../lib/log-redaction';
import { md5 } from '../lib/md5';
import { openMigratedPglite } from '../test/migrated-database';
import { hasControlCharacter } from './input-guard';

const CARD = '6281234567890123';
const TOKEN = 'q3W9xY7zA1bC2dE3fG4hI5jK6lM7nO8pQ9rS0tU1vW2';

describe('control characters in input, and what the logs may hold', () => {
  let database: DatabaseHandle;
  let app: AppInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    ({ database } = await openMigratedPglite());
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      logStream: { write: (line) => void lines.push(line) },
    });
    // A query that fails with the card number and a token among its parameters and in the
    // driver's message, as the probe's NUL bytes once made every such query fail.
    app.get('/test/failing-query', { config: { auth: 'public' } }, async () => {
      await app.ctx.db.execute(sql`select ${CARD}::int, ${TOKEN}::int, ${md5('secret')}::int`);
      return 'unreachable';
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('finds control characters in strings and keys at any depth, but not tabs or new lines', () => {
    expect(hasControlCharacter('a\u0000b')).toBe(true);
    expect(hasControlCharacter({ a: [{ b: 'x\u001bY' }] })).toBe(true);
    expect(hasControlCharacter({ 'k\u0000': 'v' })).toBe(true);
    expect(hasControlCharacter({ note: 'line one\nline two\tend\r\n' })).toBe(false);
    expect(hasControlCharacter(42)).toBe(false);
  });

  it.each([
    ['POST', '/api/auth/app/v1/login', { username: '6123\u00004567', password: md5('x') }],
    [
      'POST',
      '/api/auth/app/v1/register',
      { username: '612345678', password: md5('x'), invite_code: 'A\u0000' },
    ],
    ['POST', '/api/client/app/v1/code', { username: '61234567\u0000', purpose: 'reset_pwd' }],
    ['POST', '/api/auth/app/v1/reset_pwd', { username: '612345678', code: '12\u000034' }],
  ])('%s %s with a NUL byte → 400 with a clear message, no server error', async (method, url, payload) => {
    const res = await app.inject({ method: method as 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'INVALID_INPUT',
      message: 'Text must not contain control characters.',
      data: null,
    });
  });

  it('a NUL in a query string is refused the same way', async () => {
    const res = await app.inject({ method: 'GET', url: '/market-data/search/?query=ab%00cd' });
    expect([400, 401]).toContain(res.statusCode);
    expect(res.statusCode).not.toBe(500);
  });

  it('a failing query logs its SQL, never its parameters, card numbers, tokens or hashes', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/test/failing-query' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Request failed.');
    const log = lines.join('\n');
    expect(log).toContain('unhandled error');
    expect(log).toContain('select $1::int');
    expect(log).not.toContain(CARD);
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(md5('secret'));
  });

  it('redacts card numbers, hashes, tokens and codes in any text', () => {
    const text = `card ${CARD} pin $argon2id$v=19$m=19456,t=2,p=1$abc$def code 123456 token ${TOKEN} md5 ${md5('x')}`;
    const out = redactText(text);
    for (const secret of [CARD, '$argon2id$', '123456', TOKEN, md5('x')]) expect(out).not.toContain(secret);
  });
});
