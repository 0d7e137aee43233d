import { describe, expect, it } from 'vitest';
import {
  computeKid,
  historyStats,
  kidForDisplay,
  productVev,
  riskClass,
  scenarioReturn,
  type KidTerms,
} from './kid';
import { payoffMinor, pctOfMinor, ratioOf, underlyingReturn } from './payoff';

const TERMS: KidTerms = {
  protectionPct: '90',
  participationPct: '120',
  capPct: '140',
  entryFeePct: '1',
  earlyExit: 'daily',
  earlyExitCostPct: '2',
};
const STATS = { volatility: 0.17, drift: 0.05, days: 1260 };

describe('payoff (exact)', () => {
  it('pays max(protection, min(cap, 1 + participation × r)) of the amount, rounded down', () => {
    const amount = 1_000_000n; // 10,000.00
    expect(payoffMinor(amount, TERMS, ratioOf('0.1'))).toBe(1_120_000n); // 1 + 1.2 × 0.1
    expect(payoffMinor(amount, TERMS, ratioOf('-0.05'))).toBe(940_000n);
    // floor: protection
    expect(payoffMinor(amount, TERMS, ratioOf('-0.5'))).toBe(900_000n);
    expect(payoffMinor(amount, TERMS, ratioOf('-1'))).toBe(900_000n);
    // cap
    expect(payoffMinor(amount, TERMS, ratioOf('0.5'))).toBe(1_400_000n);
    expect(payoffMinor(amount, { ...TERMS, capPct: null }, ratioOf('0.5'))).toBe(1_600_000n);
    // rounded down to the cent: 1 + 1.2 × 0.00001 on 333.33
    expect(payoffMinor(33_333n, TERMS, ratioOf('0.00001'))).toBe(33_333n);
  });

  it('computes the return between two levels exactly', () => {
    const r = underlyingReturn('85000.00', '93500.00');
    expect(r.num * 10n).toBe(r.den); // 0.1
    expect(payoffMinor(1_000_000n, TERMS, underlyingReturn('10000', '6488'))).toBe(900_000n);
  });

  it('rounds costs half-up to the cent', () => {
    expect(pctOfMinor(1_000_000n, '1')).toBe(10_000n);
    expect(pctOfMinor(12_345n, '0.5')).toBe(62n); // 61.725 → 62
    expect(pctOfMinor(100n, '0')).toBe(0n);
  });
});

