import { TabsLayout } from '../tabs-layout';

export default function PortfolioScreen() {
  return (
    <TabsLayout
      title="Portfolio"
      description="Your positions, pending orders and trading history."
      tabs={[
        { to: '/portfolio/summary', label: 'Summary' },
        { to: '/portfolio/holding', label: 'Holding' },
        { to: '/portfolio/awaiting', label: 'Awaiting' },
        { to: '/portfolio/history', label: 'History' },
      ]}
    />
  );
}
