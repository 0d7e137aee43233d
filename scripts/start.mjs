// `npm start`: builds the web app when its sources are newer than the build, then runs the
// server (PGlite in DATA_DIR unless DATABASE_URL is set) in this process.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { register } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function webNeedsBuild() {
  if (!fs.existsSync(builtIndex)) return true;
  const built = fs.statSync(builtIndex).mtimeMs;
  const sources = ['src', 'index.html', 'public', 'vite.config.ts', '../../packages'].map((p) =>
    path.join(web, p),
  );
  return sources.some((p) => fs.existsSync(p) && newestMtime(p) > built);
}

if (process.env.SKIP_WEB_BUILD !== 'true' && webNeedsBuild()) {
  console.log('Building the web app…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}

register();
await import('../apps/api/src/server.ts');
