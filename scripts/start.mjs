// `npm start`: builds the web app and the API when their sources are newer than their builds,
// then runs the compiled server (apps/api/dist/server.mjs; PGlite in DATA_DIR unless
// DATABASE_URL is set) in this process, as plain JavaScript (decision 0037).
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');
const api = path.join(root, 'apps/api');
const builtServer = path.join(api, 'dist/server.mjs');

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function needsBuild(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((p) => fs.existsSync(p) && newestMtime(p) > built);
}

const webNeedsBuild = () =>
  needsBuild(
    builtIndex,
    ['src', 'index.html', 'public', 'vite.config.ts', '../../packages'].map((p) => path.join(web, p)),
  );
const apiNeedsBuild = () =>
  needsBuild(
    builtServer,
    ['src', 'build.mjs', 'package.json', '../../packages'].map((p) => path.join(api, p)),
  );

if (process.env.SKIP_WEB_BUILD !== 'true' && webNeedsBuild()) {
  console.log('Building the web app…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}

if (apiNeedsBuild()) {
  console.log('Building the API…');
  execFileSync(process.execPath, [path.join(api, 'build.mjs')], { cwd: root, stdio: 'inherit' });
}

// dist/server.mjs.map is not loaded by default (parsing it costs a start ~75 ms);
// `NODE_OPTIONS=--enable-source-maps npm start` makes stack traces name the TypeScript sources.
await import(pathToFileURL(builtServer).href);
