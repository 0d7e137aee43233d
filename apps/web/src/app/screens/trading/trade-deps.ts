import { portfolioKeys } from '@/features/portfolio/api/keys';
import { walletKeys } from '@/features/wallet/api/keys';
import { askForPin } from '@/features/wallet/components/verify-pin-modal';
import { accountsQueryKey } from '@/lib/accounts';
import type { OrderFlowDeps } from '@/lib/order-flow';
import { queryClient } from '../../query-client';

/**
 * What every product's order flow needs from elsewhere (a feature never imports another): the
 * wallet's Verify Your PIN modal, and after an order the portfolio lists, the balances and the
 * wallet's records refreshed (the portfolio also when the fees changed since a receipt's figures).
 */
export const tradeDeps: OrderFlowDeps = {
  askForPin,
  onOrderPlaced: () => {
    void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
    void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  },
  // A receipt's figures (an IPO's "held if reconfirmed") priced with fees no longer in force.
  refreshOrders: () => {
    void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
  },
};
