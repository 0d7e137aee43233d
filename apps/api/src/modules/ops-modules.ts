import type { AppInstance } from '../lib/app-instance';
import { applicationsStaffRoutes } from './applications/applications.staff-routes';
import { approvalsStaffRoutes } from './approvals/approvals.staff-routes';
import { policyChangeStaffRoutes } from './approvals/policy-change.staff-routes';
import { auditStaffRoutes } from './audit/audit.staff-routes';
import { clientStaffRoutes } from './client/client.staff-routes';
import { depositsStaffRoutes } from './deposits/deposits.staff-routes';
import { fundsStaffRoutes } from './funds/funds.staff-routes';
import { fxStaffRoutes } from './fx/fx.staff-routes';
import { ipoStaffRoutes } from './ipo/ipo.staff-routes';
import { kycStaffRoutes } from './kyc/kyc.staff-routes';
import { ledgerStaffRoutes } from './ledger/ledger.staff-routes';
import { marketStaffRoutes } from './market/market.staff-routes';
import { limitsStaffRoutes } from './limits/limits.staff-routes';
import { feesStaffRoutes } from './fees/fees.staff-routes';
import { offeringsStaffRoutes } from './offerings/offerings.staff-routes';
import { opsRoutes } from './ops/ops.routes';
import { quantStaffRoutes } from './quant/quant.staff-routes';
import { reconciliationStaffRoutes } from './reconciliation/reconciliation.staff-routes';
import { staffStaffRoutes } from './staff/staff.staff-routes';
import { withdrawalsStaffRoutes } from './withdrawals/withdrawals.staff-routes';

/**
 * The staff API under /ops, on the ops app (app.ts buildOpsApp: its own port and origin). Each
 * module's staff routes (`<m>.staff-routes.ts`) are listed here; `ops.routes.ts` keeps the
 * operator token's routes until the CLI signs in as a staff user.
 */
export async function opsModules(app: AppInstance) {
  await app.register(opsRoutes);
  await app.register(staffStaffRoutes);
  await app.register(kycStaffRoutes);
  await app.register(clientStaffRoutes);
  await app.register(approvalsStaffRoutes);
  await app.register(policyChangeStaffRoutes);
  await app.register(withdrawalsStaffRoutes);
  await app.register(depositsStaffRoutes);
  await app.register(reconciliationStaffRoutes);
  await app.register(auditStaffRoutes);
  await app.register(applicationsStaffRoutes);
  await app.register(ledgerStaffRoutes);
  await app.register(ipoStaffRoutes);
  await app.register(fundsStaffRoutes);
  await app.register(quantStaffRoutes);
  await app.register(offeringsStaffRoutes);
  await app.register(fxStaffRoutes);
  await app.register(marketStaffRoutes);
  await app.register(limitsStaffRoutes);
  await app.register(feesStaffRoutes);
}
