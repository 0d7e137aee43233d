import { execSync } from 'node:child_process';
import os from 'node:os';
import { chromium, type Request } from 'playwright-core';
import { DEMO } from '../apps/api/src/db/seed';
import { repoRoot, startServer, tempDir } from './support';

/**
 * Issue 15, goal 2: the JavaScript Chromium receives (bytes on the wire, as the server sends them:
 * brotli from the build's .br files), for /login and for first opening each lazy route. Goal 6:
 * what the signed-in dashboard receives from the stock-data API (its index cards' sparklines).
 * `WEB_BUNDLE_DIST=<a web build folder>` measures that build instead of building apps/web/dist.
 */
const LOGIN_GOAL_KB = 120;
const ROUTE_GOAL_KB = 60;
/** Measured on 67561c0, before issue 15's web work (bench/README.md). */
const LOGIN_BEFORE = '146.5 KB on the wire (533 KB raw, 163.5 KB gzip -9)';
const ROUTES = ['/discover', '/portfolio/summary', '/portfolio/holding', '/market', '/me/profile'];
/** Chunks of the signed-in app: none of them may load on /login. */
const SIGNED_IN_CHUNKS =
  /^(app-layout|menu|query-client|overlay-hosts|dashboard-screen|header|bottom-nav|search-dialog|QueryClientProvider|lightweight-charts)[-.]/;

/** 'name KB' of the `count` largest chunks, hash dropped. */
function largest(list: Loaded[], count: number): string {
  return [...list]
    .sort((a, b) => b.wire - a.wire)
    .slice(0, count)
    .map((l) => `${l.name.replace(/-[\w-]{8}\.js$/, '')} ${(l.wire / 1024).toFixed(1)}`)
    .join(', ');
}

interface Loaded {
  name: string;
  wire: number;
  raw: number;
}

export async function bench() {
  console.log(`load average at start: ${os.loadavg()[0]!.toFixed(2)}`);
  const dist = process.env.WEB_BUNDLE_DIST;
  if (!dist) execSync('npm run build -w apps/web', { cwd: repoRoot, stdio: 'ignore' });
  const server = await startServer({
    DATA_DIR: tempDir('imali-bench-web-'),
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    ...(dist ? { WEB_DIST_DIR: dist } : {}),
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    let loaded: Loaded[] = [];
    let marketData: Loaded[] = [];
    const pending: Promise<void>[] = [];
    const record = (request: Request) => {
      const { pathname } = new URL(request.url());
      if (/^\/market-data\/(chart_data|sparkline)$/.test(pathname)) {
        pending.push(
          request.sizes().then((sizes) => {
            marketData.push({ name: pathname, wire: sizes.responseBodySize, raw: 0 });
          }),
        );
        return;
      }
      const name = pathname.replace(/^.*\//, '');
      if (!name.endsWith('.js')) return;
      pending.push(
        Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) => {
          // responseBodySize: the encoded body as received (what the network carried).
          loaded.push({ name, wire: sizes.responseBodySize, raw: (await response?.body())?.length ?? 0 });
        }),
      );
    };
    page.on('requestfinished', record);
    const settle = async () => {
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);
    };
    const kb = (list: Loaded[], key: 'wire' | 'raw') => list.reduce((sum, l) => sum + l[key], 0) / 1024;

    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await settle();
    const login = loaded;
    const wire = kb(login, 'wire');
    console.log(
      `web.login_js_wire_kb: ${wire.toFixed(1)} (raw ${kb(login, 'raw').toFixed(1)}; goal ≤ ${LOGIN_GOAL_KB}: ${wire <= LOGIN_GOAL_KB ? 'met' : 'NOT met'}; before issue 15: ${LOGIN_BEFORE})`,
    );
    const signedIn = login.filter((l) => SIGNED_IN_CHUNKS.test(l.name)).map((l) => l.name);
    console.log(`web.login_signed_in_chunks: ${signedIn.length ? signedIn.join(', ') : 'none'}`);
    console.log(`web.login_chunks: ${largest(login, login.length)}`);

    // Sign in as the demo client and let the dashboard settle: what the signed-in first load adds.
    loaded = [];
    marketData = [];
    await page.getByLabel('Mobile number').fill(DEMO.mobile);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard', { timeout: 30_000 });
    await settle();
    console.log(
      `web.dashboard_after_login_js_wire_kb: ${kb(loaded, 'wire').toFixed(1)} (largest: ${largest(loaded, 4)})`,
    );
    // The index cards render after the first screen has painted: wait for their three series.
    await page.getByTestId('index-card').nth(2).waitFor({ timeout: 30_000 });
    await settle();
    console.log(
      `web.dashboard_market_data_wire_kb: ${kb(marketData, 'wire').toFixed(1)} in ${marketData.length} requests (${[...new Set(marketData.map((m) => m.name))].join(', ')}; before: three 1-minute chart_data series, ~45 KB each)`,
    );
    for (const route of ROUTES) {
      loaded = [];
      // Client-side navigation, as a tap on the tab does (a reload would load the shell again).
      await page.evaluate(
        `window.history.pushState({}, '', ${JSON.stringify(route)}); window.dispatchEvent(new PopStateEvent('popstate'));`,
      );
      await page.waitForTimeout(300);
      await settle();
      const routeKb = kb(loaded, 'wire');
      console.log(
        `web.route_js_wire_kb${route}: ${routeKb.toFixed(1)} (goal ≤ ${ROUTE_GOAL_KB}: ${routeKb <= ROUTE_GOAL_KB ? 'met' : 'NOT met'}; largest: ${largest(loaded, 4)})`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
