/**
 * Authenticated reads (issue 15, goal 3): the product API's signed-in reads (client_info, the cash
 * accounts, the portfolio summary of one account, the holding-order list) against a bare Fastify
 * hello-world measured in the same run, at 50 connections with autocannon. The API runs as a
 * server process as in production (NODE_ENV=production, default log level, logs to /dev/null,
 * jobs off) on a fresh PostgreSQL database and on a fresh PGlite folder; a client with approved
 * KYC, a deposit and ten orders signs in through the real login route. Prints req/s, p99 and the
 * ratio to hello-world per route (goal on PostgreSQL ≥ 10% with p99 ≤ 25 ms; on PGlite ≥ 3%).
 *
 * `IMALI_BENCH_BASELINE=/some/tree` also measures that tree's API (a `git archive` of an older
 * commit with node_modules linked) in the same run, for a before/after comparison.
 * Asserts nothing.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { postgresAdminUrl } from './ledger';
import { freshPostgres, repoRoot, tempDir } from './support';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.IMALI_BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;
const ORDERS = 10;
const PASSWORD = 'bench-password-1';
const MOBILE = '799000001';
const MARKET_KEY = 'bench-market-key-0123456789';

type Role = 'hello' | 'api';

interface Served {
  port: number;
  headers: Record<string, string>;
  routes: Record<string, string>;
  /** Per route: statements sent to the database per request, the waits they made, body bytes. */
  statements: Record<string, { statements: number; waits: number; bytes: number }>;
}

// ---- server side (a child process) ----------------------------------------------------------

async function serveHello(): Promise<number> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * Counts the statements the process sends to the database (pg clients and PGlite) and the waits
 * they make: a wait starts when a statement is sent while none is in flight, so statements sent
 * together (Promise.all on a pool) are one wait, statements one after another are one each.
 */
const statementCounter = { statements: 0, waits: 0, inFlight: 0 };
function countStatements(proto: { query: (...args: never[]) => unknown }) {
  const original = proto.query;
  proto.query = function (this: unknown, ...args: never[]) {
    statementCounter.statements += 1;
    if (statementCounter.inFlight++ === 0) statementCounter.waits += 1;
    const result = original.apply(this, args);
    const done = () => void (statementCounter.inFlight -= 1);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(done, done);
    else done();
    return result;
  };
}

/** Statements and waits per request of each route, over sequential requests (after one to warm). */
async function statementsPerRequest(
  port: number,
  headers: Record<string, string>,
  routes: Record<string, string>,
) {
  const out: Served['statements'] = {};
  const requests = 20;
  for (const [name, route] of Object.entries(routes)) {
    const get = async () => {
      const res = await fetch(`http://127.0.0.1:${port}${route}`, { headers });
      if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
      return (await res.arrayBuffer()).byteLength;
    };
    const bytes = await get();
    statementCounter.statements = 0;
    statementCounter.waits = 0;
    for (let i = 0; i < requests; i += 1) await get();
    out[name] = {
      statements: statementCounter.statements / requests,
      waits: statementCounter.waits / requests,
      bytes,
    };
  }
  return out;
}

function shiftIntoJseSession(isOpenAt: (m: string, t: number) => boolean): number {
  for (let hours = 0; hours < 24 * 8; hours += 1) {
    const shift = hours * 3_600_000;
    if (isOpenAt('JSE', Date.now() + shift) && isOpenAt('JSE', Date.now() + shift + 3_600_000)) return shift;
  }
  throw new Error('no JSE session found in the next 8 days');
}

