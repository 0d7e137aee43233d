import type { StockBuyPanelProps } from '@/features/market/components/stock-detail-drawer';
import StockBuyPanel from '@/features/invest/components/stock-buy-panel';
import { tradeDeps } from './trade-deps';

export default function StockBuy(props: StockBuyPanelProps) {
  return <StockBuyPanel {...props} {...tradeDeps} />;
}
