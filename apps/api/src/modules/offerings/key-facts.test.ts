import { KEY_FACT_KEYS } from '@imali/contract';
import { feeScheduleFor } from '@imali/money';
import { describe, expect, it } from 'vitest';
import { buildKeyFacts, describeSchedule, KEY_FACT_LABELS, percentText, priceText } from './key-facts';

const za = feeScheduleFor('ZA');
const base = {
  symbol: 'NPN',
  instrumentName: 'Naspers',
  market: 'JSE',
  country: 'ZA',
  currency: 'ZAR',
  quoteUnit: 'ZAc' as const,
  opensAt: new Date('2026-11-02T07:00:00Z'),
  marketPrice: '600000',
  schedule: za,
};
const text = (facts: { key: string; text: string }[], key: string) => facts.find((f) => f.key === key)!.text;

describe('key facts', () => {
  it('rates in words, exactly', () => {
    expect(percentText('0.0025')).toBe('0.25');
    expect(percentText('0.000002')).toBe('0.0002');
    expect(percentText('0.15')).toBe('15');
    expect(percentText('0')).toBe('0');
    expect(priceText('290000', 'ZAc', 'ZAR')).toBe('ZAR 2,900.00 (290000c)');
    expect(priceText('189.43', 'USD', 'USD')).toBe('$189.43');
  });

  it('the fee line is generated from the schedule: every line, its rate, side, minimum, VAT and version', () => {
    expect(describeSchedule(za)).toBe(
      'Brokerage 0.25% (minimum 0.01 ZAR), Securities Transfer Tax (STT) 0.25% (buys), ' +
        'Settlement and administration 0.075%, Investor Protection Levy 0.0002%; ' +
        'VAT 15% on all fees except Securities Transfer Tax (STT). Fee schedule ZA-2026-11.',
    );
    expect(describeSchedule(feeScheduleFor('IN'))).toBe(
      'Brokerage 0%, Securities Transaction Tax (STT) 0.1% (rounded to the rupee), ' +
        'Exchange transaction charge (NSE) 0.00297%, SEBI turnover fee 0.0001%, Stamp duty 0.015% (buys); ' +
        'GST 18% on all fees except Securities Transaction Tax (STT) and Stamp duty. Fee schedule IN-2026-11.',
    );
    expect(describeSchedule(feeScheduleFor('US'))).toBe(
      'Commission 0%, SEC Section 31 fee 0.00278% (sales, rounded up to the cent), ' +
        'FINRA Trading Activity Fee 0.000166 USD per share (sales, minimum 0.01 USD, maximum 8.30 USD, ' +
        'rounded up to the cent). Fee schedule US-2026-11.',
    );
  });

  it('fo: every key with its human label; lock-up names the term and the unlock date; no early exit', () => {
    const facts = buildKeyFacts({ ...base, dtype: 'fo', termDays: 30 });
    expect(facts.map((f) => f.key)).toEqual([...KEY_FACT_KEYS]);
    expect(facts.map((f) => f.label)).toEqual([
      'What you buy',
      'Price',
      'Lock-up',
      'Selling early',
      'Fees',
      'Allocation',
      'Maximum loss',
    ]);
    for (const f of facts) expect(f.label).toBe(KEY_FACT_LABELS[f.key as keyof typeof KEY_FACT_LABELS]);
    expect(text(facts, 'what_you_buy')).toContain('Naspers (NPN, JSE)');
    expect(text(facts, 'price_basis')).toContain('live quote at the time you buy');
    expect(text(facts, 'lock_up')).toContain('Locked for 30 days');
    expect(text(facts, 'lock_up')).toContain('not before 2 December 2026');
    expect(text(facts, 'early_exit')).toContain('no early exit');
    expect(text(facts, 'fees')).toBe(describeSchedule(za));
    expect(text(facts, 'allocation')).toContain('Immediate');
    expect(text(facts, 'maximum_loss')).toBe('You can lose all of the money you invest.');
  });

  it('otc: block price and its discount to market, pro-rata allocation, no lock-up', () => {
    const facts = buildKeyFacts({ ...base, dtype: 'otc', blockPrice: '570000', blockSize: '5000' });
    expect(facts.map((f) => f.key)).toEqual([...KEY_FACT_KEYS]);
    expect(text(facts, 'what_you_buy')).toContain('block of 5,000 shares');
    expect(text(facts, 'price_basis')).toBe(
      'The fixed block price of ZAR 5,700.00 (570000c) per share, 5% below the market price of ' +
        'ZAR 6,000.00 (600000c) when the offering was created.',
    );
    expect(text(facts, 'lock_up')).toContain('None after allocation');
    expect(text(facts, 'early_exit')).toContain('Sell at any time');
    expect(text(facts, 'allocation')).toContain('Pro rata');
    expect(text(facts, 'allocation')).toContain('released at settlement');
    expect(text(facts, 'maximum_loss')).toBe('You can lose all of the money you invest.');
  });
});
