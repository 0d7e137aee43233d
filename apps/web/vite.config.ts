import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { STOCK_DATA_BASE } from '../../packages/contract/src/constants';

const apiTarget = process.env.IMALI_API_URL ?? 'http://127.0.0.1:8080';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest
 * quality, once: the server sends them as they are (@fastify/static `preCompressed`), about a
 * third of the bytes over a phone connection and no compression work per request.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt)$/;
  let outDir = 'dist';
  return {
    name: 'imali-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir).filter((f) => compressible.test(f))) {
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    // The product API and the stock-data API's own base (decision 0043): no client route is under either.
    proxy: { '/api': { target: apiTarget }, [STOCK_DATA_BASE]: { target: apiTarget } },
  },
  // Tree-shaking of unused contract schemas comes from `"sideEffects": false` in
  // packages/contract and packages/money (keeps the login route inside its JS budget: 120 KB on the wire, decision 0039).
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
});