async function serveApi(root: string): Promise<Served> {
  const src = (p: string) => import(path.join(root, 'apps/api/src', p));
  // The pool, not its clients: a pool's query returns a promise, a client's is called with a callback.
  countStatements(pg.Pool.prototype as never);
  const { PGlite } = await import('@electric-sql/pglite');
  countStatements(PGlite.prototype as never);
  const { buildApp } = await src('app.ts');
  const { loadConfig } = await src('config/env.ts');
  const { openDatabase } = await src('db/open.ts');
  const { clients } = await src('db/schema/index.ts');
  const { hashSecret } = await src('lib/crypto.ts');
  const { isOpenAt } = await src('modules/market/simulator/calendar.ts');
  const { clientAccounts } = await src('modules/ledger/ledger.service.ts');
  const { confirmDeposit, createDeposit } = await src('modules/deposits/deposits.service.ts');
  const { setRate } = await src('modules/fx/fx.service.ts');
  const { issueQuote } = await src('modules/quotes/quotes.service.ts');
  const { buyStock } = await src('modules/orders/orders.service.ts');

  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    DATA_DIR: process.env.BENCH_DATA_DIR,
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'false',
    MARKET_TIME_SHIFT_MS: String(shiftIntoJseSession(isOpenAt)),
    PIN_EACH_ORDER_ABOVE: '',
    HOST: '127.0.0.1',
    MARKET_API_KEY: MARKET_KEY,
  });
  const database = await openDatabase(config);
  // A live book, not an empty database (decision 0030): 5,000 clients with their accounts.
  await database.execScript(`
    insert into clients (mobile, password_hash, kyc_status)
      select '6' || lpad(g::text, 8, '0'), 'bench', 'approved' from generate_series(1, 5000) g;
    insert into accounts (kind, purpose, client_id, currency)
      select 'client', 'cash', c.id, currency from clients c, unnest(array['ZAR', 'USD']) currency
      where c.mobile like '6%';
    analyze;
  `);
  const app = await buildApp({ config, database });
  const ctx = app.ctx;
  await setRate(ctx, { from: 'USD', to: 'ZAR', rate: '18.05', mid: '18.25' }, 'ops:bench');
  const md5 = createHash('md5').update(PASSWORD).digest('hex');
  const [row] = await ctx.db
    .insert(clients)
    .values({
      mobile: MOBILE,
      passwordHash: await hashSecret(md5),
      name: 'Bench Client',
      kycStatus: 'approved',
    })
    .returning();
  const clientId = row.id as number;
  const zar = (await clientAccounts(ctx, clientId)).find(
    (a: { currency: string }) => a.currency === 'ZAR',
  ).id;
  const { data } = await createDeposit(
    ctx,
    clientId,
    { clientId, key: `bench-fund-${zar}`, requestHash: 'bench' },
    { accountId: zar, amount: '1000000', method: 'EFT' },
  );
  await confirmDeposit(ctx, data.id, 'ops:bench');
  const stocks = ['NPN', 'SBK', 'FSR', 'MTN', 'AGL'];
  for (let i = 0; i < ORDERS; i += 1) {
    const stock = { symbol: stocks[i % stocks.length]!, market: 'JSE', country: 'ZA' };
    const quote = await issueQuote(ctx, clientId, stock);
    await buyStock(
      ctx,
      clientId,
      { clientId, key: `bench-buy-${i}`, requestHash: 'bench' },
      { ...stock, quantity: '1', accountId: zar, quoteId: quote.quote_id },
    );
  }
  await app.listen({ host: '127.0.0.1', port: 0, backlog: 4096 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // Signed in through the real route, as the web app does.
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/app/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: MOBILE, password: md5, remember: false }),
  });
  const body = (await res.json()) as { data?: { refresh_token?: string } };
  const token = body.data?.refresh_token;
  if (!token) throw new Error(`login answered ${res.status}: ${JSON.stringify(body)}`);
  const headers = { authorization: `Bearer ${token}` };
  const routes = {
    client_info: '/api/auth/app/v1/client_info',
    accounts: '/api/account/app/v1',
    portfolio: `/api/stat/app/v1/portfolio?account_id=${zar}`,
    orders_holding: '/api/client/app/v1/order/holding',
  };
  return { port, headers, routes, statements: await statementsPerRequest(port, headers, routes) };
}

