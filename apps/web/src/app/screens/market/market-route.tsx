import { useOutlet } from 'react-router';
import MarketScreen from '@/features/market/components/market-screen';

/** /market: the Market screen, or one of its child views (/market/ranking) in its place. */
export default function MarketRoute() {
  const outlet = useOutlet();
  return outlet ?? <MarketScreen />;
}
