/**
 * Trading throughput (issue 12): standard JSE buys through the real service (a quotation issued,
 * then `buyStock`: idempotency key, quote consumed, account locked, hold placed and captured, the
 * buy entry with its fee postings, the position movement, audit) on PostgreSQL with 8 workers, as
 * a ratio to the ledger's plain FX transfer rate measured on the same database in the same run
 * (goal ≥ 0.5), then `ledger check`. Prints figures; asserts nothing.
 */
import { randomBytes, randomInt } from 'node:crypto';
import os from 'node:os';
import { testConfig } from '../apps/api/src/config/env';
import { openPostgres } from '../apps/api/src/db/client';
import type { AppContext } from '../apps/api/src/lib/context';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger-check.service';
import { buyStock } from '../apps/api/src/modules/orders/orders.service';
import { issueQuote } from '../apps/api/src/modules/quotes/quotes.service';
import { oneTransfer, postgresAdminUrl, prepare, type BenchClient } from './ledger';
import { freshPostgres, shiftIntoJseSession } from './support';

const DURATION_MS = 8_000;
const WORKERS = 8;
const STOCK = { symbol: 'NPN', market: 'JSE', country: 'ZA' } as const;

async function measure(workers: number, once: (n: number) => Promise<void>) {
  const latencies: number[] = [];
  let n = 0;
  const started = performance.now();
  const deadline = started + DURATION_MS;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await once((n += 1));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: latencies.length / seconds, p50: pct(0.5), p99: pct(0.99), count: latencies.length };
}

async function oneBuy(ctx: AppContext, people: BenchClient[], n: number) {
  const p = people[randomInt(people.length)]!;
  const quote = await issueQuote(ctx, p.clientId, STOCK);
  await buyStock(
    ctx,
    p.clientId,
    { clientId: p.clientId, key: `bench-buy-${n}-${randomBytes(6).toString('hex')}`, requestHash: 'bench' },
    { ...STOCK, quantity: '1', accountId: p.zar, quoteId: quote.quote_id },
  );
}

export async function bench(): Promise<void> {
  const adminUrl = await postgresAdminUrl();
  if (!adminUrl) {
    console.log('trading.buys_per_second: skipped (no PostgreSQL reachable)');
    return;
  }
  const fresh = await freshPostgres(adminUrl);
  const database = await openPostgres(fresh.url, WORKERS);
  try {
    // No PIN per order in the bench: it measures the order path, not the PIN's.
    const config = testConfig({
      MARKET_TIME_SHIFT_MS: String(shiftIntoJseSession()),
      PIN_EACH_ORDER_ABOVE: '',
    });
    const { ctx, people } = await prepare(database, config);
    console.log(`trading.load_average_1m: ${os.loadavg()[0]!.toFixed(2)} (${os.cpus().length} cores)`);
    for (let i = 0; i < 20; i += 1) await oneBuy(ctx, people, -i);
    const transfers = await measure(WORKERS, (n) => oneTransfer(ctx, people, n));
    const buys = await measure(WORKERS, (n) => oneBuy(ctx, people, n));
    console.log(
      `trading.transfers_per_second.postgres: ${transfers.perSecond.toFixed(0)} (${WORKERS} workers, same run)`,
    );
    console.log(
      `trading.buys_per_second.postgres: ${buys.perSecond.toFixed(0)} (quotation + buy; p50 ${buys.p50.toFixed(1)} ms, p99 ${buys.p99.toFixed(1)} ms, ${buys.count} buys)`,
    );
    console.log(
      `trading.buys_to_transfers_ratio: ${(buys.perSecond / transfers.perSecond).toFixed(2)} (goal >= 0.5)`,
    );
    const check = await checkLedger(ctx);
    console.log(`trading.ledger_check: ${check.ok ? 'OK' : 'FAILED'}`);
    if (!check.ok) for (const line of check.text.split('\n')) console.log(`  ${line}`);
  } finally {
    await database.close();
    await fresh.drop();
  }
}
