import { execSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { DEMO } from '../apps/api/src/db/seed';
import { repoRoot, startServer, tempDir } from './support';

const BUDGET_JS_KB = 170;
/** Issue 12: the JS a signed-in client's browser loads on first opening each lazy route. */
const ROUTE_BUDGET_KB = 60;
const ROUTES = ['/discover', '/portfolio/holding', '/portfolio/summary'];

/** Gzip size of the JS and CSS a browser actually loads for /login (lazy chunks included). */
export async function bench() {
  execSync('npm run build -w apps/web', { cwd: repoRoot, stdio: 'ignore' });
  const server = await startServer({
    DATA_DIR: tempDir('imali-bench-web-'),
    DATABASE_URL: '',
    SEED_DEMO: 'true',
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const sizes = { js: 0, css: 0 };
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const url = response.url();
      const kind = url.endsWith('.js') ? 'js' : url.endsWith('.css') ? 'css' : undefined;
      if (!kind) return;
      pending.push(
        response.body().then((body) => {
          sizes[kind] += gzipSync(body, { level: 9 }).length;
        }),
      );
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const jsKb = sizes.js / 1024;
    console.log(
      `web.login_js_gzip_kb: ${jsKb.toFixed(1)} (budget ${BUDGET_JS_KB}: ${jsKb <= BUDGET_JS_KB ? 'within' : 'OVER'})`,
    );
    console.log(`web.login_css_gzip_kb: ${(sizes.css / 1024).toFixed(1)}`);

    // Sign in as the demo client, let the dashboard settle, then count the JS each route adds.
    await page.getByLabel('Mobile number').fill(DEMO.mobile);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    for (const route of ROUTES) {
      const before = sizes.js;
      // Client-side navigation, as a tap on the tab does (a reload would load the shell again).
      await page.evaluate(
        `window.history.pushState({}, '', ${JSON.stringify(route)}); window.dispatchEvent(new PopStateEvent('popstate'));`,
      );
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      await Promise.all(pending);
      const kb = (sizes.js - before) / 1024;
      console.log(
        `web.route_js_gzip_kb${route}: ${kb.toFixed(1)} (budget ${ROUTE_BUDGET_KB}: ${kb <= ROUTE_BUDGET_KB ? 'within' : 'OVER'})`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
