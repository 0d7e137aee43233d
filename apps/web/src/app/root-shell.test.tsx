// @vitest-environment happy-dom
import { act } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOrOffline } from '@/lib/http';
import { RouteErrorBoundary } from './root-shell';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A screen whose code cannot be fetched (as a dynamic import fails without a network). */
const unreachableScreen = () =>
  loadOrOffline<{ default: () => null }>(() =>
    Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
  );

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        Component: Outlet,
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { path: '/', Component: () => <h1>Home</h1> },
          { path: '/portfolio', lazy: async () => ({ Component: (await unreachableScreen()).default }) },
          { path: '/error', Component: () => <h1>You appear to be offline</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('route errors', () => {
  it("offline, a screen's code that cannot load replaces the route with /error (spec sections 2 and 8)", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const router = renderApp();
    await act(() => router.navigate('/portfolio'));
    await screen.findByRole('heading', { name: 'You appear to be offline' });
    expect(router.state.location.pathname).toBe('/error');
    // Replaced, not pushed: Back does not return to the failed route.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('online, the same failure offers a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderApp();
    await act(() => router.navigate('/portfolio'));
    await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(router.state.location.pathname).toBe('/portfolio');
  });
});

describe('loadOrOffline', () => {
  it("rejects with 'Offline' when the browser is offline, and with the original error otherwise", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(unreachableScreen()).rejects.toMatchObject({ message: 'Offline', code: 'OFFLINE' });
    vi.restoreAllMocks();
    await expect(unreachableScreen()).rejects.toBeInstanceOf(TypeError);
  });
});
