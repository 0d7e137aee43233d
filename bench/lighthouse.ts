import { execSync } from 'node:child_process';
import os from 'node:os';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { DEMO } from '../apps/api/src/db/seed';
import { freePort, repoRoot, startServer, tempDir, type StartedServer } from './support';

/**
 * Issue 15, goal 1: Lighthouse's mobile performance score (its default: a mid-range phone on slow
 * 4G and a 4× slower CPU, simulated), median of RUNS runs per page, against the built app served
 * by `npm start` (PGlite, demo data). /login is measured signed out; the other pages signed in as
 * the demo client, each from a cold HTTP cache (Lighthouse clears it; the session in localStorage
 * stays).
 *
 * `LIGHTHOUSE_BASELINE_DIST=<a web build folder>` (e.g. a copy of apps/web/dist made before a
 * change) also measures that build, served by a second server, alternating run by run with the
 * current build so both see the same machine load. `LIGHTHOUSE_DIST=<a web build folder>` measures
 * that build as the current one instead of building apps/web/dist (which others may be serving);
 * `LIGHTHOUSE_PAGES=/dashboard,/portfolio/summary` measures only those pages;
 * `LIGHTHOUSE_DETAILS=true` also prints, per run, the LCP element, LCP's phases and the long tasks.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const DETAILS = process.env.LIGHTHOUSE_DETAILS === 'true';
const ALL_PAGES: { path: string; goal: number; before: string }[] = [
  // `before`: measured on 67561c0 (before issue 15's web work), alternating with it (bench/README.md).
  { path: '/login', goal: 95, before: '95 (CLS 0)' },
  { path: '/dashboard', goal: 90, before: '77–78 (CLS 0.10–0.11)' },
  { path: '/discover', goal: 90, before: '87–91 (CLS 0)' },
  { path: '/portfolio/summary', goal: 90, before: '82–84 (CLS 0)' },
];
const PAGES = ALL_PAGES.filter(({ path }) => !ONLY_PAGES || ONLY_PAGES.includes(path));
const CLS_GOAL = 0.05;

interface Run {
  score: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
}

interface Target {
  label: string;
  server: StartedServer;
  runs: Map<string, Run[]>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function serve(dist: string | undefined): Promise<StartedServer> {
  return startServer({
    DATA_DIR: tempDir('imali-bench-lh-'),
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    ...(dist ? { WEB_DIST_DIR: dist } : {}),
  });
}

async function signIn(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel('Mobile number').fill(DEMO.mobile);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard', { timeout: 30_000 });
  await page.close();
}

async function measure(targets: Target[]): Promise<void> {
  const port = await freePort();
  const context = await chromium.launchPersistentContext(tempDir('imali-bench-lh-profile-'), {
    executablePath: '/usr/bin/chromium',
    headless: false,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      `--remote-debugging-port=${port}`,
    ],
  });
  try {
    const audit = async (target: Target, path: string) => {
      const result = await lighthouse(`${target.server.url}${path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${path}`);
      if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
      if (!new URL(lhr.finalDisplayedUrl).pathname.endsWith(path)) {
        throw new Error(`${path} ended on ${lhr.finalDisplayedUrl}`);
      }
      const runs = target.runs.get(path) ?? [];
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      });
      target.runs.set(path, runs);
      if (DETAILS) console.log(`${target.label} ${path} ${runs.at(-1)!.score}: ${details(lhr)}`);
    };
    // A run that fails (Lighthouse sometimes loses the trace on a busy machine) is retried once.
    const auditWithRetry = (target: Target, path: string) =>
      audit(target, path).catch((error: unknown) => {
        console.log(`(retrying ${target.label} ${path}: ${(error as Error).message})`);
        return audit(target, path);
      });
    // Signed out first: /login with a stored session would redirect.
    for (const { path } of PAGES) {
      if (path !== '/login') continue;
      for (let i = 0; i < RUNS; i++) for (const target of targets) await auditWithRetry(target, path);
    }
    for (const target of targets) await signIn(context, target.server.url);
    for (const { path } of PAGES) {
      if (path === '/login') continue;
      for (let i = 0; i < RUNS; i++) for (const target of targets) await auditWithRetry(target, path);
    }
  } finally {
    await context.close();
  }
}

/** Where a run's time went: the LCP element and its phases, and the main thread's long tasks. */
function details(lhr: { audits: Record<string, { details?: unknown }> }): string {
  interface Table {
    items?: Array<{ items?: Array<Record<string, unknown>> } & Record<string, unknown>>;
  }
  const lcp = lhr.audits['largest-contentful-paint-element']?.details as Table | undefined;
  const element = (lcp?.items?.[0]?.items?.[0]?.node as { snippet?: string } | undefined)?.snippet;
  const phases = (lcp?.items?.[1]?.items ?? [])
    .map((p) => `${String(p.phase)} ${Math.round(Number(p.timing))}`)
    .join(', ');
  const tasks = ((lhr.audits['long-tasks']?.details as Table | undefined)?.items ?? [])
    .map(
      (t) =>
        `${Math.round(Number(t.duration))}@${Math.round(Number(t.startTime))} ${String(t.url).replace(/^.*\//, '')}`,
    )
    .join('; ');
  const work = ((lhr.audits['mainthread-work-breakdown']?.details as Table | undefined)?.items ?? [])
    .map((w) => `${String(w.groupLabel)} ${Math.round(Number(w.duration))}`)
    .join(', ');
  return `LCP ${element?.slice(0, 90) ?? '?'} [${phases}]; main thread (ms, 4× CPU): ${work}; long tasks (ms@start): ${tasks}`;
}

function describe(runs: Run[] | undefined): string {
  if (!runs?.length) return 'n/a';
  const score = median(runs.map((r) => r.score));
  return `${score} (runs ${runs.map((r) => r.score).join('/')}; CLS ${median(runs.map((r) => r.cls)).toFixed(3)}, LCP ${(median(runs.map((r) => r.lcpMs)) / 1000).toFixed(1)} s, TBT ${median(runs.map((r) => r.tbtMs)).toFixed(0)} ms)`;
}

export async function bench() {
  console.log(`load average at start: ${os.loadavg()[0]!.toFixed(2)}`);
  const currentDist = process.env.LIGHTHOUSE_DIST;
  if (!currentDist) execSync('npm run build -w apps/web', { cwd: repoRoot, stdio: 'ignore' });
  const baselineDist = process.env.LIGHTHOUSE_BASELINE_DIST;
  const targets: Target[] = [];
  try {
    if (baselineDist) targets.push({ label: 'baseline', server: await serve(baselineDist), runs: new Map() });
    targets.push({ label: 'current', server: await serve(currentDist), runs: new Map() });
    await measure(targets);
  } finally {
    for (const target of targets) await target.server.stop();
  }
  const current = targets.at(-1)!;
  const baseline = baselineDist ? targets[0] : undefined;
  for (const { path, goal, before } of PAGES) {
    const runs = current.runs.get(path) ?? [];
    const score = runs.length ? median(runs.map((r) => r.score)) : NaN;
    const cls = runs.length ? median(runs.map((r) => r.cls)) : NaN;
    const met = score >= goal && cls <= CLS_GOAL;
    console.log(
      `web.lighthouse_mobile${path}: ${describe(runs)} (goal ≥ ${goal}, CLS ≤ ${CLS_GOAL}: ${met ? 'met' : 'NOT met'}; ` +
        (baseline
          ? `baseline this run ${describe(baseline.runs.get(path))})`
          : `before issue 15: ${before})`),
    );
  }
  console.log(`load average at end: ${os.loadavg()[0]!.toFixed(2)}`);
}
