import { portfolioKeys } from '@/features/portfolio/api/keys';
import { walletKeys } from '@/features/wallet/api/keys';
import { askForPin } from '@/features/wallet/components/verify-pin-modal';
import { accountsQueryKey } from '@/lib/accounts';
import type { OrderFlowDeps } from '@/lib/order-flow';
import { queryClient } from '../../query-client';

/**
 * What every product's order flow needs from elsewhere (a feature never imports another): the
 * wallet's Verify Your PIN modal, and after an order the portfolio lists, the balances and the
 * wallet's records refreshed.
 */
export const tradeDeps: OrderFlowDeps = {
  askForPin,
  onOrderPlaced: () => {
    void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
    void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  },
};
