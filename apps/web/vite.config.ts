import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type ProxyOptions } from 'vite';

const apiTarget = process.env.IMALI_API_URL ?? 'http://127.0.0.1:8080';

// `/market` is both a page (the Market screen) and the stock-data API's prefix: in dev, a browser
// navigation (asks for HTML) gets the SPA, API calls go to the server.
const api: ProxyOptions = {
  target: apiTarget,
  bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    proxy: { '/api': { target: apiTarget }, '/market': api },
  },
  // Tree-shaking of unused contract schemas comes from `"sideEffects": false` in
  // packages/contract and packages/money (keeps the login route inside its 170 KB JS budget).
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
});
