import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import autocannon from 'autocannon';
import path from 'node:path';
import { openPglite } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { isTradingDay, localDay, sessionOf } from '../apps/api/src/modules/market/simulator/calendar';
import { percentile, startServer, tempDir } from './support';

const INSTRUMENTS = 50_000;
const KEY = 'bench-market-key-0123456789';
const SEARCH_CONCURRENCY = 200;
const SEARCH_REQUESTS = 30_000;
const WRK_SECONDS = 6;
const CHART_CONCURRENCY = 10;
const CHART_REQUESTS = 600;
const SSE_CLIENTS = 1_000;
const SSE_INTERVAL_MS = 100;
const SSE_SECONDS = 6;

/** A tiny deterministic PRNG so that every run generates the same universe. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST =
  'Golden Blue Cape Karoo Highveld Atlantic Summit Ubuntu Baobab Protea Delta Orion Zenith Acacia Table Kalahari Drakensberg Savanna Marula Indigo Copper Silver Granite Harbour Meridian Pioneer Liberty Royal Unity Vertex'.split(
    ' ',
  );
const SECOND =
  'Mining Capital Foods Retail Energy Telecom Property Health Logistics Insurance Media Steel Chemicals Agri Water Solar Digital Motors Textiles Brewing Pharma Shipping Timber Gold Platinum Finance Ventures Systems Networks Minerals'.split(
    ' ',
  );
const SUFFIX = [
  'Holdings',
  'Group',
  'Limited',
  'Corporation',
  'Industries',
  'Resources',
  'Partners',
  'Trust',
];
const COUNTRIES = [
  ['ZA', 'JSE', 'ZAR', 0],
  ['US', 'NYSE', 'USD', 2],
  ['US', 'NASDAQ', 'USD', 2],
  ['IN', 'NSE', 'INR', 2],
] as const;

export async function generateUniverse(dataDir: string) {
  const db = await openPglite(path.join(dataDir, 'pgdata'));
  await migrate(db);
  const rand = prng(4242);
  const taken = new Set(
    (await db.query<{ k: string }>("select country || ':' || symbol as k from instruments")).map((r) => r.k),
  );
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const rows: string[] = [];
  const params: unknown[] = [];
  let made = 0;
  const flush = async () => {
    if (rows.length === 0) return;
    await db.query(
      `insert into instruments (symbol, name, market, country, currency, type, sector, price_decimals, base_price,
         annual_volatility, annual_drift, avg_daily_volume, profile) values ${rows.join(',')}`,
      params,
    );
    rows.length = 0;
    params.length = 0;
  };
  while (made < INSTRUMENTS) {
    const [country, market, currency, decimals] = COUNTRIES[Math.floor(rand() * COUNTRIES.length)]!;
    const length = 3 + Math.floor(rand() * 4);
    let symbol = '';
    for (let i = 0; i < length; i++) symbol += letters[Math.floor(rand() * 26)];
    if (taken.has(`${country}:${symbol}`)) continue;
    taken.add(`${country}:${symbol}`);
    const name = `${FIRST[Math.floor(rand() * FIRST.length)]} ${SECOND[Math.floor(rand() * SECOND.length)]} ${SUFFIX[Math.floor(rand() * SUFFIX.length)]}`;
    const base =
      decimals === 0 ? Math.round(500 + rand() * 50_000) : Math.round((5 + rand() * 500) * 100) / 100;
    const p = params.length;
    rows.push(
      `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, 'stock', 'Generated', $${p + 6}, $${p + 7}, $${p + 8}, $${p + 9}, $${p + 10}, 'Generated for the benchmark.')`,
    );
    params.push(
      symbol,
      name,
      market,
      country,
      currency,
      decimals,
      base,
      (0.15 + rand() * 0.4).toFixed(4),
      (rand() * 0.16 - 0.04).toFixed(4),
      Math.round(1e5 + rand() * 5e6),
    );
    made++;
    if (rows.length === 1000) await flush();
  }
  await flush();
  await db.execScript('analyze');
  const symbols = await db.query<{ symbol: string; country: string; name: string }>(
    'select symbol, country, name from instruments order by id',
  );
  await db.close();
  return symbols;
}

/** Shift that puts the simulated market in the middle of a JSE session, whatever the real time. */
function jseOpenShiftMs(): number {
  const now = Date.now();
  let day = localDay('JSE', now);
  for (;;) {
    if (isTradingDay('JSE', day)) {
      const s = sessionOf('JSE', day);
      if (now < s.closeMs - 3_600_000) return Math.max(0, s.openMs + 3_600_000 - now);
    }
    day++;
  }
}

