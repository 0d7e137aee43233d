/**
 * Ledger throughput: FX transfers between a client's ZAR and USD accounts through the real service
 * and the one ledger path (idempotency key, row locks, published rates, journal entry with four
 * postings and the balances, transfer row, stored answer, commit), on PGlite
 * (one connection, sequential) and on PostgreSQL (8 concurrent workers, fresh database), followed
 * by `ledger check`. Prints figures; asserts nothing.
 */
import { randomBytes, randomInt } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { testConfig } from '../apps/api/src/config/env';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { clients } from '../apps/api/src/db/schema/index';
import { contextClocks } from '../apps/api/src/lib/clock';
import type { AppContext } from '../apps/api/src/lib/context';
import { wiring } from '../apps/api/src/modules/wiring';
import { confirmDeposit, createDeposit } from '../apps/api/src/modules/deposits/deposits.service';
import { setRate, transfer } from '../apps/api/src/modules/fx/fx.service';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger-check.service';
import { clientAccounts } from '../apps/api/src/modules/ledger/ledger.service';
import { freshPostgres } from './support';

const DURATION_MS = 8_000;
const WARMUP = 50;
/**
 * Clients who transfer, each picked at random per transfer. With 64, two of the 8 workers held the
 * same client's rows about one transfer in ten and one waited for the other's commit; clients of a
 * real book rarely race themselves.
 */
const CLIENTS = 512;
/** Clients already on the book, each with its four currency accounts, who do not transfer. */
const BOOK_CLIENTS = 5_000;
const PG_WORKERS = 8;
const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchClient {
  clientId: number;
  zar: number;
  usd: number;
}

export async function prepare(database: DatabaseHandle, config = testConfig()) {
  await migrate(database);
  // A live book, not an empty database: with only the bench's own clients, `clients` and `accounts`
  // were a few pages each and PostgreSQL rightly planned key lookups on them (three foreign-key
  // checks per transfer on `clients`) as sequential scans, which a brokerage with thousands of
  // clients never runs (decision 0030).
  await database.execScript(`
    insert into clients (mobile, password_hash, kyc_status)
      select '6' || lpad(g::text, 8, '0'), 'bench', 'approved' from generate_series(1, ${BOOK_CLIENTS}) g;
    insert into accounts (kind, purpose, client_id, currency)
      select 'client', 'cash', c.id, currency from clients c, unnest(array['ZAR', 'USD', 'EUR', 'GBP', 'INR']) currency
      where c.mobile like '6%';
  `);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    ...contextClocks(config),
    wiring,
  };
  await setRate(ctx, { from: 'ZAR', to: 'USD', rate: '0.0542', mid: '0.054795' }, 'ops:bench');
  await setRate(ctx, { from: 'USD', to: 'ZAR', rate: '18.05', mid: '18.25' }, 'ops:bench');
  const people: BenchClient[] = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const [row] = await ctx.db
      .insert(clients)
      .values({ mobile: `7${String(i).padStart(8, '0')}`, passwordHash: 'bench', kycStatus: 'approved' })
      .returning();
    const accounts = await clientAccounts(ctx, row!.id);
    const zar = accounts.find((a) => a.currency === 'ZAR')!.id;
    const usd = accounts.find((a) => a.currency === 'USD')!.id;
    for (const [accountId, amount] of [
      [zar, '1000000'],
      [usd, '50000'],
    ] as const) {
      const { data } = await createDeposit(
        ctx,
        row!.id,
        { clientId: row!.id, key: `bench-fund-${accountId}`, requestHash: 'bench' },
        { accountId, amount, method: 'EFT' },
      );
      await confirmDeposit(ctx, data.id, 'ops:bench');
    }
    people.push({ clientId: row!.id, zar, usd });
  }
  // Statistics as autovacuum keeps them on a live database. Without this, every connection plans
  // against the tables as they were just after migration (empty) and keeps those plans for the
  // run: sequential scans for key lookups, foreign-key checks included (decision 0030).
  await database.execScript('analyze');
  return { ctx, people };
}

/** One transfer for a random client, alternating direction so balances never run dry. */
export async function oneTransfer(ctx: AppContext, people: BenchClient[], n: number) {
  const p = people[randomInt(people.length)]!;
  const toUsd = n % 2 === 0;
  await transfer(
    ctx,
    p.clientId,
    { clientId: p.clientId, key: `bench-${n}-${randomBytes(6).toString('hex')}`, requestHash: 'bench' },
    toUsd
      ? { fromAccountId: p.zar, toAccountId: p.usd, amount: '100.00', rate: '0.0542' }
      : { fromAccountId: p.usd, toAccountId: p.zar, amount: '5.00', rate: '18.05' },
  );
}

async function run(ctx: AppContext, people: BenchClient[], workers: number) {
  for (let i = 0; i < WARMUP; i += 1) await oneTransfer(ctx, people, i);
  const latencies: number[] = [];
  let n = WARMUP;
  const started = performance.now();
  const deadline = started + DURATION_MS;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await oneTransfer(ctx, people, (n += 1));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    count: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50: pct(0.5),
    p99: pct(0.99),
  };
}

/** The engine's bare round trip, to read the figures against when the machine is busy. */
async function roundTripMs(database: DatabaseHandle) {
  const n = 200;
  const t0 = performance.now();
  for (let i = 0; i < n; i += 1) await database.query('select 1');
  return (performance.now() - t0) / n;
}

async function report(label: string, ctx: AppContext, people: BenchClient[], workers: number) {
  console.log(`ledger.load_average_1m: ${os.loadavg()[0]!.toFixed(2)} (${os.cpus().length} cores)`);
  console.log(
    `ledger.book.${label}: ${BOOK_CLIENTS + people.length} clients, ${people.length} of them transferring`,
  );
  console.log(`ledger.select1_round_trip_ms.${label}: ${(await roundTripMs(ctx.database)).toFixed(3)}`);
  const r = await run(ctx, people, workers);
  console.log(`ledger.transfers_per_second.${label}: ${r.perSecond}`);
  console.log(`ledger.transfer_p50_ms.${label}: ${r.p50.toFixed(2)}`);
  console.log(`ledger.transfer_p99_ms.${label}: ${r.p99.toFixed(2)}`);
  console.log(
    `ledger.transfers_measured.${label}: ${r.count} (${workers} worker${workers > 1 ? 's' : ''}, ${DURATION_MS / 1000}s)`,
  );
  const check = await checkLedger(ctx);
  console.log(`ledger.check.${label}: ${check.ok ? 'OK' : 'FAILED'}`);
  for (const line of check.text.split('\n')) console.log(`  ${line}`);
}

export async function postgresAdminUrl(): Promise<string | undefined> {
  const candidates = [process.env.DATABASE_URL, LOCAL_PG].filter((u): u is string => Boolean(u));
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return url;
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  return undefined;
}

export async function bench(): Promise<void> {
  {
    const database = await openPglite();
    try {
      const { ctx, people } = await prepare(database);
      await report('pglite', ctx, people, 1);
    } finally {
      await database.close();
    }
  }

  const adminUrl = await postgresAdminUrl();
  if (!adminUrl) {
    console.log('ledger.transfers_per_second.postgres: skipped (no PostgreSQL reachable)');
    return;
  }
  const fresh = await freshPostgres(adminUrl);
  const database = await openPostgres(fresh.url, PG_WORKERS);
  try {
    const { ctx, people } = await prepare(database);
    await report('postgres', ctx, people, PG_WORKERS);
  } finally {
    await database.close();
    await fresh.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
