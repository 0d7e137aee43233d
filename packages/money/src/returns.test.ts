import { describe, expect, it } from 'vitest';
import { INDEX_START, modifiedDietz, nextTwrIndex, periodTwr } from './returns';

describe('time-weighted return', () => {
  it('ignores the size and timing of a deposit (worked example)', () => {
    // Day 1: deposit 1,000.00 and it ends the day at 1,100.00 (+10%).
    // Day 2: deposit 10,000.00 more at the start; it ends at 11,000.00 (−1%: 11,100 → 11,000... exactly
    //        (11,000 − 1,100 − 10,000) / (1,100 + 10,000) = −100 / 11,100).
    const d1 = nextTwrIndex(INDEX_START, {
      previousValueMinor: 0n,
      valueMinor: 110_000n,
      flowMinor: 100_000n,
    });
    expect(d1).toBe('1.100000000000');
    const d2 = nextTwrIndex(d1, {
      previousValueMinor: 110_000n,
      valueMinor: 1_100_000n,
      flowMinor: 1_000_000n,
    });
    // 1.1 × 1,100,000 / 1,110,000 = 1.090090090090…
    expect(d2).toBe('1.090090090090');
    // Over both days: (1.10)(1 − 100/11,100) − 1 = +9.009%, whatever was deposited on day 2.
    // Exact (decision 0041): the index's own 12 decimals, nothing rounded.
    expect(periodTwr(INDEX_START, d2)).toBe('0.09009009009');
  });

  it('a day with nothing invested leaves the index where it was', () => {
    expect(nextTwrIndex('1.05', { previousValueMinor: 0n, valueMinor: 0n, flowMinor: 0n })).toBe(
      '1.050000000000',
    );
  });

  it('a loss shows negative', () => {
    const d = nextTwrIndex(INDEX_START, { previousValueMinor: 100_000n, valueMinor: 95_000n, flowMinor: 0n });
    expect(periodTwr(INDEX_START, d)).toBe('-0.05');
  });
});

describe('money-weighted return (Modified Dietz)', () => {
  it('weights a mid-period deposit by the time it was invested (worked example)', () => {
    // Start (end of day 0): 10,000.00. Deposit 10,000.00 at the start of day 6 of a 10-day period.
    // End of day 10: 21,000.00. Gain = 21,000 − 10,000 − 10,000 = 1,000.
    // Weight of the deposit = (10 − 6 + 1) / 10 = 0.5 → denominator 10,000 + 5,000 = 15,000.
    // MWR = 1,000 / 15,000 = 6.6667%.
    const start = { day: 0, valueMinor: 1_000_000n, cumFlowMinor: 1_000_000n, cumDayFlow: 0n };
    const end = {
      day: 10,
      valueMinor: 2_100_000n,
      cumFlowMinor: 2_000_000n,
      cumDayFlow: 6n * 1_000_000n,
    };
    // 1/15 has no finite decimal form: truncated at 20 decimals, never rounded up.
    expect(modifiedDietz(start, end)).toBe('0.06666666666666666666');
  });

  it('without flows equals the simple return', () => {
    const start = { day: 100, valueMinor: 500_000n, cumFlowMinor: 500_000n, cumDayFlow: 50_000_000n };
    const end = { day: 130, valueMinor: 450_000n, cumFlowMinor: 500_000n, cumDayFlow: 50_000_000n };
    expect(modifiedDietz(start, end)).toBe('-0.1');
  });

  it('is undefined when nothing was invested', () => {
    const zero = { day: 0, valueMinor: 0n, cumFlowMinor: 0n, cumDayFlow: 0n };
    expect(modifiedDietz(zero, { ...zero, day: 5 })).toBeNull();
    expect(modifiedDietz(zero, zero)).toBeNull();
  });
});
