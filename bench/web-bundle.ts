import { execSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { repoRoot, startServer, tempDir } from './support';

const BUDGET_JS_KB = 170;

/** Gzip size of the JS and CSS a browser actually loads for /login (lazy chunks included). */
export async function bench() {
  execSync('npm run build -w apps/web', { cwd: repoRoot, stdio: 'ignore' });
  const server = await startServer({ DATA_DIR: tempDir('imali-bench-web-'), DATABASE_URL: '' });
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
  } finally {
    await browser.close();
    await server.stop();
  }
}
