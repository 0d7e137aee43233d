import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readServerRecord, removeServerRecord, writeServerRecord, type ServerRecord } from './server-lock';

describe('the server record (DATA_DIR/server.json)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-record-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const record: ServerRecord = {
    pid: process.pid,
    port: 8081,
    opsPort: 8081,
    clientPort: 8080,
    bootstrapSecret: 'bootstrap-0123456789abcdef',
    embedded: true,
    startedAt: new Date().toISOString(),
  };

  it('is 0600 even over a file someone left readable, and is rewritten whole', () => {
    const file = path.join(dir, 'server.json');
    fs.writeFileSync(file, '{}', { mode: 0o644 });
    writeServerRecord(dir, record);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readServerRecord(dir)).toEqual(record);
    const { bootstrapSecret: _spent, ...rest } = record;
    writeServerRecord(dir, rest);
    expect(readServerRecord(dir)).toEqual(rest);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['server.json']);
    removeServerRecord(dir, process.pid);
    expect(fs.existsSync(file)).toBe(false);
  });
});