const role = process.env.IMALI_BENCH_ROLE as Role | undefined;
if (role) {
  // A normal exit, so that --cpu-prof (IMALI_BENCH_CPU_PROF=dir) writes its profile.
  process.once('SIGINT', () => process.exit(0));
  const started =
    role === 'hello' ? serveHello().then((port) => ({ port })) : serveApi(process.env.IMALI_API_ROOT!);
  // The server's own CPU time on request: per request it does not depend on the machine's load
  // the way requests/s does.
  process.on('message', (message) => {
    if (message === 'cpu') process.send!({ cpuMicros: process.cpuUsage().user + process.cpuUsage().system });
  });
  started.then(
    (served) => process.send!({ served }),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

// ---- load side (this process) ---------------------------------------------------------------

interface Running {
  child: ChildProcess;
  served: Served;
  /** The server process's CPU time so far (user + system), µs. */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

function start(roleName: Role, env: Record<string, string> = {}): Promise<Running> {
  const child = fork(path.join(repoRoot, 'bench/api-reads.ts'), [], {
    cwd: repoRoot,
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.IMALI_BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.IMALI_BENCH_CPU_PROF}`]
        : []),
    ],
    env: { ...process.env, ...env, IMALI_BENCH_ROLE: roleName },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${roleName} server exited with ${code}`)));
    child.once('message', (message) => {
      const { served } = message as { served: Partial<Served> & { port: number } };
      resolve({
        child,
        served: { headers: {}, routes: {}, statements: {}, ...served },
        cpuMicros: () =>
          new Promise((answer) => {
            const onMessage = (reply: unknown) => {
              const { cpuMicros } = reply as { cpuMicros?: number };
              if (cpuMicros === undefined) return;
              child.off('message', onMessage);
              answer(cpuMicros);
            };
            child.on('message', onMessage);
            child.send('cpu');
          }),
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGINT');
          }),
      });
    });
  });
}

interface Figure {
  perSecond: number;
  total: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function cannon(url: string, headers: Record<string, string>, seconds: number): Promise<Figure> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: seconds, headers, pipelining: 1 },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          perSecond: result.requests.average,
          total: result.requests.total,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
        });
      },
    );
  });
}

async function measure(url: string, headers: Record<string, string>): Promise<Figure> {
  await cannon(url, headers, WARMUP_SECONDS);
  return cannon(url, headers, SECONDS);
}

