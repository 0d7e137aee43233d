import fs from 'node:fs';
import path from 'node:path';

/**
 * While the embedded server runs it owns the PGlite folder. It records itself in
 * DATA_DIR/server.json (mode 0600, it holds the operator token and the bootstrap secret) so that
 * the ops CLI talks to it over HTTP instead of opening the folder beside it.
 */
export interface ServerRecord {
  pid: number;
  /**
   * The port the ops CLI talks to: the ops app's (OPS_PORT), where /ops lives since decision 0057.
   * The same as `opsPort`; kept under this name for the CLI of before, which posts to
   * `http://127.0.0.1:<port>/ops/v1/run`.
   */
  port: number;
  /** The ops app's port (OPS_PORT): the staff API, /ops (decision 0057). */
  opsPort: number;
  /** The client app's port (PORT): the web app, /api and /market-data. */
  clientPort: number;
  /**
   * While no staff user exists: the one-time secret of POST /ops/v1/staff/bootstrap, which
   * `ops staff bootstrap` reads here (only someone who can read this 0600 file on the server can
   * create the first staff admin). Removed once the first staff admin exists.
   */
  bootstrapSecret?: string;
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
  const file = recordPath(dataDir);
  // Written to a 0600 file of its own, then renamed over the record: a reader never sees half a
  // record, and the secrets are never in a file with looser permissions (writeFileSync's mode
  // applies only to a file it creates).
  const temp = `${file}.${process.pid}.tmp`;
  fs.rmSync(temp, { force: true });
  fs.writeFileSync(temp, JSON.stringify(record, null, 2), { mode: 0o600, flag: 'wx' });
  fs.renameSync(temp, file);
}

export function removeServerRecord(dataDir: string, pid: number) {
  const current = readServerRecord(dataDir);
  if (!current || current.pid === pid) fs.rmSync(recordPath(dataDir), { force: true });
}
