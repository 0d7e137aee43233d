import { bottomDrawer } from '@/components/ui/bottom-drawer';
import { loadOrOffline } from '@/lib/http';
import type { StockKey } from '../model/quotes';

/** Opens the Stock Detail drawer (100vh) titled with the stock's name. */
export function openStock(stock: StockKey & { name: string }): void {
  bottomDrawer.open(
    'stock',
    { symbol: stock.symbol, market: stock.market, country: stock.country },
    { title: stock.name },
  );
}

/** Opens a stock known only by symbol (news tags): its market and name come from search. */
export async function openStockBySymbol(symbol: string, country: string): Promise<boolean> {
  const { searchStocks } = await loadOrOffline(() => import('../api/search'));
  const hits = await searchStocks(symbol, AbortSignal.timeout(10_000));
  const hit = hits.find((h) => h.symbol === symbol.toUpperCase() && h.country === country) ?? hits[0];
  if (!hit) return false;
  openStock(hit);
  return true;
}
