import { OrderList } from '@/features/portfolio/components/order-list';
import { openReceipt } from '../trading/order-actions';

export default function PortfolioAwaitingTab() {
  return <OrderList list="awaiting" onOpen={openReceipt} />;
}
