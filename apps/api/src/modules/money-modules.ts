import type { AppInstance } from '../lib/app-instance';
import { accountRoutes } from './accounts/accounts.routes';
import { bankCardRoutes } from './bankcards/bankcards.routes';
import { depositRoutes } from './deposits/deposits.routes';
import { fxRoutes } from './fx/fx.routes';
import { withdrawalRoutes } from './withdrawals/withdrawals.routes';
import { provideProfileAccounts } from './client/client.service';
import { clientAccounts, toAccountView } from './ledger/ledger.service';

/** Money modules (issue 3): accounts, cards, deposits, withdrawals, transfers. Under /api. */
export async function moneyModules(app: AppInstance) {
  // The profile's `accounts` (spec section 3) are the client's cash accounts.
  provideProfileAccounts(async (ctx, clientId) => (await clientAccounts(ctx, clientId)).map(toAccountView));
  await app.register(accountRoutes);
  await app.register(fxRoutes);
  await app.register(bankCardRoutes);
  await app.register(depositRoutes);
  await app.register(withdrawalRoutes);
}
