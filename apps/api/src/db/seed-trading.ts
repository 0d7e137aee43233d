import { formatDecimal, parseDecimal } from '@imali/money';
import type { AppContext } from '../lib/context';
import { instrumentByRef } from '../modules/market/market.service';
import { createOffering, findOfferingByName, openOffering } from '../modules/offerings/offerings.service';
import { marketPriceOf } from '../modules/quotes/quotes.service';

const SEED_ACTOR = 'ops:seed';
const DAY_MS = 86_400_000;

interface SeedOffering {
  dtype: 'fo' | 'otc';
  name: string;
  symbol: string;
  country: 'ZA' | 'US' | 'IN';
  closesInDays: number;
  min: string;
  max: string;
  hot?: boolean;
  termDays?: number;
  /** otc: the block price is the market price when seeded, this many percent lower (rounded down). */
  discountPercent?: number;
  blockSize?: string;
}

/**
 * The demo set of Discover (real listings of the instrument universe, simulated prices): three
 * fixed-term deals on the JSE (30/90/180 days, one hot), two JSE blocks (one ~5% below market, one
 * hot), and a fixed-term deal each in the US and India. Opened at once, closing in 30 to 90 days.
 */
export const SEED_OFFERINGS: readonly SeedOffering[] = [
  {
    dtype: 'fo',
    name: 'Naspers 30-day DD',
    symbol: 'NPN',
    country: 'ZA',
    termDays: 30,
    closesInDays: 30,
    min: '1',
    max: '50',
    hot: true,
  },
  {
    dtype: 'fo',
    name: 'Standard Bank 90-day DD',
    symbol: 'SBK',
    country: 'ZA',
    termDays: 90,
    closesInDays: 60,
    min: '5',
    max: '2000',
  },
  {
    dtype: 'fo',
    name: 'MTN 180-day DD',
    symbol: 'MTN',
    country: 'ZA',
    termDays: 180,
    closesInDays: 90,
    min: '10',
    max: '5000',
  },
  {
    dtype: 'otc',
    name: 'FirstRand block, 5% below market',
    symbol: 'FSR',
    country: 'ZA',
    discountPercent: 5,
    blockSize: '50000',
    closesInDays: 45,
    min: '100',
    max: '20000',
  },
  {
    dtype: 'otc',
    name: 'Anglo American block',
    symbol: 'AGL',
    country: 'ZA',
    discountPercent: 2,
    blockSize: '5000',
    closesInDays: 30,
    min: '10',
    max: '2000',
    hot: true,
  },
  {
    dtype: 'fo',
    name: 'Apple 60-day DD',
    symbol: 'AAPL',
    country: 'US',
    termDays: 60,
    closesInDays: 60,
    min: '1',
    max: '500',
  },
  {
    dtype: 'fo',
    name: 'Reliance 90-day DD',
    symbol: 'RELIANCE',
    country: 'IN',
    termDays: 90,
    closesInDays: 90,
    min: '1',
    max: '1000',
  },
];

/** price × (100 − percent) / 100, rounded down to the price's own decimals (exact). */
function discounted(price: string, percent: number): string {
  const d = parseDecimal(price);
  return formatDecimal({ coefficient: (d.coefficient * BigInt(100 - percent)) / 100n, scale: d.scale });
}

/**
 * Creates and opens the demo offerings through the operator's own service (audited, key facts
 * generated). Idempotent: an offering whose name already exists is left alone, so a second run
 * adds nothing. Returns how many it created.
 */
export async function seedTrading(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  let created = 0;
  for (const s of SEED_OFFERINGS) {
    if (await findOfferingByName(ctx, s.name)) continue;
    let blockPrice: string | undefined;
    if (s.dtype === 'otc') {
      const instrument = await instrumentByRef(
        ctx,
        { country: s.country, symbol: s.symbol },
        { fresh: true },
      );
      blockPrice = discounted(marketPriceOf(ctx, instrument).price, s.discountPercent ?? 0);
    }
    const { offering } = await createOffering(
      ctx,
      {
        dtype: s.dtype,
        name: s.name,
        symbol: s.symbol,
        country: s.country,
        opensAt: now,
        closesAt: new Date(now.getTime() + s.closesInDays * DAY_MS),
        minQuantity: s.min,
        maxQuantity: s.max,
        hot: s.hot ?? false,
        termDays: s.termDays,
        blockPrice,
        blockSize: s.blockSize,
      },
      SEED_ACTOR,
    );
    await openOffering(ctx, offering.id, SEED_ACTOR);
    created += 1;
  }
  return created;
}
