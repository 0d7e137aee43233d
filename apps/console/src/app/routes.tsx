import { Suspense, type ReactNode } from 'react';
import { Link, type RouteObject, useRouteError } from 'react-router';
import { Alert, Loading } from '../components/ui';
import { ApplicationsScreen } from '../features/applications/applications-screen';
import { ApprovalsScreen } from '../features/approvals/approvals-screen';
import { AuditScreen } from '../features/audit/audit-screen';
import { DepositsScreen } from '../features/deposits/deposits-screen';
import { LoginScreen } from '../features/auth/login-screen';
import { PayoutsScreen } from '../features/payouts/payouts-screen';
import { Client360Screen } from '../features/clients/client-360-screen';
import { ClientDashboardScreen } from '../features/clients/client-dashboard-screen';
import { ClientsScreen } from '../features/clients/clients-screen';
import { KycDetailScreen } from '../features/kyc/kyc-detail-screen';
import { KycQueueScreen } from '../features/kyc/kyc-queue-screen';
import { PlaceholderScreen } from '../features/placeholders/placeholder-screen';
import { ProductsScreen } from '../features/products/products-screen';
import { SessionsScreen } from '../features/staff/sessions-screen';
import { StaffScreen } from '../features/staff/staff-screen';
import { messageOf } from '../lib/api';
import { NAV, type NavItem } from './nav';
import { RequireSession } from './session';
import { RequirePermission, Shell } from './shell';
import { StartScreen } from './start-screen';

/** The screens built here; every other area of the navigation is a placeholder for now. */
const BUILT: Partial<Record<string, ReactNode>> = {
  '/applications': <ApplicationsScreen />,
  '/approvals': <ApprovalsScreen />,
  '/audit': <AuditScreen />,
  '/deposits': <DepositsScreen />,
  '/payouts': <PayoutsScreen />,
  '/products': <ProductsScreen />,
  '/clients': <ClientsScreen />,
  '/kyc': <KycQueueScreen />,
  '/staff': <StaffScreen />,
};

const areaRoute = (item: NavItem): RouteObject => ({
  path: item.path.slice(1),
  element: (
    <RequirePermission anyOf={item.anyOf}>
      {BUILT[item.path] ?? <PlaceholderScreen item={item} />}
    </RequirePermission>
  ),
});

function RouteError() {
  const error = useRouteError();
  return (
    <div className="p-6">
      <Alert>{messageOf(error)}</Alert>
      <Link to="/" className="mt-3 inline-block text-accent-700 underline">
        Back to the start
      </Link>
    </div>
  );
}

export const consoleRoutes: RouteObject[] = [
  { path: '/login', element: <LoginScreen /> },
  {
    path: '/',
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<Loading />}>
        <RequireSession>
          <Shell />
        </RequireSession>
      </Suspense>
    ),
    children: [
      { index: true, element: <StartScreen /> },
      ...NAV.map(areaRoute),
      {
        path: 'kyc/:submissionId',
        element: (
          <RequirePermission anyOf={['kyc.read']}>
            <KycDetailScreen />
          </RequirePermission>
        ),
      },
      {
        path: 'clients/:clientId',
        element: (
          <RequirePermission anyOf={['clients.read']}>
            <Client360Screen />
          </RequirePermission>
        ),
      },
      {
        path: 'clients/:clientId/dashboard',
        element: (
          <RequirePermission anyOf={['clients.view_as']}>
            <ClientDashboardScreen />
          </RequirePermission>
        ),
      },
      { path: 'sessions', element: <SessionsScreen /> },
      { path: '*', element: <Alert>There is no such page in the console.</Alert> },
    ],
  },
];
