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

// ---------- Each product in its own units (issue 24 point 2) ----------

/**
 * The demo structured product on SA40 at 67,384.68 points, ZAR 1,000 – 500,000 per client, as the
 * trading list sends it (its limits in min/max_quantity, no `structured` terms).
 */
const QUANT: Offering = {
  ...IPO,
  id: 21,
  dtype: 'quant',
  name: 'Top 40 Protected Growth Note',
  symbol: 'SA40',
  instrument_name: 'FTSE/JSE Top 40',
  quote_unit: 'points',
  min_quantity: '1000',
  max_quantity: '500000',
  allocation_rule: null,
  last_price: '67384.68',
  ipo_offer: undefined,
};

describe('OfferingCard for a structured product', () => {
  it("shows the underlying's level in points and the limits as amounts, never a rand price or shares", () => {
    const text = terms(QUANT);
    expect(text).toContain('SA40 level67,384.68 pts');
    expect(text).toContain('MinimumZAR 1,000.00');
    expect(nbsp(screen.getByTestId('offering-limits').textContent)).toBe(
      'ZAR 1,000.00 – ZAR 500,000.00 per client',
    );
    expect(text).not.toContain('Market price');
    expect(text).not.toContain('ZAR 673.84');
    expect(text).not.toMatch(/shares?\b/);
  });

  it('the compact (Dashboard hot deals) card too', () => {
    render(<OfferingCard offering={QUANT} onOpen={vi.fn()} compact />);
    const text = nbsp(screen.getByTestId('offering-card').textContent);
    expect(text).toContain('SA40 level67,384.68 pts');
    expect(text).not.toContain('ZAR 673.84');
  });
});

describe('OfferingCard for a fund and a stock deal', () => {
  it('a fund: benchmark, minimum and maximum as amounts; no shares, no index level as a price', () => {
    const text = terms({
      ...QUANT,
      dtype: 'fund',
      name: 'Imali Top 40 Index Fund',
      max_quantity: '1000000',
    });
    expect(text).toContain('BenchmarkSA40');
    expect(text).toContain('MinimumZAR 1,000.00');
    expect(text).toContain('Up to ZAR 1,000,000.00 per client');
    expect(nbsp(screen.getByTestId('offering-limits').textContent)).toBe('Up to ZAR 1,000,000.00 per client');
    expect(text).not.toMatch(/shares?\b|pts|Market price/);
  });

  it('a fixed-term (DD) deal: its price in rand, its limits in shares with one number format', () => {
    const text = terms({
      ...IPO,
      dtype: 'fo',
      name: 'Naspers 30-day DD',
      symbol: 'NPN',
      term_days: 30,
      min_quantity: '1',
      max_quantity: '100000',
      last_price: '598741',
      ipo_offer: undefined,
    });
    expect(text).toContain('Term30 days');
    expect(text).toContain('Market priceZAR 5,987.41');
    expect(text).toContain('1 share – 100,000 shares per client');
    expect(nbsp(screen.getByTestId('offering-limits').textContent)).toBe(
      '1 share – 100,000 shares per client',
    );
  });
});
