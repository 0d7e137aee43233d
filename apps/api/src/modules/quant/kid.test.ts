import { describe, expect, it } from 'vitest';
import {
  computeKid,
  creditRiskClass,
  historyStats,
  kidForDisplay,
  percentile,
  productVev,
  riskClass,
  statsOfReturns,
  summaryRiskIndicator,
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
/**
 * The worked example's history (the same formula as oracle/kid-oracle.py): 1,260 daily log returns,
 * a calm regime (±1 %) with a volatile spell (±3 %, days 600–699).
 */
const RETURNS = Array.from(
  { length: 1260 },
  (_, i) => 0.0002 + (i >= 600 && i < 700 ? 0.03 : 0.01) * Math.sin(1.3 * i),
);
const STATS = statsOfReturns(RETURNS);
const base = {
  name: 'Top 40 Protected Growth',
  underlying: { symbol: 'SA40', name: 'South Africa Top 40 Index' },
  currency: 'ZAR' as const,
  terms: TERMS,
  computedAt: new Date('2026-01-05T00:00:00Z'),
};

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

describe('the key information sheet (PRIIPs Category 3, decision 0054)', () => {
  it('estimates volatility and drift from daily closes', () => {
    // A steady rise of 0.1% a day: drift 0.252 a year, no volatility.
    const closes = Array.from({ length: 300 }, (_, i) => 100 * Math.exp(0.001 * i));
    const s = historyStats(closes);
    expect(s.days).toBe(299);
    expect(s.drift).toBeCloseTo(0.252, 6);
    expect(s.volatility).toBeCloseTo(0, 6);
    expect(() => historyStats([1, 2, 3])).toThrow('too little history');
  });

  /*
   * Worked example, two years. Expected figures: oracle/kid-oracle.py, a second implementation of
   * the method written from decision 0054 (Python; exact fractions for the payoff; it shares only
   * the seeded generator, so both draw the same 10,000 bootstrap paths). Its output for term 730:
   * scenarios stress −0.1564 (5th percentile, stressed σ 11.68 %), unfavourable −0.1538, moderate
   * 0.0934, favourable 0.4243; VaR return −0.3398 → VEV 0.0411 → MRM 2; CQS 3 → CRM 3 → SRI 3;
   * costs: 1 year before 0.0568, after 0.0265, RIY 0.0303; maturity before 0.0546, after 0.0493,
   * RIY 0.0052 (cost impact over the two years 0.0110).
   * By hand: VEV from the VaR: payoff multiple max(0.9, 1 + 1.2 × −0.3398) = 0.9, per unit paid
   * 0.9 / 1.01 = 0.891089, ln = −0.115311; √(3.842 + 0.230622) = 2.018074; (2.018074 − 1.96) / √2
   * = 0.041065 → 0.0411. SRI: Annex II
   * Part 3 row CRM 3 = [3, 3, 3, 4, 5, 6, 7], column MRM 2 → 3. RIY at maturity: moderate payoff
   * 11,120.80 on 10,000 before costs, on 10,100 after: √1.11208 − 1 = 0.05455, √(11120.80/10100) − 1
   * = 0.04932, difference 0.0052.
   */
  it('two-year note: bootstrapped scenarios, stressed volatility, credit risk and reduction in yield (worked example)', () => {
    const kid = computeKid({ ...base, termDays: 730, stats: STATS });
    expect(kid.version).toBe('kid-v3');
    expect(kid.scenarios.map((s) => [s.name, s.percentile, s.underlying_return, s.payoff])).toEqual([
      ['stress', 5, '-0.1564', '9000.00'],
      ['unfavourable', 10, '-0.1538', '9000.00'],
      ['moderate', 50, '0.0934', '11120.80'],
      ['favourable', 90, '0.4243', '14000.00'],
    ]);
    // Every payoff is the exact payoff formula at its scenario's return.
    for (const s of kid.scenarios) {
      expect(s.payoff).toBe(
        (Number(payoffMinor(1_000_000n, TERMS, ratioOf(s.underlying_return))) / 100).toFixed(2),
      );
    }
    expect(kid).toMatchObject({
      vev: '0.0411',
      market_risk_class: 2,
      credit_quality_step: 3,
      credit_risk_class: 3,
      risk_score: 3,
      stressed_volatility: '0.1168',
      reference_amount: '10000.00',
      entry_costs: '100.00',
      max_loss: '1100.00',
      max_loss_ratio: '0.1089',
    });
    expect(kid.risk_text).toContain('3 out of 7');
    expect(kid.risk_text).toContain('credit risk class 3 of 6');
    expect(kid.costs_over_time).toEqual([
      {
        label: 'If you exit after 1 year',
        days: 365,
        total_costs: '300.00',
        cost_impact: '0.0303',
        annual_cost_impact: '0.0303',
        return_before_costs: '0.0568',
        return_after_costs: '0.0265',
        available: true,
      },
      {
        label: 'If you hold to maturity',
        days: 730,
        total_costs: '100.00',
        cost_impact: '0.0110',
        annual_cost_impact: '0.0052',
        return_before_costs: '0.0546',
        return_after_costs: '0.0493',
        available: true,
      },
    ]);
    // Seeded: the same inputs give the same sheet.
    expect(computeKid({ ...base, termDays: 730, stats: STATS })).toEqual(kid);
  });

  it('half-year note: the stress scenario at the 1st percentile with the 99th-percentile volatility; credit step one better (worked example)', () => {
    // Oracle, term 180: stress −0.4365 (1st percentile, stressed σ 34.97 %), unfavourable −0.0993,
    // moderate 0.0232, favourable 0.1634; VEV 0.0827 → MRM 3; CQS 3 adjusted to 2 (a term up to a
    // year) → CRM 2 → SRI 3; half term (90 days): impact 0.0298; maturity: impact 0.0102, before
    // 0.0278, after 0.0177 (over the time held, not a year).
    const kid = computeKid({ ...base, termDays: 180, stats: STATS });
    expect(kid.scenarios.map((s) => [s.percentile, s.underlying_return])).toEqual([
      [1, '-0.4365'],
      [10, '-0.0993'],
      [50, '0.0232'],
      [90, '0.1634'],
    ]);
    expect(kid).toMatchObject({
      vev: '0.0827',
      market_risk_class: 3,
      credit_risk_class: 2,
      risk_score: 3,
      stressed_volatility: '0.3497',
    });
    expect(
      kid.costs_over_time.map((c) => [
        c.days,
        c.cost_impact,
        c.annual_cost_impact,
        c.return_before_costs,
        c.return_after_costs,
      ]),
    ).toEqual([
      [90, '0.0298', null, '0.0145', '-0.0153'],
      [180, '0.0102', null, '0.0278', '0.0177'],
    ]);
  });

  it('ten-year note: the stress scenario is never better than the unfavourable one (Annex IV point 2) (worked example)', () => {
    // Oracle, term 3650: the 90th-percentile stressed volatility of this mostly calm history
    // (11.68 %) is below its σ, so the 5th percentile at σ_S (−0.0988 before the rule) would beat
    // the unfavourable −0.1134: the stress shows −0.1134. Moderate 0.5910, favourable 1.7932 (both
    // capped at 140 %); VEV 0.0184 → MRM 2; CRM 3 → SRI 3; at maturity: before 0.0342, after
    // 0.0332 a year, RIY 0.0010, impact over the ten years 0.0139.
    const kid = computeKid({ ...base, termDays: 3650, stats: STATS });
    expect(kid.scenarios.map((s) => [s.percentile, s.underlying_return, s.payoff])).toEqual([
      [5, '-0.1134', '9000.00'],
      [10, '-0.1134', '9000.00'],
      [50, '0.5910', '14000.00'],
      [90, '1.7932', '14000.00'],
    ]);
    expect(kid).toMatchObject({ vev: '0.0184', market_risk_class: 2, credit_risk_class: 3, risk_score: 3 });
    expect(kid.costs_over_time.at(-1)).toMatchObject({
      days: 3650,
      cost_impact: '0.0139',
      annual_cost_impact: '0.0010',
      return_before_costs: '0.0342',
      return_after_costs: '0.0332',
    });
  });

  it("combines market and credit risk by the regulation's table (Annex II Part 3); credit step adjusted for a term up to a year (Part 2)", () => {
    // Hand-copied from the table: credit risk only ever raises the class.
    expect([1, 2, 3, 4, 5, 6, 7].map((m) => summaryRiskIndicator(m, 1))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect([1, 2, 3, 4, 5, 6, 7].map((m) => summaryRiskIndicator(m, 3))).toEqual([3, 3, 3, 4, 5, 6, 7]);
    expect([1, 2, 3, 4, 5, 6, 7].map((m) => summaryRiskIndicator(m, 4))).toEqual([5, 5, 5, 5, 5, 6, 7]);
    expect([1, 2, 3, 4, 5, 6, 7].map((m) => summaryRiskIndicator(m, 6))).toEqual([6, 6, 6, 6, 6, 6, 7]);
    // Over a year: CQS 0–1 → 1, then one class a step. Up to a year: one step better for 1–5.
    expect([0, 1, 2, 3, 4, 5, 6].map((q) => creditRiskClass(q, 730))).toEqual([1, 1, 2, 3, 4, 5, 6]);
    expect([0, 1, 2, 3, 4, 5, 6].map((q) => creditRiskClass(q, 365))).toEqual([1, 1, 1, 2, 3, 4, 6]);
    expect(() => creditRiskClass(7, 30)).toThrow('credit quality step');
  });

  it('scores market risk from protection and the simulated VaR (PRIIPs VEV classes)', () => {
    const full = { ...TERMS, protectionPct: '100', entryFeePct: '0' };
    expect(riskClass(productVev(full, 730, '-0.5'))).toBe(1);
    const none = { ...TERMS, protectionPct: '1', participationPct: '100', capPct: null, entryFeePct: '0' };
    // Unprotected, a 2.5th-percentile return of −38 % over two years: VEV ≈ 18 % → class 4.
    // By hand: ln 0.62 = −0.47804; √(3.842 + 0.95607) = 2.19045; (2.19045 − 1.96)/√2 = 0.1630.
    expect(productVev(none, 730, '-0.38')).toBeCloseTo(0.163, 3);
    expect(riskClass(productVev(none, 730, '-0.38'))).toBe(4);
    expect([0, 0.004, 0.01, 0.1, 0.15, 0.25, 0.5, 0.9].map(riskClass)).toEqual([1, 1, 2, 3, 4, 5, 6, 7]);
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([5, 1, 4, 2, 3], 1)).toBe(1);
  });

  it('says when early exit is not possible', () => {
    const kid = computeKid({
      ...base,
      name: 'Locked',
      terms: { ...TERMS, earlyExit: 'none', earlyExitCostPct: '0' },
      termDays: 180,
      stats: STATS,
    });
    expect(kid.early_exit_text).toContain('cannot be exited');
    expect(kid.costs_over_time[0]).toMatchObject({ label: 'If you exit at half the term', available: false });
  });

  it('a term under a year: nothing annualised, costs over the time held, "1 day" (PRIIPs: the holding period drives the presentation)', () => {
    const oneDay = computeKid({ ...base, name: 'Overnight note', termDays: 1, stats: STATS });
    expect(oneDay.scenarios.map((s) => s.annual_return)).toEqual([null, null, null, null]);
    expect(oneDay.scenarios[2]!.return).not.toBe(null);
    // Half of one day is no point before maturity: maturity only; nothing a year.
    expect(oneDay.costs_over_time).toHaveLength(1);
    expect(oneDay.costs_over_time[0]).toMatchObject({
      days: 1,
      total_costs: '100.00',
      annual_cost_impact: null,
    });
    expect(oneDay.holding_period).toBe('Recommended holding period: to maturity (1 day).');

    // Exactly a year: the maturity point is a year (its reduction in yield shown), the half-term one not.
    const year = computeKid({ ...base, name: 'One-year note', termDays: 365, stats: STATS });
    expect(year.scenarios.every((s) => s.annual_return !== null)).toBe(true);
    expect(year.costs_over_time.map((c) => [c.days, c.annual_cost_impact === null])).toEqual([
      [182, true],
      [365, false],
    ]);
  });

  it('a sheet stored as kid-v1 or kid-v2 is shown as computed, with the kid-v3 fields filled (score = its market class, no credit step)', () => {
    const v2 = {
      ...computeKid({ ...base, name: 'Overnight note', termDays: 1, stats: STATS }),
      version: 'kid-v2',
    } as Record<string, unknown>;
    for (const k of ['market_risk_class', 'credit_risk_class', 'credit_quality_step', 'stressed_volatility'])
      delete v2[k];
    const costs = (v2.costs_over_time as Record<string, unknown>[]).map(
      ({ return_before_costs: _b, return_after_costs: _a, ...c }) => ({
        ...c,
        cost_impact: '0.0100',
      }),
    );
    const stored = { ...v2, costs_over_time: costs } as unknown as Parameters<typeof kidForDisplay>[0];
    const shown = kidForDisplay(stored, 1);
    expect(shown).toMatchObject({
      version: 'kid-v2',
      market_risk_class: shown.risk_score,
      credit_risk_class: null,
      credit_quality_step: null,
      stressed_volatility: null,
    });
    expect(shown.costs_over_time[0]).toMatchObject({ cost_impact: '0.0100', return_before_costs: null });
    // kid-v1: also the kid-v2 rules (cost impact = costs ÷ amount, nothing annualised under a year, "1 day").
    const v1 = {
      ...stored,
      version: 'kid-v1',
      scenarios: stored.scenarios.map((s) => ({ ...s, annual_return: '36.7800' })),
      costs_over_time: stored.costs_over_time.map(({ cost_impact: _, ...c }) => ({
        ...c,
        annual_cost_impact: '7.3000',
      })),
      holding_period: 'Recommended holding period: to maturity (1 days).',
    } as unknown as Parameters<typeof kidForDisplay>[0];
    const v1Shown = kidForDisplay(v1, 1);
    expect(v1Shown.scenarios.map((s) => s.annual_return)).toEqual([null, null, null, null]);
    expect(v1Shown.costs_over_time[0]).toMatchObject({ cost_impact: '0.0100', annual_cost_impact: null });
    expect(v1Shown.holding_period).toBe('Recommended holding period: to maturity (1 day).');
    // A kid-v3 sheet is shown as it is.
    const v3 = computeKid({ ...base, termDays: 1, stats: STATS });
    expect(kidForDisplay(v3, 1)).toBe(v3);
  });
});