describe('the key information sheet', () => {
  it('estimates volatility and drift from daily closes', () => {
    // A steady rise of 0.1% a day: drift 0.252 a year, no volatility.
    const closes = Array.from({ length: 300 }, (_, i) => 100 * Math.exp(0.001 * i));
    const s = historyStats(closes);
    expect(s.days).toBe(299);
    expect(s.drift).toBeCloseTo(0.252, 6);
    expect(s.volatility).toBeCloseTo(0, 6);
    expect(() => historyStats([1, 2, 3])).toThrow('too little history');
  });

  it('shows four scenarios whose payoffs are the payoff formula at their returns', () => {
    const kid = computeKid({
      name: 'Top 40 Protected Growth',
      underlying: { symbol: 'SA40', name: 'South Africa Top 40 Index' },
      currency: 'ZAR',
      terms: TERMS,
      termDays: 730,
      stats: STATS,
      computedAt: new Date('2026-01-05T00:00:00Z'),
    });
    expect(kid.scenarios.map((s) => s.name)).toEqual(['stress', 'unfavourable', 'moderate', 'favourable']);
    expect(kid.scenarios.map((s) => s.percentile)).toEqual([1, 10, 50, 90]);
    const returns = kid.scenarios.map((s) => Number(s.underlying_return));
    expect(returns).toEqual([...returns].sort((a, b) => a - b));
    for (const s of kid.scenarios) {
      const payoff = payoffMinor(1_000_000n, TERMS, ratioOf(s.underlying_return));
      expect(s.payoff).toBe((Number(payoff) / 100).toFixed(2));
      expect(s.underlying_return).toBe(
        scenarioReturn(
          STATS,
          730,
          { stress: -2.3263, unfavourable: -1.2816, moderate: 0, favourable: 1.2816 }[s.name],
        ),
      );
    }
    // moderate: exp(0.05 × 2) − 1 = 0.1052 → 1 + 1.2 × 0.1052 = 1.12624
    expect(kid.scenarios[2]).toMatchObject({ underlying_return: '0.1052', payoff: '11262.40' });
    // Stress hits the floor: 90 % of 10,000.
    expect(kid.scenarios[0]!.payoff).toBe('9000.00');
    // Maximum loss held to maturity: 10 % of the amount + 1 % entry costs, of 10,100 paid.
    expect(kid).toMatchObject({
      reference_amount: '10000.00',
      entry_costs: '100.00',
      max_loss: '1100.00',
      max_loss_ratio: '0.1089',
      version: 'kid-v2',
    });
    expect(kid.costs_over_time).toEqual([
      {
        label: 'If you exit after 1 year',
        days: 365,
        total_costs: '300.00',
        cost_impact: '0.0300',
        annual_cost_impact: '0.0300',
        available: true,
      },
      {
        label: 'If you hold to maturity',
        days: 730,
        total_costs: '100.00',
        cost_impact: '0.0100',
        annual_cost_impact: '0.0050',
        available: true,
      },
    ]);
    expect(kid.risk_score).toBe(riskClass(productVev(TERMS, 730, STATS)));
    expect(kid.risk_text).toContain(`${kid.risk_score} out of 7`);
  });

  it('scores risk from protection and volatility (PRIIPs VEV classes)', () => {
    const full = { ...TERMS, protectionPct: '100', entryFeePct: '0' };
    expect(riskClass(productVev(full, 730, STATS))).toBe(1);
    const none = { ...TERMS, protectionPct: '1', participationPct: '100', capPct: null, entryFeePct: '0' };
    // Unprotected on a 17 % volatility index: VEV ≈ σ → class 4 (12–20 %).
    expect(riskClass(productVev(none, 730, STATS))).toBe(4);
    expect(riskClass(productVev(none, 730, { ...STATS, volatility: 0.45 }))).toBe(6);
    expect(riskClass(productVev(TERMS, 730, STATS))).toBe(2);
    expect([0, 0.004, 0.01, 0.1, 0.15, 0.25, 0.5, 0.9].map(riskClass)).toEqual([1, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('says when early exit is not possible', () => {
    const kid = computeKid({
      name: 'Locked',
      underlying: { symbol: 'SA40', name: 'Top 40' },
      currency: 'ZAR',
      terms: { ...TERMS, earlyExit: 'none', earlyExitCostPct: '0' },
      termDays: 180,
      stats: STATS,
      computedAt: new Date(),
    });
    expect(kid.early_exit_text).toContain('cannot be exited');
    expect(kid.costs_over_time[0]).toMatchObject({ label: 'If you exit at half the term', available: false });
  });
  it('a term under a year: nothing annualised, costs over the time held, "1 day" (PRIIPs: the holding period drives the presentation)', () => {
    const oneDay = computeKid({
      name: 'Overnight note',
      underlying: { symbol: 'SA40', name: 'Top 40' },
      currency: 'ZAR',
      terms: TERMS,
      termDays: 1,
      stats: STATS,
      computedAt: new Date('2026-01-05T00:00:00Z'),
    });
    // Before kid-v2 a 2 % cost over one day read as 730 % a year, a 1 % return as 3,678 % a year.
    expect(oneDay.scenarios.map((s) => s.annual_return)).toEqual([null, null, null, null]);
    expect(oneDay.scenarios[2]!.return).not.toBe(null);
    // Half of one day is no point before maturity: maturity only.
    expect(oneDay.costs_over_time).toEqual([
      {
        label: 'If you hold to maturity',
        days: 1,
        total_costs: '100.00',
        cost_impact: '0.0100',
        annual_cost_impact: null,
        available: true,
      },
    ]);
    expect(oneDay.holding_period).toBe('Recommended holding period: to maturity (1 day).');

    // Exactly a year: the maturity point is annualised (the same figure), the half-term one not.
    const year = computeKid({
      name: 'One-year note',
      underlying: { symbol: 'SA40', name: 'Top 40' },
      currency: 'ZAR',
      terms: TERMS,
      termDays: 365,
      stats: STATS,
      computedAt: new Date('2026-01-05T00:00:00Z'),
    });
    expect(year.scenarios.every((s) => s.annual_return !== null)).toBe(true);
    expect(year.costs_over_time.map((c) => [c.days, c.cost_impact, c.annual_cost_impact])).toEqual([
      [182, '0.0300', null],
      [365, '0.0100', '0.0100'],
    ]);
    expect(year.holding_period).toBe('Recommended holding period: to maturity (365 days).');
  });

  it('a sheet stored as kid-v1 is shown by the kid-v2 rules', () => {
    const v2 = computeKid({
      name: 'Overnight note',
      underlying: { symbol: 'SA40', name: 'Top 40' },
      currency: 'ZAR',
      terms: TERMS,
      termDays: 1,
      stats: STATS,
      computedAt: new Date('2026-01-05T00:00:00Z'),
    });
    // What kid-v1 stored for it: annualised figures, no cost_impact, "(1 days)".
    const v1 = {
      ...v2,
      version: 'kid-v1',
      scenarios: v2.scenarios.map((s) => ({ ...s, annual_return: '36.7800' })),
      costs_over_time: v2.costs_over_time.map(({ cost_impact: _, ...c }) => ({
        ...c,
        annual_cost_impact: '7.3000',
      })),
      holding_period: 'Recommended holding period: to maturity (1 days).',
    } as unknown as Parameters<typeof kidForDisplay>[0];
    expect(kidForDisplay(v1, 1)).toEqual({ ...v2, version: 'kid-v1' });
    expect(kidForDisplay(v2, 1)).toBe(v2);
  });
});
