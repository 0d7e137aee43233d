/**
 * Portfolio summary speed (issue 14): GET /stat/app/v1/portfolio's work (portfolioSummary: the
 * account, its positions, stats and period-start values, valued at the simulated prices) for a
 * client with 10 orders and one with 10,000, both generated through the real order path
 * (quotation + buyStock) on PostgreSQL, in the same run. Prints cold latency (the first call on a
 * fresh connection pool), warm p50/p99 (sequential calls) and throughput (8 workers, the two clients
 * in alternating rounds), and the
 * ratio of throughput at 10,000 orders to that at 10 (goal ≥ 0.9). Asserts nothing.
 */
import os from 'node:os';
import { testConfig } from '../apps/api/src/config/env';
import { openPostgres, type DatabaseHandle } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { clients } from '../apps/api/src/db/schema/index';
import { contextClocks } from '../apps/api/src/lib/clock';
import type { AppContext } from '../apps/api/src/lib/context';
import { wiring } from '../apps/api/src/modules/wiring';
import { confirmDeposit, createDeposit } from '../apps/api/src/modules/deposits/deposits.service';
import { setRate } from '../apps/api/src/modules/fx/fx.service';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger-check.service';
import { clientAccounts } from '../apps/api/src/modules/ledger/ledger.service';
import { buyStock } from '../apps/api/src/modules/orders/orders.service';
import { portfolioSummary } from '../apps/api/src/modules/portfolio/portfolio.service';
import { issueQuote } from '../apps/api/src/modules/quotes/quotes.service';
import { postgresAdminUrl } from './ledger';
import { freshPostgres, shiftIntoJseSession } from './support';

const WORKERS = 8;
const DURATION_MS = 6_000;
const ROUNDS = 6;
const WARM_CALLS = 1_000;
const SMALL = 10;
const LARGE = 10_000;
const STOCKS = ['NPN', 'SBK', 'FSR', 'MTN', 'AGL', 'BHG', 'SOL', 'CFR', 'ABG', 'VOD'].map((symbol) => ({
  symbol,
  market: 'JSE' as const,
  country: 'ZA' as const,
}));

async function newClient(ctx: AppContext, mobile: string, rand: string) {
  const [row] = await ctx.db
    .insert(clients)
    .values({ mobile, passwordHash: 'bench', kycStatus: 'approved' })
    .returning();
  const zar = (await clientAccounts(ctx, row!.id)).find((a) => a.currency === 'ZAR')!.id;
  const { data } = await createDeposit(
    ctx,
    row!.id,
    { clientId: row!.id, key: `bench-fund-${zar}`, requestHash: 'bench' },
    { accountId: zar, amount: rand, method: 'EFT' },
  );
  await confirmDeposit(ctx, data.id, 'ops:bench');
  return { clientId: row!.id, zar };
}

async function buyMany(ctx: AppContext, who: { clientId: number; zar: number }, count: number) {
  let n = 0;
  // Four at a time: the real path, a little faster than one by one.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (n < count) {
        const i = (n += 1);
        const stock = STOCKS[i % STOCKS.length]!;
        const quote = await issueQuote(ctx, who.clientId, stock);
        await buyStock(
          ctx,
          who.clientId,
          { clientId: who.clientId, key: `bench-${who.clientId}-${i}`, requestHash: 'bench' },
          { ...stock, quantity: '1', accountId: who.zar, quoteId: quote.quote_id },
        );
      }
    }),
  );
}

async function latencies(ctx: AppContext, who: { clientId: number; zar: number }) {
  const samples: number[] = [];
  for (let i = 0; i < WARM_CALLS; i += 1) {
    const t0 = performance.now();
    await portfolioSummary(ctx, who.clientId, who.zar);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const pct = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: pct(0.5), p99: pct(0.99) };
}

