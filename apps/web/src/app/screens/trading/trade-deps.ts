import type { TradeDeps } from '@/features/invest/components/place-order';
import { portfolioKeys } from '@/features/portfolio/api/keys';
import { walletKeys } from '@/features/wallet/api/keys';
import { askForPin } from '@/features/wallet/components/verify-pin-modal';
import { queryClient } from '../../query-client';

/**
 * What the invest feature's order flows need from elsewhere (a feature never imports another):
 * the wallet's Verify Your PIN modal, and after an order the portfolio lists and the balances
 * refreshed.
 */
export const tradeDeps: TradeDeps = {
  askForPin,
  onOrderPlaced: () => {
    void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  },
};
