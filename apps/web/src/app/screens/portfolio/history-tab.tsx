import { OrderList } from '@/features/portfolio/components/order-list';
import { openReceipt } from '../trading/order-actions';

export default function PortfolioHistoryTab() {
  return <OrderList list="history" onOpen={openReceipt} />;
}