async function timed(url: string, init?: RequestInit): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

/**
 * Closed-loop load: `concurrency` keep-alive connections, each sending its next request as soon as
 * the previous answer arrives, `total` requests in all, driven by autocannon (far cheaper per
 * request than fetch on the shared two cores, though not free: see `loadWithWrk`). Returns every
 * request's latency, sorted; throws on any non-200 answer.
 */
function load(paths: () => string, base: string, total: number, concurrency: number): Promise<number[]> {
  const latencies: number[] = [];
  let failed = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: concurrency,
        amount: total,
        headers: { 'x-api-key': KEY },
        requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }],
      },
      (error) => {
        if (error) return reject(error);
        if (failed) return reject(new Error(`${failed} requests did not answer 200`));
        resolve(latencies.sort((a, b) => a - b));
      },
    );
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode === 200) latencies.push(ms);
      else failed++;
    });
  });
}

/**
 * The same closed loop with wrk (C, one thread), when installed. On two shared cores the load
 * generator's own CPU shows up in the latency: autocannon did not push the server past about
 * 10,000 requests/s while the server still had idle time, wrk drove it to 17,000-22,000, so
 * wrk's figure is the closer one to what a remote client would see.
 * Every request's path is drawn up front from the same query mix.
 */
function loadWithWrk(paths: () => string, base: string, concurrency: number, seconds: number) {
  if (spawnSync('wrk', ['--version']).error) return undefined;
  const dir = tempDir('imali-bench-wrk-');
  try {
    const list = path.join(dir, 'paths.txt');
    fs.writeFileSync(list, Array.from({ length: 100_000 }, paths).join('\n'));
    const script = path.join(dir, 'paths.lua');
    fs.writeFileSync(
      script,
      // Requests are formatted once, up front, so the generator's per-request work stays small.
      // (In init: wrk.headers holds the -H headers only once the thread is set up.)
      `local requests = {}
local i = 0
init = function(args)
  for line in io.lines(${JSON.stringify(list)}) do requests[#requests + 1] = wrk.format("GET", line) end
end
request = function()
  i = i % #requests + 1
  return requests[i]
end
`,
    );
    const run = spawnSync(
      'wrk',
      [
        '-t1',
        `-c${concurrency}`,
        `-d${seconds}s`,
        '--latency',
        '-H',
        `x-api-key: ${KEY}`,
        '-s',
        script,
        base,
      ],
      { encoding: 'utf8' },
    );
    const out = run.stdout;
    if (run.status !== 0 || /Non-2xx|Socket errors/.test(out))
      throw new Error(`wrk failed:\n${out}${run.stderr}`);
    const ms = (label: string) => {
      const m = new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
      if (!m) throw new Error(`wrk printed no ${label}th percentile:\n${out}`);
      return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
    };
    return {
      p50: ms('50'),
      p99: ms('99'),
      rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
      requests: Number(/(\d+) requests in/.exec(out)?.[1]),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => n.toFixed(1);

const SSE_READER_THREADS = 2;

/**
 * One reader thread's clients (plain JavaScript, run with `eval`): each is a plain socket that
 * only notes the time and keeps the bytes when a read arrives; events are parsed after the run.
 * Each event counts at the read that completed it (its closing blank line).
 */
const SSE_READER = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const { host, port, paths, shiftMs } = workerData;
const reads = [];
const sockets = [];
let opened = 0;
for (let i = 0; i < paths.length; i++) {
  const socket = net.connect({ host, port }, () => {
    socket.write('GET ' + paths[i] + ' HTTP/1.1\\r\\nHost: ' + host + '\\r\\nAccept: text/event-stream\\r\\n\\r\\n');
  });
  socket.setNoDelay(true);
  let headerSeen = false;
  socket.on('data', (bytes) => {
    const at = Date.now();
    if (!headerSeen) {
      headerSeen = true;
      if (bytes.toString('latin1', 0, 12) !== 'HTTP/1.1 200') throw new Error('stream answered ' + bytes.toString('latin1', 0, 12));
      if (++opened === paths.length) parentPort.postMessage({ opened });
    }
    reads.push(i, at, bytes);
  });
  socket.on('error', () => undefined);
  sockets.push(socket);
}
parentPort.on('message', ({ from, to }) => {
  for (const socket of sockets) socket.destroy();
  const delays = [];
  const pending = new Map();
  for (let r = 0; r < reads.length; r += 3) {
    const at = reads[r + 1];
    let buffer = (pending.get(reads[r]) ?? '') + reads[r + 2].toString('utf8');
    let end;
    while ((end = buffer.indexOf('\\n\\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (at < from || at > to) continue;
      const start = block.indexOf('event: quote');
      if (start < 0) continue;
      const asOf = /"as_of":"([^"]+)"/.exec(block.slice(start));
      if (asOf) delays.push(at - (Date.parse(asOf[1]) - shiftMs));
    }
    pending.set(reads[r], buffer);
  }
  parentPort.postMessage({ opened, delays });
});
`;

/**
 * Opens SSE connections and records, per quote event, receipt time minus the tick's time.
 *
 * A thousand real clients read on a thousand devices at once. Here a few reader threads share
 * them, and whatever a reader does per read delays the timestamps of the reads queued behind it,
 * so readers do as little as possible while measuring (see SSE_READER). With one thread using
 * `http.get` and parsing inline, the reader's own cost was most of the figure: p50 15 ms while
 * the server's whole tick took 2.4 ms.
 */
async function sseFanOut(base: string, symbols: string[], shiftMs: number) {
  const { hostname, port } = new URL(base);
  const paths = Array.from({ length: SSE_CLIENTS }, (_, i) => {
    const list = [symbols[i % symbols.length], symbols[(i * 7 + 3) % symbols.length]].join(',');
    return `/market-data/stream?symbols=${list}&country=ZA&key=${KEY}`;
  });
  const readers = Array.from(
    { length: SSE_READER_THREADS },
    (_, t) =>
      new Worker(SSE_READER, {
        eval: true,
        workerData: {
          host: hostname,
          port: Number(port),
          paths: paths.filter((_, i) => i % SSE_READER_THREADS === t),
          shiftMs,
        },
      }),
  );
  const next = (worker: Worker) =>
    new Promise<{ opened: number; delays?: number[] }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const opened = await Promise.all(readers.map(next));
  await new Promise((r) => setTimeout(r, 1_000)); // let snapshots drain
  const from = Date.now();
  await new Promise((r) => setTimeout(r, SSE_SECONDS * 1_000));
  const to = Date.now();
  const results = await Promise.all(
    readers.map((worker) => {
      const result = next(worker);
      worker.postMessage({ from, to });
      return result;
    }),
  );
  await Promise.all(readers.map((worker) => worker.terminate()));
  return {
    connected: opened.reduce((sum, r) => sum + r.opened, 0),
    delays: results.flatMap((r) => r.delays ?? []).sort((a, b) => a - b),
  };
}

/** Search, chart_data and quote fan-out through HTTP on 50,000 instruments (embedded PGlite). */
export async function bench() {
  console.log(`market.load_average_at_start: ${os.loadavg()[0]!.toFixed(1)} (on ${os.cpus().length} cores)`);
  const dataDir = tempDir('imali-bench-market-');
  const genStarted = performance.now();
  const universe = await generateUniverse(dataDir);
  console.log(
    `market.instruments: ${universe.length} (generated in ${((performance.now() - genStarted) / 1000).toFixed(1)} s)`,
  );

  const shiftMs = jseOpenShiftMs();
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    MARKET_API_KEY: KEY,
    MARKET_STREAM_INTERVAL_MS: String(SSE_INTERVAL_MS),
    MARKET_TIME_SHIFT_MS: String(shiftMs),
  });
  try {
    const rand = prng(7);
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
    const queries = () => {
      const r = rand();
      const row = pick(universe);
      const words = row.name.split(' ');
      const q =
        r < 0.4
          ? row.symbol.slice(0, 1 + Math.floor(rand() * row.symbol.length)).toLowerCase()
          : r < 0.8
            ? pick(words)
                .slice(0, 2 + Math.floor(rand() * 4))
                .toLowerCase()
            : pick(['npn', 'naspers', 'gold', 'sbk', 'standard bank', 'a', 'b', 'mtn']);
      return `/market-data/search/?query=${encodeURIComponent(q)}`;
    };
    // The server loads its instrument catalogue in the background at start: wait for it.
    for (let tries = 0; ; tries++) {
      try {
        await timed(`${server.url}/market-data/search/?query=npn`, { headers: { 'x-api-key': KEY } });
        break;
      } catch (error) {
        if (tries > 60) throw error;
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
    await load(queries, server.url, 500, 50); // warm-up
    const searchSerial = await load(queries, server.url, 1_000, 1);
    console.log(`market.search_c1_p50_ms: ${fmt(percentile(searchSerial, 50))}`);
    console.log(`market.search_c1_p99_ms: ${fmt(percentile(searchSerial, 99))} (one request at a time)`);
    const searchStarted = performance.now();
    const search = await load(queries, server.url, SEARCH_REQUESTS, SEARCH_CONCURRENCY);
    const searchSeconds = (performance.now() - searchStarted) / 1000;
    console.log(`market.search_p50_ms: ${fmt(percentile(search, 50))} (autocannon)`);
    console.log(
      `market.search_p99_ms: ${fmt(percentile(search, 99))} (autocannon, its own CPU included; the goal is read on wrk's figure below)`,
    );
    console.log(`market.search_rps: ${(SEARCH_REQUESTS / searchSeconds).toFixed(0)} (autocannon)`);
    const wrk = loadWithWrk(queries, server.url, SEARCH_CONCURRENCY, WRK_SECONDS);
    if (wrk) {
      console.log(`market.search_wrk_p50_ms: ${fmt(wrk.p50)}`);
      console.log(
        `market.search_wrk_p99_ms: ${fmt(wrk.p99)} (goal <= 20 at ${SEARCH_CONCURRENCY} concurrent; ${wrk.requests} requests in ${WRK_SECONDS} s)`,
      );
      console.log(`market.search_wrk_rps: ${wrk.rps.toFixed(0)}`);
    } else {
      console.log('market.search_wrk: skipped (wrk not installed: apt-get install wrk)');
    }

    const charts = () => {
      const row = pick(universe);
      return `/market-data/chart_data?country=${row.country}&symbol=${encodeURIComponent(row.symbol)}&interval=1d`;
    };
    const chartSerial = await load(charts, server.url, CHART_REQUESTS, 1);
    console.log(`market.chart_1d_5y_c1_p50_ms: ${fmt(percentile(chartSerial, 50))}`);
    console.log(
      `market.chart_1d_5y_c1_p99_ms: ${fmt(percentile(chartSerial, 99))} (goal <= 30; one at a time, random instruments, cold caches)`,
    );
    const chart = await load(charts, server.url, CHART_REQUESTS, CHART_CONCURRENCY);
    console.log(`market.chart_1d_5y_p50_ms: ${fmt(percentile(chart, 50))}`);
    console.log(`market.chart_1d_5y_p99_ms: ${fmt(percentile(chart, 99))} (${CHART_CONCURRENCY} concurrent)`);

    const jse = universe
      .filter((u) => u.country === 'ZA')
      .slice(0, 40)
      .map((u) => u.symbol);
    const fan = await sseFanOut(server.url, jse, shiftMs);
    console.log(`market.sse_clients: ${fan.connected}`);
    console.log(
      `market.sse_events_received: ${fan.delays.length} in ${SSE_SECONDS} s at ${1000 / SSE_INTERVAL_MS} updates/s`,
    );
    console.log(`market.sse_delivery_p50_ms: ${fmt(percentile(fan.delays, 50))}`);
    console.log(`market.sse_delivery_p99_ms: ${fmt(percentile(fan.delays, 99))} (goal <= 50)`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
