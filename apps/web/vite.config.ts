import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiTarget = process.env.IMALI_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    proxy: { '/api': apiTarget, '/market': apiTarget },
  },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The contract builds zod schemas at module top level; marking `z` pure lets the bundler
      // drop the schemas a chunk never uses (keeps the login route inside its JS budget).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
