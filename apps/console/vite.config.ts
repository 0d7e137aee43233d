import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompressOutput } from './vite-precompress';

/** The ops app of the API (OPS_PORT, default PORT + 1) answers /ops; the console is served beside it. */
const opsTarget = process.env.IMALI_OPS_URL ?? 'http://127.0.0.1:8081';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressOutput()],
  server: {
    port: 5174,
    // Same origin in dev as in production: the session cookie and the Origin check both hold.
    proxy: { '/ops': { target: opsTarget, changeOrigin: false } },
  },
  // A desktop staff tool behind sign-in: one bundle is fine; the client app's budgets do not apply.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
});
