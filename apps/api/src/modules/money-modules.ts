import type { AppInstance } from '../lib/app-instance';
import { accountRoutes } from './accounts/accounts.routes';
import { bankCardRoutes } from './bankcards/bankcards.routes';
import { depositRoutes } from './deposits/deposits.routes';
import { fxRoutes } from './fx/fx.routes';
import { withdrawalRoutes } from './withdrawals/withdrawals.routes';

/** Money modules (issue 3): accounts, cards, deposits, withdrawals, transfers. Under /api. */
export async function moneyModules(app: AppInstance) {
  await app.register(accountRoutes);
  await app.register(fxRoutes);
  await app.register(bankCardRoutes);
  await app.register(depositRoutes);
  await app.register(withdrawalRoutes);
}
