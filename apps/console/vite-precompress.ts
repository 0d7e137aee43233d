import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the server may send compressed; images and fonts are compressed already. */
const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.map']);
/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * After the build, a `.br` and a `.gz` beside each text file of the output, at the best quality,
 * for the server to send as they are (@fastify/static `preCompressed`): the console pays the
 * compression once per build, never per request.
 */
export function precompressOutput(): Plugin {
  let outDir = '';
  return {
    name: 'imali-console-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true, withFileTypes: true });
      await Promise.all(
        files
          .filter((f) => f.isFile() && TEXT.has(path.extname(f.name)))
          .map(async (f) => {
            const file = path.join(f.parentPath, f.name);
            const bytes = await readFile(file);
            if (bytes.length < MIN_BYTES) return;
            const [br, gzipped] = await Promise.all([
              brotli(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          }),
      );
    },
  };
}
