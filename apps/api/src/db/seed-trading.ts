import { formatDecimal, parseDecimal } from '@imali/money';
import type { AppContext } from '../lib/context';
import { createFund, findFundByCode } from '../modules/funds/funds.service';
import { isBusinessDay, lastValuationDay } from '../modules/funds/nav';
import { dayToIso } from '../modules/market/simulator/calendar';
import { instrumentByRef } from '../modules/market/market.service';
import { createIpo } from '../modules/ipo/ipo.service';
import { createOffering, findOfferingByName, openOffering } from '../modules/offerings/offerings.service';
import { marketPriceOf } from '../modules/quotes/quotes.service';
import { createProduct, findProductByName } from '../modules/quant/quant.service';

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
  if (await seedDemoFund(ctx)) created += 1;
  if (await seedDemoIpo(ctx)) created += 1;
  if (await seedDemoStructured(ctx)) created += 1;
  return created;
}

/** The demo fund's code (issue 13 section 2). */
export const DEMO_FUND_CODE = 'IMT40';

/**
 * One open demo fund, an index fund on the Top 40, launched about three years ago so its NAV
 * history (struck from launch) fills the chart. Through the operator's own service (audited);
 * idempotent by code. Returns whether it created it.
 */
export async function seedDemoFund(ctx: AppContext): Promise<boolean> {
  if (await findFundByCode(ctx, DEMO_FUND_CODE)) return false;
  let launch = lastValuationDay(ctx.clock.now(), 15 * 60) - 3 * 365;
  while (!isBusinessDay(launch)) launch += 1;
  await createFund(
    ctx,
    {
      name: 'Imali Top 40 Index Fund',
      code: DEMO_FUND_CODE,
      category: 'SA Equity General',
      benchmarkSymbol: 'SA40',
      benchmarkCountry: 'ZA',
      riskProfile: 5,
      terPercent: '0.45',
      transactionCostsPercent: '0.05',
      platformFeePercent: '0.35',
      minInvestment: '1000',
      maxInvestment: '1000000',
      launchNav: '1000.00',
      launchDate: dayToIso(launch),
      hot: true,
    },
    SEED_ACTOR,
  );
  return true;
}

/** The demo IPO's offering name (issue 13 section 1). */
export const DEMO_IPO_NAME = 'Imali Demo IPO: Ubuntu Renewables';

/**
 * One open demo IPO on a new JSE listing (UBNTR, pending until listed): a price range, lots of
 * 10 shares, a pro-rata allocation; applications open for 30 days. Through the operator's own
 * service (audited); idempotent by name. Returns whether it created it.
 */
export async function seedDemoIpo(ctx: AppContext): Promise<boolean> {
  if (await findOfferingByName(ctx, DEMO_IPO_NAME)) return false;
  const now = ctx.clock.now();
  const day = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  await createIpo(
    ctx,
    {
      symbol: 'UBNTR',
      instrumentName: 'Ubuntu Renewables Ltd',
      issuer: 'Ubuntu Renewables Ltd, a South African solar and wind producer',
      name: DEMO_IPO_NAME,
      country: 'ZA',
      sector: 'Utilities',
      priceLow: '1800',
      priceHigh: '2200',
      lotSize: 10,
      minLots: 1,
      maxLots: 50,
      sharesOffered: '200000',
      opensAt: new Date(now.getTime() - 86_400_000),
      closesAt: new Date(now.getTime() + 30 * 86_400_000),
      allotsOn: day(32),
      listsOn: day(35),
      rule: 'pro_rata',
      hot: true,
    },
    SEED_ACTOR,
  );
  return true;
}

/** The demo structured product's name (issue 13 section 3). */
export const DEMO_STRUCTURED_NAME = 'Top 40 Protected Growth Note';

/**
 * One open demo structured product on the JSE Top 40 (SA40): subscriptions for 30 days, then two
 * years; 90 % protection, 120 % participation, capped at 140 %, 1 % entry cost, early exit any day
 * at 2 %. Through the operator's own service (audited, KID computed); idempotent by name.
 */
export async function seedDemoStructured(ctx: AppContext): Promise<boolean> {
  if (await findProductByName(ctx, DEMO_STRUCTURED_NAME)) return false;
  const now = ctx.clock.now();
  const start = new Date(now.getTime() + 30 * DAY_MS);
  await createProduct(
    ctx,
    {
      name: DEMO_STRUCTURED_NAME,
      symbol: 'SA40',
      country: 'ZA',
      opensAt: now,
      startAt: start,
      maturityAt: new Date(start.getTime() + 730 * DAY_MS),
      protectionPct: '90',
      participationPct: '120',
      capPct: '140',
      minAmount: '1000',
      maxAmount: '500000',
      entryFeePct: '1',
      earlyExit: 'daily',
      earlyExitCostPct: '2',
      open: true,
      hot: true,
    },
    SEED_ACTOR,
  );
  return true;
}
