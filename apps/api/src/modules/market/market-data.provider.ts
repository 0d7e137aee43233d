import type { CandleInterval } from '@imali/contract';
import {
  ticksToPrice,
  type MarketSimulator,
  type SimInstrument,
  type TickQuote,
} from './simulator/simulator';

/** What the market module needs from a price source, in the quote unit. */
export interface ProviderQuote extends Omit<
  TickQuote,
  'price' | 'open' | 'high' | 'low' | 'previousClose' | 'week52High' | 'week52Low'
> {
  price: number;
  open: number;
  high: number;
  low: number;
  previousClose: number;
  week52High: number;
  week52Low: number;
  /** Last price in ticks (1 tick = 10^-priceDecimals of the quote unit), exact. */
  priceTicks: number;
  /** Price change vs. previous close in ticks, exact. */
  changeTicks: number;
  previousCloseTicks: number;
}

export interface ProviderCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * A source of quotes and candles. The simulation implements it; a licensed data feed would too
 * (chosen by configuration), and nothing above this interface would change.
 */
export interface MarketDataProvider {
  readonly name: string;
  quote(instrument: SimInstrument, at: Date): ProviderQuote;
  candles(instrument: SimInstrument, interval: CandleInterval, at: Date): ProviderCandle[];
}

export class SimulatedProvider implements MarketDataProvider {
  readonly name = 'simulated';
  constructor(private readonly simulator: MarketSimulator) {}

  quote(instrument: SimInstrument, at: Date): ProviderQuote {
    const q = this.simulator.quoteAt(instrument, at.getTime());
    const d = instrument.priceDecimals;
    return {
      ...q,
      price: ticksToPrice(q.price, d),
      open: ticksToPrice(q.open, d),
      high: ticksToPrice(q.high, d),
      low: ticksToPrice(q.low, d),
      previousClose: ticksToPrice(q.previousClose, d),
      week52High: ticksToPrice(q.week52High, d),
      week52Low: ticksToPrice(q.week52Low, d),
      priceTicks: q.price,
      changeTicks: q.price - q.previousClose,
      previousCloseTicks: q.previousClose,
    };
  }

  candles(instrument: SimInstrument, interval: CandleInterval, at: Date): ProviderCandle[] {
    const d = instrument.priceDecimals;
    const candles = this.simulator.candles(instrument, interval, at.getTime());
    // The simulator hands out fresh objects: convert in place (JSE cents need no conversion).
    if (d !== 0) {
      for (const c of candles) {
        c.open = ticksToPrice(c.open, d);
        c.high = ticksToPrice(c.high, d);
        c.low = ticksToPrice(c.low, d);
        c.close = ticksToPrice(c.close, d);
      }
    }
    return candles;
  }
}