/** Bytes on the wire of one GET (no decompression), with the encoding it came in. */
function wireBytes(
  url: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') })
            : reject(new Error(`${url} answered ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

/** Goal 6: what the stock screen's 1-year chart and a dashboard sparkline download, before and now. */
async function payloads(base: string) {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const cases: [string, string, string][] = [
    ['chart_1y', '/market-data/chart_data?country=ZA&symbol=NPN&interval=1d', '&range=1Y'],
    ['sparkline', '/market-data/chart_data?country=ZA&symbol=NPN&interval=1m', ''],
  ];
  for (const [name, before, extra] of cases) {
    const after =
      name === 'sparkline' ? '/market-data/sparkline?country=ZA&symbol=NPN&points=60' : before + extra;
    const line: string[] = [];
    for (const [label, path] of [
      ['before', before],
      ['now', after],
    ] as const) {
      const plain = await wireBytes(base + path, { 'x-api-key': MARKET_KEY });
      const br = await wireBytes(base + path, { 'x-api-key': MARKET_KEY, 'accept-encoding': 'br, gzip' });
      line.push(`${label} ${kb(plain.bytes)} raw, ${kb(br.bytes)} ${br.encoding}`);
    }
    console.log(`api_reads.payload.${name}: ${line.join('; ')}`);
  }
}

/**
 * One database kind: every tree's API started on its own fresh database, then route by route
 * hello-world and each tree in turn, so that a before/after pair is measured minutes, not a whole
 * run, apart (the machine's speed moves from minute to minute).
 */
async function measureDb(
  kind: 'postgres' | 'pglite',
  trees: [string, string][],
  helloUrl: string,
  adminUrl: string | undefined,
) {
  const apis: { label: string; api: Running }[] = [];
  const drops: (() => Promise<void>)[] = [];
  try {
    for (const [prefix, root] of trees) {
      let env: Record<string, string>;
      if (kind === 'postgres') {
        const db = await freshPostgres(adminUrl!);
        drops.push(db.drop);
        env = { BENCH_DATABASE_URL: db.url };
      } else {
        env = { BENCH_DATA_DIR: tempDir('imali-reads-') };
      }
      apis.push({ label: `${prefix}${kind}`, api: await start('api', { ...env, IMALI_API_ROOT: root }) });
    }
    const current = apis.at(-1)!.api;
    if (kind === 'postgres') await payloads(`http://127.0.0.1:${current.served.port}`);
    const only = process.env.IMALI_BENCH_ROUTES?.split(',');
    for (const name of Object.keys(current.served.routes)) {
      if (only && !only.includes(name)) continue;
      for (const { label, api } of apis) {
        const route = api.served.routes[name];
        if (!route) continue;
        // Hello-world right before each measurement.
        const hello = await measure(helloUrl, {});
        const url = `http://127.0.0.1:${api.served.port}${route}`;
        await cannon(url, api.served.headers, WARMUP_SECONDS);
        const cpuBefore = await api.cpuMicros();
        const f = await cannon(url, api.served.headers, SECONDS);
        const cpuMicrosUsed = (await api.cpuMicros()) - cpuBefore;
        const ratio = (100 * f.perSecond) / hello.perSecond;
        const bad = f.non2xx + f.errors > 0 ? ` NON-2XX ${f.non2xx} ERRORS ${f.errors}` : '';
        const counted = api.served.statements[name];
        const statements = counted
          ? `, ${counted.statements} statements in ${counted.waits} waits per request, ${(counted.bytes / 1024).toFixed(1)} KB`
          : '';
        console.log(
          `api_reads.${label}.${name}: ${f.perSecond.toFixed(0)} req/s, p99 ${f.p99} ms, ${ratio.toFixed(1)}% of hello-world (${hello.perSecond.toFixed(0)} req/s, p99 ${hello.p99} ms, just before)${statements}, server CPU ${(cpuMicrosUsed / f.total / 1000).toFixed(2)} ms per request${bad}`,
        );
      }
    }
  } finally {
    for (const { api } of apis) await api.stop();
    for (const drop of drops) await drop();
  }
}

export async function bench(): Promise<void> {
  console.log(`api_reads.load_average_1m: ${os.loadavg()[0]!.toFixed(2)} (${os.cpus().length} cores)`);
  const trees: [string, string][] = [['', repoRoot]];
  if (process.env.IMALI_BENCH_BASELINE) trees.unshift(['baseline.', process.env.IMALI_BENCH_BASELINE]);
  const helloServer = await start('hello');
  const helloUrl = `http://127.0.0.1:${helloServer.served.port}/`;
  console.log(`api_reads.hello_world: bare Fastify, ${CONNECTIONS} connections, measured before each route`);
  const adminUrl = await postgresAdminUrl();
  const dbs = process.env.IMALI_BENCH_DBS?.split(',') ?? ['postgres', 'pglite'];
  try {
    if (!dbs.includes('postgres')) {
      // skipped on request
    } else if (adminUrl) {
      await measureDb('postgres', trees, helloUrl, adminUrl);
    } else {
      console.log('api_reads.postgres: skipped (no PostgreSQL reachable)');
    }
    if (dbs.includes('pglite')) await measureDb('pglite', trees, helloUrl, undefined);
  } finally {
    await helloServer.stop();
  }
}
