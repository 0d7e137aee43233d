import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema/index';
import { TABLE_OWNERS } from './table-owners';

const SRC = path.resolve(__dirname, '..');

/** Schema export name -> SQL table name, for every table of the schema. */
const tablesByExport = new Map<string, string>(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, value]) => [name, getTableName(value as PgTable)]),
);

/**
 * Writers that are not the owner, each with its reason. Anything else is a failure: route the
 * write through the owner's service, or add it here in the same review as the reason.
 */
const ALLOWED: { writer: string; table: string; reason: string }[] = [
  {
    writer: 'seed',
    table: 'advisors',
    reason: 'db/seed.ts creates the demo advisor, code and client once, on an empty database',
  },
  { writer: 'seed', table: 'invitation_codes', reason: 'the demo seed (above)' },
  { writer: 'seed', table: 'clients', reason: 'the demo seed (above)' },
  { writer: 'seed', table: 'kyc_submissions', reason: 'the demo seed (above): the demo client is approved' },
];

/** Who a file writes as: its module folder, a plugin, the jobs, the seeds, or the CLI. */
function writerOf(file: string): string | undefined {
  const rel = path.relative(SRC, file).split(path.sep);
  if (rel[0] === 'modules') return rel.length > 2 ? rel[1] : 'wiring';
  if (rel[0] === 'plugins') return `plugins/${rel[1]!.replace(/\.ts$/, '')}`;
  if (rel[0] === 'jobs') return 'jobs';
  if (rel[0] === 'cli') return 'cli';
  if (rel[0] === 'db' && /^seed/.test(rel[1]!)) return 'seed';
  return undefined;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // Tests and their kits set up rows on purpose (a test kit inserts a quote to consume;
    // auth.testing.ts sets a client's KYC status).
    if (!entry.name.endsWith('.ts') || /\.test\.ts$|-test-kit\.ts$|\.testing\.ts$/.test(entry.name))
      return [];
    return [full];
  });
}

const SQL_NAMES = new Set(tablesByExport.values());
const DRIZZLE_WRITE = /\.(insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*\)/g;
const SQL_WRITE = [
  /\binsert\s+into\s+(?:"?(\w+)"?|\$\{(?:\w+\.)?(\w+)\})/gi,
  // An alias may stand between the table and `set` (`update clients c set …`).
  /\bupdate\s+(?:"?(\w+)"?|\$\{(?:\w+\.)?(\w+)\})(?:\s+(?:as\s+)?\w+)?\s+set\b/gi,
  /\bdelete\s+from\s+(?:"?(\w+)"?|\$\{(?:\w+\.)?(\w+)\})/gi,
];

/** Every table write in a text: [SQL table name, the statement's text]. */
export function writesIn(text: string): [string, string][] {
  const found: [string, string][] = [];
  for (const m of text.matchAll(DRIZZLE_WRITE)) {
    const table = tablesByExport.get(m[2]!);
    if (table) found.push([table, m[0]]);
  }
  for (const pattern of SQL_WRITE) {
    for (const m of text.matchAll(pattern)) {
      const table = m[1] !== undefined ? m[1].toLowerCase() : tablesByExport.get(m[2]!);
      if (table && SQL_NAMES.has(table)) found.push([table, m[0]]);
    }
  }
  return found;
}

describe('table owners (decision 0047)', () => {
  it('names an owner for every table of the schema, and only those', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...SQL_NAMES].sort());
  });

  it('finds drizzle and SQL writes, not reads or other .delete() calls', () => {
    const text = [
      'await db.insert(orders).values(v);',
      'tx.update(schema.offerings).set(v)',
      'db.delete(quotes)',
      'sql`insert into position_movements (a) values (1)`',
      'sql`UPDATE "orders" SET status = 1`',
      'sql`update clients c set cost_basis_method = 1`',
      'sql`delete from ${costLots} where id = 1`',
      'map.delete(key); db.select().from(orders); sql`update accounts_view set`',
    ].join('\n');
    expect(writesIn(text).map(([table]) => table)).toEqual([
      'orders',
      'offerings',
      'quotes',
      'position_movements',
      'orders',
      'clients',
      'cost_lots',
    ]);
  });

  it('has no writer but the owner (and the listed exceptions)', () => {
    const violations: string[] = [];
    const used = new Set<(typeof ALLOWED)[number]>();
    for (const dir of ['modules', 'jobs', 'plugins', 'cli', 'db']) {
      for (const file of sourceFiles(path.join(SRC, dir))) {
        const writer = writerOf(file);
        if (writer === undefined) continue;
        for (const [table, statement] of writesIn(fs.readFileSync(file, 'utf8'))) {
          const owner = TABLE_OWNERS[table as keyof typeof TABLE_OWNERS];
          if (writer === owner) continue;
          const allowed = ALLOWED.find((a) => a.writer === writer && a.table === table);
          if (allowed) used.add(allowed);
          else
            violations.push(
              `${path.relative(SRC, file)}: ${writer} writes ${table} (owner ${owner}): ${statement}`,
            );
        }
      }
    }
    expect(violations).toEqual([]);
    // An exception nobody needs any more goes from the list.
    expect(ALLOWED.filter((a) => !used.has(a))).toEqual([]);
  });
});
