// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Offering } from '@imali/contract';
import { OfferingCard } from './offering-card';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

const IPO: Offering = {
  id: 12,
  dtype: 'ipo',
  name: 'Ubuntu Renewables IPO',
  symbol: 'UBNTR',
  instrument_name: 'Ubuntu Renewables Ltd',
  market: 'JSE',
  country: 'ZA',
  currency: 'ZAR',
  quote_unit: 'ZAc',
  status: 'open',
  opens_at: '2026-11-20T07:00:00.000Z',
  closes_at: '2026-12-20T15:00:00.000Z',
  min_quantity: '10',
  max_quantity: '500',
  hot: false,
  term_days: null,
  block_price: null,
  block_size: null,
  requested_quantity: null,
  allocation_rule: 'pro_rata',
  last_price: '2200',
  key_facts: [],
  ipo_offer: { price_low: '1800', price_high: '2200', final_price: null, lot_size: 10, listed: false },
};

/** The card's terms as label → value. */
function terms(offering: Offering) {
  render(<OfferingCard offering={offering} onOpen={vi.fn()} />);
  const card = screen.getByTestId('offering-card');
  return nbsp(card.textContent);
}

afterEach(cleanup);

describe('OfferingCard for an IPO', () => {
  it('shows the price range and the lot before a final price, never a market price', () => {
    const text = terms(IPO);
    expect(text).toContain('Price rangeZAR 18.00 – ZAR 22.00');
    expect(text).toContain('Lot10 shares');
    expect(text).not.toContain('Market price');
  });

  it('shows the final price once set, and the fixed price of a fixed-price offer', () => {
    expect(terms({ ...IPO, ipo_offer: { ...IPO.ipo_offer!, final_price: '1950' } })).toContain(
      'Offer priceZAR 19.50',
    );
    cleanup();
    expect(terms({ ...IPO, ipo_offer: { ...IPO.ipo_offer!, price_low: '2200' } })).toContain(
      'Offer priceZAR 22.00',
    );
  });

  it('shows the market price once listed', () => {
    expect(terms({ ...IPO, last_price: '2410', ipo_offer: { ...IPO.ipo_offer!, listed: true } })).toContain(
      'Market priceZAR 24.10',
    );
  });
});
