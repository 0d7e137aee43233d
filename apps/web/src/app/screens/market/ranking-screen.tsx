import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_COUNTRY } from '@imali/money';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { Movers } from '@/features/market/components/market-screen';
import { CountryPicker } from '@/features/invest/components/country-picker';
import { PageHeader } from '../page-header';

/** /market/ranking: the movers (gainers, losers, most active) of a country's market, as a view of its own. */
export default function RankingScreen() {
  const [country, setCountry] = useState<string>(DEFAULT_COUNTRY);
  return (
    <div>
      <Link
        to="/market"
        className="mb-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-600 hover:text-brand-700"
      >
        <ChevronLeftIcon size={16} /> Market
      </Link>
      <PageHeader
        title="Ranking"
        description="Today's biggest gainers and losers and the most active stocks."
      />
      <CountryPicker value={country} onChange={setCountry} label="Market" layout="chips" className="mb-4" />
      <Movers key={country} country={country} />
    </div>
  );
}
