import type { ProductRegistry } from '../../modules/orders/product';
import type { AppContext } from '../../lib/context';
import { applicationCommands } from './applications';
import { approvalCommands } from './approvals';
import { auditCommands } from './audit';
import { exchangeCommands } from './exchange';
import { identityCommands } from './identity';
import { jobsCommands } from './jobs';
import { marketCommands } from './market';
import { moneyCommands } from './money';
import { tradingCommands } from './trading';
import type { OpsCommand } from './types';

/**
 * Every ops command: the areas' own, and each product's operator actions as its definition in
 * the app's wiring lists them (decision 0048), once each (fo and otc share the offerings' actions).
 */
export function opsCommandsOf(products: ProductRegistry<AppContext>): OpsCommand[] {
  const productActions = new Set(Object.values(products).flatMap((p) => p.operatorActions));
  return [
    ...identityCommands,
    ...moneyCommands,
    ...marketCommands,
    ...exchangeCommands,
    ...productActions,
    ...tradingCommands,
    ...applicationCommands,
    ...jobsCommands,
    ...auditCommands,
    ...approvalCommands,
  ];
}
export type { OpsCommand, OpsArgs } from './types';
