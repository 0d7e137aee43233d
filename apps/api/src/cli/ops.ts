// `npm run ops -- <command>`: operator commands against the same data as the server.
import os from 'node:os';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/open';
import { contextClocks } from '../lib/clock';
import type { AppContext } from '../lib/context';
import { readServerRecord } from '../lib/server-lock';
import { wiring } from '../modules/wiring';
import { opsCommandsOf } from './commands/index';
import { helpText, parseOpsArgv, runOps } from './run';

function operator(): string {
  try {
    return `ops:${os.userInfo().username}`;
  } catch {
    return 'ops:unknown';
  }
}

/**
 * While the embedded server runs it owns the PGlite folder: go through its operator endpoint.
 * Otherwise (server stopped, or PostgreSQL) open the database here.
 */
async function main(argv: string[]): Promise<string> {
  const first = parseOpsArgv(argv);
  if (first.positionals.length === 0 || first.positionals[0] === 'help' || first.flags.help === true) {
    return helpText(opsCommandsOf(wiring.products));
  }
  const config = loadConfig();
  const actor = operator();
  const server = config.DATABASE_URL ? undefined : readServerRecord(config.dataDir);
  // Only an embedded server owns this folder's database; a PostgreSQL one serves another.
  if (server?.embedded) return runRemote(server.port, server.opsToken, argv, actor);

  const database = await openDatabase(config);
  try {
    const ctx: AppContext = { config, database, db: database.db, ...contextClocks(config), wiring };
    return await runOps(ctx, argv, actor);
  } finally {
    await database.close();
  }
}

async function runRemote(port: number, token: string, argv: string[], actor: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${port}/ops/v1/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ argv, actor }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    throw new Error(
      `The Imali server on port ${port} owns the data folder but did not answer: ${String(err)}`,
      { cause: err },
    );
  }
  const body = (await res.json().catch(() => null)) as {
    code?: string;
    message?: string;
    data?: { output?: string };
  } | null;
  if (!res.ok || body?.code !== 'OK') throw new Error(body?.message ?? `Server answered ${res.status}.`);
  return body.data?.output ?? '';
}

try {
  console.log(await main(process.argv.slice(2)));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
