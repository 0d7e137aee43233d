// The ops CLI's staff session, kept between commands in a file only its owner can read (0600):
// it holds a live session token, as good as the staff user's password and code until it ends.
import fs from 'node:fs';
import path from 'node:path';

export interface StoredSession {
  /** The staff session token (the `imali_staff` cookie's value). */
  token: string;
  staffId: number;
  email: string;
  /** When the session ends at the latest (idle ends it sooner). */
  expiresAt: string;
  /** How it was signed in: through the embedded server's ops port, or straight to the database. */
  via: 'server' | 'direct';
}

export const SESSION_FILE_NAME = 'ops-session.json';
export const defaultSessionFile = (dataDir: string) => path.join(dataDir, SESSION_FILE_NAME);

export class SessionFileError extends Error {}

/**
 * Writes the session, mode 0600. The mode is set again after the write: a file that already
 * existed keeps its old mode through writeFileSync, and must not stay readable by others.
 */
export function writeSession(file: string, session: StoredSession) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(session, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(temp, 0o600);
  fs.renameSync(temp, file);
}

/**
 * The stored session, or undefined when there is none. Refuses (throws) a file its group or
 * others may read or write, or another user owns: a token that may have been read by someone
 * else is not used (sign in again).
 */
export function readSession(file: string): StoredSession | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const mode = stat.mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new SessionFileError(
      `Refusing to use ${file}: its mode is ${mode.toString(8).padStart(4, '0')}, readable by others ` +
        '(it must be 0600). Delete it and sign in again: npm run ops -- login --email <you>',
    );
  }
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) {
    throw new SessionFileError(`Refusing to use ${file}: another user owns it. Delete it and sign in again.`);
  }
  let parsed: Partial<StoredSession>;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<StoredSession>;
  } catch {
    throw new SessionFileError(`${file} is not a session file. Delete it and sign in again.`);
  }
  if (typeof parsed.token !== 'string' || typeof parsed.email !== 'string') {
    throw new SessionFileError(`${file} is not a session file. Delete it and sign in again.`);
  }
  return parsed as StoredSession;
}

export function removeSession(file: string) {
  fs.rmSync(file, { force: true });
}
