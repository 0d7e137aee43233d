import fs from 'node:fs';
import path from 'node:path';

/**
 * While the embedded server runs it owns the PGlite folder. It records itself in
 * DATA_DIR/server.json (mode 0600, it holds the operator token) so that the ops CLI talks to it
 * over HTTP instead of opening the folder beside it.
 */
export interface ServerRecord {
  pid: number;
  port: number;
  opsToken: string;
  embedded: boolean;
  startedAt: string;
}

const recordPath = (dataDir: string) => path.join(dataDir, 'server.json');

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readServerRecord(dataDir: string): ServerRecord | undefined {
  try {
    const record = JSON.parse(fs.readFileSync(recordPath(dataDir), 'utf8')) as ServerRecord;
    return isAlive(record.pid) ? record : undefined;
  } catch {
    return undefined;
  }
}

export function writeServerRecord(dataDir: string, record: ServerRecord) {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(recordPath(dataDir), JSON.stringify(record, null, 2), { mode: 0o600 });
}

export function removeServerRecord(dataDir: string, pid: number) {
  const current = readServerRecord(dataDir);
  if (!current || current.pid === pid) fs.rmSync(recordPath(dataDir), { force: true });
}
