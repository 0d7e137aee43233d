/** Query keys of the portfolio feature; invalidate `portfolioKeys.all` after any order. */
export const portfolioKeys = {
  all: ['portfolio'] as const,
  orders: ['portfolio', 'orders'] as const,
  list: (list: string, dtype: string) => ['portfolio', 'orders', list, dtype] as const,
  receipt: (id: number) => ['portfolio', 'receipt', id] as const,
};
