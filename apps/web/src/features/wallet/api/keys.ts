/** Query keys of the wallet feature; invalidate `walletKeys.all` after any money movement. */
export const walletKeys = {
  all: ['wallet'] as const,
  accounts: ['wallet', 'accounts'] as const,
  pairs: ['wallet', 'pairs'] as const,
  limits: ['wallet', 'limits'] as const,
  cards: ['wallet', 'cards'] as const,
  deposits: ['wallet', 'deposits'] as const,
  withdrawals: ['wallet', 'withdrawals'] as const,
  transfers: ['wallet', 'transfers'] as const,
};
