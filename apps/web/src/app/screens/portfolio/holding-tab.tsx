import { Link } from 'react-router';
import { OrderList } from '@/features/portfolio/components/order-list';
import { openReceipt, SellButton } from '../trading/order-actions';

export default function PortfolioHoldingTab() {
  return (
    <OrderList
      list="holding"
      onOpen={openReceipt}
      renderAction={(order) => <SellButton order={order} />}
      emptyAction={<DiscoverLink />}
    />
  );
}

export function DiscoverLink() {
  return (
    <Link
      to="/discover"
      className="inline-flex h-10 items-center rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
    >
      Discover investments
    </Link>
  );
}