/** Calls made by 8 workers in `ms`. */
async function burst(ctx: AppContext, who: { clientId: number; zar: number }, ms: number) {
  let calls = 0;
  const deadline = performance.now() + ms;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (performance.now() < deadline) {
        await portfolioSummary(ctx, who.clientId, who.zar);
        calls += 1;
      }
    }),
  );
  return calls;
}

/**
 * Throughput of both clients, in alternating rounds (so a change in the machine's load during the
 * run falls on both alike), and the ratio.
 */
async function throughput(
  ctx: AppContext,
  a: { clientId: number; zar: number },
  b: { clientId: number; zar: number },
) {
  let callsA = 0;
  let callsB = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    callsA += await burst(ctx, a, DURATION_MS / ROUNDS);
    callsB += await burst(ctx, b, DURATION_MS / ROUNDS);
  }
  const seconds = DURATION_MS / 1000;
  return { a: callsA / seconds, b: callsB / seconds };
}

async function cold(url: string, config: AppContext['config'], who: { clientId: number; zar: number }) {
  const database: DatabaseHandle = await openPostgres(url, 2);
  try {
    const ctx: AppContext = { config, database, db: database.db, ...contextClocks(config), wiring };
    const t0 = performance.now();
    await portfolioSummary(ctx, who.clientId, who.zar);
    return performance.now() - t0;
  } finally {
    await database.close();
  }
}

export async function bench(): Promise<void> {
  const adminUrl = await postgresAdminUrl();
  if (!adminUrl) {
    console.log('portfolio.summary: skipped (no PostgreSQL reachable)');
    return;
  }
  const fresh = await freshPostgres(adminUrl);
  const database = await openPostgres(fresh.url, WORKERS);
  try {
    const config = testConfig({
      MARKET_TIME_SHIFT_MS: String(shiftIntoJseSession()),
      PIN_EACH_ORDER_ABOVE: '',
    });
    await migrate(database);
    const ctx: AppContext = { config, database, db: database.db, ...contextClocks(config), wiring };
    await setRate(ctx, { from: 'USD', to: 'ZAR', rate: '18.05', mid: '18.25' }, 'ops:bench');
    const small = await newClient(ctx, '710000001', '1000000');
    const large = await newClient(ctx, '710000002', '100000000');
    const t0 = performance.now();
    await buyMany(ctx, small, SMALL);
    await buyMany(ctx, large, LARGE);
    console.log(
      `portfolio.orders_generated: ${SMALL} and ${LARGE} buys through quotation + buyStock in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
    await database.execScript('analyze');
    console.log(`portfolio.load_average_1m: ${os.loadavg()[0]!.toFixed(2)} (${os.cpus().length} cores)`);
    const coldSmall = await cold(fresh.url, config, small);
    const coldLarge = await cold(fresh.url, config, large);
    const la = await latencies(ctx, small);
    const lb = await latencies(ctx, large);
    const rate = await throughput(ctx, small, large);
    for (const [label, coldMs, l, perSecond] of [
      [`${SMALL}_orders`, coldSmall, la, rate.a],
      [`${LARGE}_orders`, coldLarge, lb, rate.b],
    ] as const) {
      console.log(
        `portfolio.summary.${label}: cold ${coldMs.toFixed(1)} ms, warm p50 ${l.p50.toFixed(2)} ms, p99 ${l.p99.toFixed(2)} ms, ${perSecond.toFixed(0)}/s (${WORKERS} workers, alternating rounds)`,
      );
    }
    console.log(
      `portfolio.summary.throughput_ratio_10000_to_10: ${(rate.b / rate.a).toFixed(2)} (goal >= 0.9; p99 goals: cold <= 25 ms, warm <= 5 ms at ${LARGE})`,
    );
    const check = await checkLedger(ctx);
    console.log(`portfolio.ledger_check: ${check.ok ? 'OK' : 'FAILED'}`);
    if (!check.ok) for (const line of check.text.split('\n')) console.log(`  ${line}`);
  } finally {
    await database.close();
    await fresh.drop();
  }
}
