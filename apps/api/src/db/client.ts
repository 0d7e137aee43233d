import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { bootPglite } from './pglite-boot';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** A database or a transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (migrations). */
  execScript(sqlText: string): Promise<void>;
  /** Runs a query with parameters and returns rows (for the few places Drizzle cannot express). */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs one fixed hot-path statement under `name` (one name per text, autocommit). On PostgreSQL
   * it is a named prepared statement, parsed and planned once per connection instead of per call;
   * PGlite (one in-process connection) runs it like `query`.
   */
  prepared<T = Record<string, unknown>>(name: string, sqlText: string, params: unknown[]): Promise<T[]>;
  /** Runs `fn` on one dedicated connection (session-level locks need it). */
  session<T>(fn: (conn: RawConnection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface RawConnection {
  execScript(sqlText: string): Promise<void>;
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

// int8 as string, never a lossy JS number; numeric stays a string too.
pg.types.setTypeParser(20, (v) => v);

/**
 * Planner settings every session runs with (decision 0030). PostgreSQL's default
 * random_page_cost (4) models spinning disks: on a table of a few pages, such as `accounts` in a
 * new deployment, it priced a sequential scan below a primary-key lookup, and every key lookup of
 * the transfer path (two balance updates, two house-account lookups, six foreign-key checks)
 * scanned the whole table. 1.1 is the usual figure for SSD or memory-resident data.
 */
const RANDOM_PAGE_COST = '1.1';
const SESSION_OPTIONS = `-c random_page_cost=${RANDOM_PAGE_COST}`;

export async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  // Sent in each connection's startup packet, after any options the URL itself carries (taken
  // out of the URL: pg lets the connection string's `options` replace the config's).
  let connectionString = url;
  let urlOptions: string | null = null;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed?.searchParams.has('options')) {
    urlOptions = parsed.searchParams.get('options');
    parsed.searchParams.delete('options');
    connectionString = parsed.toString();
  }
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    options: [urlOptions, SESSION_OPTIONS].filter(Boolean).join(' '),
  });
  // An idle connection the server ends (restart, failover, a dropped test database) must not
  // crash the process: the pool discards it and opens a new one on demand.
  pool.on('error', (error) => console.warn(`PostgreSQL idle connection error: ${error.message}`));
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async execScript(sqlText) {
      await pool.query(sqlText);
    },
    async query(sqlText, params = []) {
      const result = await pool.query(sqlText, params);
      return result.rows;
    },
    async prepared(name, sqlText, params) {
      return (await pool.query({ name, text: sqlText, values: params })).rows;
    },
    async session(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          async execScript(sqlText) {
            await client.query(sqlText);
          },
          async query(sqlText, params = []) {
            return (await client.query(sqlText, params)).rows;
          },
        });
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

export { pgliteSettings } from './pglite-boot';

/**
 * PGlite: Postgres in WASM. `dataDir` undefined means in memory (tests). `booting`: a PGlite
 * already started by `bootPglite` (server.ts starts it before loading the rest of the server).
 */
export async function openPglite(dataDir?: string, booting?: Promise<PGlite>): Promise<DatabaseHandle> {
  const client = await (booting ?? bootPglite(dataDir));
  await client.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const raw: RawConnection = {
    async execScript(sqlText) {
      await client.exec(sqlText);
    },
    async query(sqlText, params = []) {
      const result = await client.query(sqlText, params);
      return result.rows as never[];
    },
  };
  return {
    db,
    kind: 'pglite',
    ...raw,
    prepared: (_name, sqlText, params) => raw.query(sqlText, params),
    session: (fn) => fn(raw),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}
