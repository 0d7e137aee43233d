// `npm start` (and `npm run demo`): builds the web app, the operator console and the API when their sources are newer
// than their builds, then runs the compiled server (apps/api/dist/server.mjs; PGlite in DATA_DIR
// unless DATABASE_URL is set) in this process, as plain JavaScript (decision 0037).
import { execFileSync, execSync } from 'node:child_process';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiSources, needsBuild } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');
const api = path.join(root, 'apps/api');
const consoleApp = path.join(root, 'apps/console');
// API_BUNDLE: another bundle than dist/server.mjs (the benches build their own, so a running
// server's bundle is never rewritten under it).
const builtServer = process.env.API_BUNDLE
  ? path.resolve(process.env.API_BUNDLE)
  : path.join(api, 'dist/server.mjs');

const webNeedsBuild = () =>
  needsBuild(
    builtIndex,
    ['src', 'index.html', 'public', 'vite.config.ts', '../../packages'].map((p) => path.join(web, p)),
  );
const apiNeedsBuild = () => needsBuild(builtServer, apiSources);

if (process.env.SKIP_WEB_BUILD !== 'true' && webNeedsBuild()) {
  console.log('Building the web app…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}

// The operator console (decision 0060), served by the ops app at / of OPS_PORT.
const consoleNeedsBuild = () =>
  needsBuild(
    path.join(consoleApp, 'dist/index.html'),
    ['src', 'index.html', 'vite.config.ts', 'vite-precompress.ts', '../../packages'].map((p) =>
      path.join(consoleApp, p),
    ),
  );
if (process.env.SKIP_WEB_BUILD !== 'true' && consoleNeedsBuild()) {
  console.log('Building the operator console…');
  execSync('npm run build -w apps/console', { cwd: root, stdio: 'inherit' });
}

if (apiNeedsBuild()) {
  console.log('Building the API…');
  execFileSync(process.execPath, [path.join(api, 'build.mjs'), '--outfile', builtServer], {
    cwd: root,
    stdio: 'inherit',
  });
}

// Node's on-disk compile cache (V8 code cache per file, keyed by the file's content): the next
// start skips parsing and compiling what it loads. A file that changed is compiled again; a
// cache that cannot be written costs nothing. NODE_COMPILE_CACHE, when set, wins.
module.enableCompileCache?.(
  process.env.NODE_COMPILE_CACHE ?? path.join(root, 'node_modules/.cache/imali-compile-cache'),
);

// `npm run demo`: the same start with the app clock moved into the JSE's most recent trading
// session (DEMO_CLOCK; its own data folder, .data-demo), so the market is open on a weekend.
if (process.argv.includes('--demo')) process.env.DEMO_CLOCK = 'true';

// dist/server.mjs.map is not loaded by default (parsing it costs a start ~75 ms);
// `NODE_OPTIONS=--enable-source-maps npm start` makes stack traces name the TypeScript sources.
await import(pathToFileURL(builtServer).href);
// The server is listening (its module's top-level await ends there): write what the start
// compiled now rather than at exit, which a killed process never reaches.
module.flushCompileCache?.();
