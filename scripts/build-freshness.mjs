// Whether a build is older than its sources: `npm start` (scripts/start.mjs) and `npm run ops`
// (scripts/ops.mjs) rebuild what changed since, and run the compiled JavaScript (decision 0037).
import fs from 'node:fs';
import path from 'node:path';

const api = path.resolve(import.meta.dirname, '../apps/api');

/** What the API's bundles (dist/server.mjs, dist/ops.mjs) are built from. */
export const apiSources = ['src', 'build.mjs', 'package.json', '../../packages'].map((p) =>
  path.join(api, p),
);

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when `output` is missing or a file under `sources` changed after it was written. */
export function needsBuild(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((p) => fs.existsSync(p) && newestMtime(p) > built);
}
