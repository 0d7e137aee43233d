// @vitest-environment happy-dom
// A screen's first requests start with its code (decision 0039), but only once the route guard
// would let the client see the screen: a client still in KYC going to /dashboard made the
// dashboard's three /stat requests (3 × 403 in the console) on the way to /kyc (issue 24, point 10).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KycStatus, MenuEntry } from '@imali/contract';
import { authStorage } from '@/lib/auth-storage';

const prefetchDashboard = vi.fn();
vi.mock('./registry/screen-data', () => ({ screenData: { dashboard: prefetchDashboard } }));
vi.mock('./registry/screens', () => ({
  screenRegistry: { dashboard: async () => ({ default: () => null }) },
}));

let kycStatus: KycStatus = 'approved';
const client = {
  ensureQueryData: vi.fn(async () => ({ kycStatus })),
};
vi.mock('./query-provider', () => ({ loadQueryClient: async () => client }));

const { menuToRoutes, prefetchScreenDataFor } = await import('./menu');

const DASHBOARD: MenuEntry = {
  path: '/dashboard',
  name: 'Dashboard',
  component: 'dashboard',
  meta: { title: 'Home', icon: 'home' },
};

/** Lets the promise chains of a prefetch settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function runRouteLoader(url: string) {
  const [route] = menuToRoutes([DASHBOARD]);
  const loader = route!.loader as (args: { request: Request; params: object }) => unknown;
  return loader({ request: new Request(url), params: {} });
}

beforeEach(() => {
  authStorage.setToken('refresh-token');
});
afterEach(() => {
  authStorage.clear();
  vi.clearAllMocks();
});

describe("a screen's first requests wait for the guard", () => {
  it('an approved client: the dashboard route starts its requests, and returns at once', async () => {
    kycStatus = 'approved';
    expect(runRouteLoader('http://localhost/dashboard')).toBeNull();
    await settle();
    expect(prefetchDashboard).toHaveBeenCalledTimes(1);
    prefetchScreenDataFor(new URL('http://localhost/dashboard'));
    await settle();
    expect(prefetchDashboard).toHaveBeenCalledTimes(2);
  });

  it.each(['unverified', 'pending', 'rejected'] as const)(
    'a client whose KYC is %s: no request the guard would not allow',
    async (status) => {
      kycStatus = status;
      runRouteLoader('http://localhost/dashboard');
      prefetchScreenDataFor(new URL('http://localhost/dashboard'));
      await settle();
      expect(client.ensureQueryData).toHaveBeenCalled();
      expect(prefetchDashboard).not.toHaveBeenCalled();
    },
  );

  it('signed out (the token gone): nothing', async () => {
    kycStatus = 'approved';
    authStorage.clear();
    runRouteLoader('http://localhost/dashboard');
    await settle();
    expect(prefetchDashboard).not.toHaveBeenCalled();
  });
});
