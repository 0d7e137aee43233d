// `npm run ops -- <command>`: the operator CLI (apps/api/src/cli/ops.ts), run as the compiled
// apps/api/dist/ops.mjs, built first when its sources are newer (as `npm start` does the server,
// decision 0037). Through tsx every command paid ~3 s of CPU compiling TypeScript; the bundle
// starts in well under one.
import { execFileSync } from 'node:child_process';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiSources, needsBuild } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const api = path.join(root, 'apps/api');
const builtCli = path.join(api, 'dist/ops.mjs');

if (needsBuild(builtCli, apiSources)) {
  // On stderr: stdout is the command's answer, which scripts read.
  execFileSync(process.execPath, [path.join(api, 'build.mjs'), '--ops'], {
    cwd: root,
    stdio: ['ignore', 2, 'inherit'],
  });
}
module.enableCompileCache?.(
  process.env.NODE_COMPILE_CACHE ?? path.join(root, 'node_modules/.cache/imali-compile-cache'),
);
await import(pathToFileURL(builtCli).href);
