// Compiles the API for `npm start` (decision 0037): one ES module, dist/server.mjs, that plain
// `node` runs, and the operator CLI for `npm run ops` likewise (dist/ops.mjs). esbuild bundles our TypeScript (apps/api/src and the workspace packages, which
// ship TypeScript) with the packages it uses, but for the few listed in EXTERNAL below.
// `npm run build -w apps/api` (`--outfile <path>` for another place), or scripts/start.mjs and
// scripts/ops.mjs when the sources are newer than the build.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const apiDir = import.meta.dirname;
const srcDir = path.join(apiDir, 'src');
export const defaultOutFile = path.join(apiDir, 'dist/server.mjs');
/** The operator CLI (`npm run ops`, scripts/ops.mjs), bundled the same way. */
export const opsOutFile = path.join(apiDir, 'dist/ops.mjs');

/**
 * Packages that stay imports from node_modules; every other one is bundled. Node would otherwise
 * resolve, read and compile some 900 files one by one at every start (Fastify's CommonJS tree,
 * zod, drizzle-orm, pg, ioredis). Kept out: native addons (sharp, argon2), packages that read
 * files beside themselves (PGlite's WASM and data, the docs UI's static files) and pino with its
 * transports, which run files of their own in worker threads (pino-pretty in development).
 */
const EXTERNAL =
  /^(@electric-sql\/pglite|sharp|@node-rs\/argon2|@fastify\/swagger-ui|pino|pino-pretty|pino-abstract-transport|thread-stream|sonic-boom|pg-native|pg-cloudflare)(\/|$)/;
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      EXTERNAL.test(args.path) || args.path.startsWith('node:')
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

/**
 * Bundled CommonJS packages `require` node's modules and the external packages above, and two
 * name their own folder (`__dirname`: ioredis to trim error stacks, @fastify/swagger to find its
 * package.json, both optional). An ES module has neither: the bundle defines them.
 */
const commonJsGlobals = [
  "import { createRequire as __imaliCreateRequire } from 'node:module';",
  'const require = __imaliCreateRequire(import.meta.url);',
  'const __filename = import.meta.filename;',
  'const __dirname = import.meta.dirname;',
].join('\n');

/**
 * `import.meta.dirname` in a source file means that file's folder (db/migrate.ts finds its SQL
 * files by it, config/env.ts the repository root); in the bundle it would be dist/. Each use is
 * rewritten to the source folder, relative to the bundle, so files are still read from there.
 */
const sourceDirname = (outFile) => ({
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (!args.path.startsWith(srcDir + path.sep)) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const relative = path
        .relative(path.dirname(outFile), path.dirname(args.path))
        .split(path.sep)
        .join('/');
      return {
        contents: text.replaceAll(
          'import.meta.dirname',
          `(import.meta.dirname + ${JSON.stringify(`/${relative}`)})`,
        ),
        loader: 'ts',
      };
    });
  },
});

/** Bundles `entry` (a file under src/: the server, or cli/ops.ts) into `outFile`. */
export async function buildApi(outFile = defaultOutFile, entry = 'server.ts') {
  const result = await build({
    entryPoints: [path.join(srcDir, entry)],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    banner: { js: commonJsGlobals },
    logLevel: 'warning',
    plugins: [externalPackages, sourceDirname(outFile)],
    // Written below: each file goes to a temporary name and is renamed, so a server starting
    // while another process builds never loads half a file.
    write: false,
  });
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  // The source map first: the bundle's mtime is what scripts/start.mjs compares.
  const files = [...result.outputFiles].sort(
    (a, b) => Number(a.path === outFile) - Number(b.path === outFile),
  );
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `--outfile <path>`: the server only, elsewhere than dist/ (a bench's own build beside a
  // running server). `--ops`: the CLI only. Neither: both, at once.
  const outFlag = process.argv.indexOf('--outfile');
  const targets =
    outFlag > 0
      ? [[path.resolve(process.argv[outFlag + 1]), 'server.ts']]
      : process.argv.includes('--ops')
        ? [[opsOutFile, 'cli/ops.ts']]
        : [
            [defaultOutFile, 'server.ts'],
            [opsOutFile, 'cli/ops.ts'],
          ];
  const started = performance.now();
  await Promise.all(targets.map(([outFile, entry]) => buildApi(outFile, entry)));
  const names = targets.map(([outFile]) => path.relative(process.cwd(), outFile)).join(' and ');
  console.log(`Built ${names} in ${Math.round(performance.now() - started)} ms`);
}
