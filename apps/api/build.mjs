// Compiles the API for `npm start` (decision 0037): one ES module, dist/server.mjs, that plain
// `node` runs. esbuild bundles our TypeScript (apps/api/src and the workspace packages, which
// ship TypeScript) and drizzle-orm; other packages stay imports from node_modules.
// `npm run build -w apps/api`, or scripts/start.mjs when the sources are newer than the build.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const apiDir = import.meta.dirname;
const srcDir = path.join(apiDir, 'src');
export const outFile = path.join(apiDir, 'dist/server.mjs');

/**
 * Bundled besides our code: the workspace packages (TypeScript sources) and drizzle-orm, pure ES
 * modules whose ~450 files Node would otherwise resolve and read one by one at every start.
 * Every other bare import stays external: native addons, packages that read files beside
 * themselves (PGlite's WASM, the docs UI), and zod, which fastify-type-provider-zod shares.
 */
const BUNDLED = /^(@imali\/|drizzle-orm(\/|$))/;
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * `import.meta.dirname` in a source file means that file's folder (db/migrate.ts finds its SQL
 * files by it, config/env.ts the repository root); in the bundle it would be dist/. Each use is
 * rewritten to the source folder, relative to the bundle, so files are still read from there.
 */
const sourceDirname = {
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
};

export async function buildApi() {
  const result = await build({
    entryPoints: [path.join(srcDir, 'server.ts')],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages, sourceDirname],
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
  const started = performance.now();
  await buildApi();
  console.log(
    `Built ${path.relative(process.cwd(), outFile)} in ${Math.round(performance.now() - started)} ms`,
  );
}
