import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * lightweight-charts ships minified code whose canvas-clearing helper is called `z`; the
 * `manualPureFunctions: ['z']` below would drop its calls (charts then never clear and smear on
 * every redraw). Renames that one helper in that one file (4 calls, 1 declaration, no shadowing).
 */
const keepChartCanvasClearing: Plugin = {
  name: 'imali:lightweight-charts-canvas-clearing',
  transform(code, id) {
    if (!id.includes('lightweight-charts.production')) return null;
    return { code: code.replace(/(?<![\w$.])z\(/g, 'lwcClearRect('), map: null };
  },
};

const apiTarget = process.env.IMALI_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), keepChartCanvasClearing],
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
