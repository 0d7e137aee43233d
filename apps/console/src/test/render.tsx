import type { StaffMe, StaffRole } from '@imali/contract';
import { permissionsOf } from '@imali/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../app/query-client';
import { consoleRoutes } from '../app/routes';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A signed-in staff user of these roles, as GET /auth/me answers. */
export function staffMe(roles: StaffRole[], overrides: Partial<StaffMe> = {}): StaffMe {
  return {
    id: 1,
    email: 'thandi@imali.test',
    displayName: 'Thandi Nkosi',
    roles,
    permissions: permissionsOf(roles),
    sessionExpiresAt: new Date(Date.now() + 10 * 3600_000).toISOString(),
    passkeys: 0,
    ...overrides,
  };
}

/** The whole console (routes, session guard, shell) at `path`, with a fresh query client. */
export function renderConsole(path: string) {
  const router = createMemoryRouter(consoleRoutes, { initialEntries: [path] });
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}
