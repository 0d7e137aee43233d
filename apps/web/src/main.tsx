import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { LoaderHost } from './components/ui/loader';
import { ToastHost } from './components/ui/toast';
import { QueryProvider } from './app/query-provider';
import { createAppRouter } from './app/router';
import { wireHttpClient } from './app/session-wiring';
import './index.css';

// A screen chunk that fails to load (e.g. after a deploy) raises 'vite:preloadError'; it is
// logged here and rethrown by Vite, so the route error page offers a reload.
window.addEventListener('vite:preloadError', (event) => {
  console.error('Failed to load part of the app', event);
});

const router = createAppRouter();
wireHttpClient(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryProvider>
      <RouterProvider router={router} />
      {/* Outside the router so a toast shows even while the first route is still loading. */}
      <ToastHost />
      <LoaderHost />
    </QueryProvider>
  </StrictMode>,
);
