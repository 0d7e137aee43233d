/**
 * The key-facts sheet of an IPO (issue 13), generated from its terms and the country's fee
 * schedule in force, never typed in: what you buy, the price basis, lots, dates, the allocation
 * rule, fees, selling and the maximum loss. Regenerated when the final price is set (so the
 * sheet shows it) and stored with the offering. Pure: no I/O.
 */
import type { KeyFact, QuoteUnit } from '@imali/contract';
import type { FeeSchedule } from '@imali/money';
import { describeSchedule, MAXIMUM_LOSS_TEXT, priceText } from '../offerings/key-facts';

export interface IpoKeyFactsInput {
  issuer: string;
  symbol: string;
  instrumentName: string;
  market: string;
  currency: string;
  quoteUnit: QuoteUnit;
  priceLow: string;
  priceHigh: string;
  finalPrice: string | null;
  lotSize: number;
  minLots: number;
  maxLots: number;
  sharesOffered: bigint;
  opensAt: Date;
  closesAt: Date;
  allotsOn: string;
  listsOn: string;
  rule: 'pro_rata' | 'lottery';
  schedule: FeeSchedule;
}

const n = (x: bigint | number) => BigInt(x).toLocaleString('en-US');
const lotsText = (lots: number) => `${lots} ${lots === 1 ? 'lot' : 'lots'}`;
/** 'YYYY-MM-DD HH:mm UTC' */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function buildIpoKeyFacts(i: IpoKeyFactsInput): KeyFact[] {
  const price = (p: string) => priceText(p, i.quoteUnit, i.currency);
  const fixed = i.priceLow === i.priceHigh;
  const basis = fixed
    ? `A fixed price of ${price(i.priceHigh)} per share.`
    : `A price range of ${price(i.priceLow)} to ${price(i.priceHigh)} per share; the final price is set ` +
      'before allotment. Your funds are held at the upper price; if the final price is lower, the ' +
      'difference is released at allotment. If the final price is above the range or more than 20% ' +
      'below it, you must reconfirm your application in the app or it lapses at allotment and your ' +
      'funds are released.';
  const final = i.finalPrice && !fixed ? ` The final price is ${price(i.finalPrice)}.` : '';
  const facts: [string, string, string][] = [
    [
      'what_you_buy',
      'What you buy',
      `New shares of ${i.issuer}: ${i.instrumentName} (${i.symbol}), to be listed on the ${i.market}. ` +
        `${n(i.sharesOffered)} shares are offered to Imali clients. Until listing the shares cannot be sold.`,
    ],
    ['price_basis', 'Price', basis + final],
    [
      'lots',
      'Lots',
      `Shares are sold in lots of ${n(i.lotSize)}. Apply for ${lotsText(i.minLots)} to ${lotsText(i.maxLots)} ` +
        'in total. The lots × lot size × price + fees are held from your account when you apply.',
    ],
    [
      'dates',
      'Dates',
      `Applications open ${utc(i.opensAt)} and close ${utc(i.closesAt)}; you can cancel until they close. ` +
        `Allotment on ${i.allotsOn}; listing on ${i.listsOn}.`,
    ],
    [
      'allocation',
      'Allocation',
      i.rule === 'pro_rata'
        ? 'If more lots are applied for than offered, each application gets lots in proportion to what it asked ' +
          'for (whole lots, rounded down; leftover lots go one at a time to the earliest applications). You may ' +
          'get all, part or none of what you applied for; what you get is debited at the final price and the ' +
          'rest of your funds released.'
        : 'If more lots are applied for than offered, a lottery decides: each winner gets one lot (with fewer ' +
          'applications than lots, each gets one lot and the rest are shared in proportion). The draw is ' +
          'seeded and recorded, so it can be checked. Funds of applications not allotted are released.',
    ],
    ['fees', 'Fees', describeSchedule(i.schedule)],
    [
      'early_exit',
      'Selling',
      'Not before listing. From the listing day you can sell at a quote like any holding; selling fees apply.',
    ],
    ['maximum_loss', 'Maximum loss', MAXIMUM_LOSS_TEXT],
  ];
  return facts.map(([key, label, text]) => ({ key, label, text }));
}
