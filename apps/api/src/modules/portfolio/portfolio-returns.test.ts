import { describe, expect, it } from 'vitest';
import { periodTwr } from '@imali/money';
import type { DailyRow } from './portfolio.repository';
import { totalTwrIndex, type LivePoint } from './portfolio.service';

/**
 * The client's total time-weighted return (issue 22: Portfolio › Summary showed "--%" for it):
 * chained from the accounts' stored days in the summary's currency (decision 0054). Worked by hand.
 */
describe('the total time-weighted index', () => {
  // Two accounts: ZAR (id 1) and USD (id 2) at 18 rand a dollar.
  const convert = (minor: bigint, currency: string) => (currency === 'USD' ? minor * 18n : minor);
  const row = (accountId: number, day: string, valueMinor: bigint, flowMinor: bigint): DailyRow => ({
    accountId,
    day,
    cashMinor: valueMinor,
    marketValueMinor: 0n,
    netFlowMinor: flowMinor,
    twrIndex: '1',
    cumFlowMinor: 0n,
    cumDayFlow: 0n,
  });
  const live = (id: number, currency: string, valueMinor: bigint, flowTodayMinor: bigint) =>
    ({ account: { id, currency }, valueMinor, flowTodayMinor }) as unknown as LivePoint;
  const day = (text: string) => Math.round(Date.parse(`${text}T00:00:00Z`) / 86_400_000);

  it('chains Σ V_t / Σ (V_{t−1} + F_t) over the accounts from the first valued day', () => {
    // 10 Nov: R1,000 deposited into ZAR, worth R1,000 at the end of the day.
    // 11 Nov: $100 deposited into USD (R1,800); ZAR ends at R1,100, USD at $100: 2,900 on a base of
    //         1,000 + 1,800 = 2,800 → +3.5714 %.
    // 12 Nov (today, live): ZAR R1,210, USD $100: 3,010 on 2,900 → +3.7931 %.
    // Chained: (2,900 / 2,800) × (3,010 / 2,900) = 3,010 / 2,800 = 1.075: +7.5 %, whatever the
    // $100 deposited on the 11th.
    const indexAt = totalTwrIndex(
      [live(1, 'ZAR', 121_000n, 0n), live(2, 'USD', 10_000n, 0n)],
      [
        row(1, '2026-11-10', 100_000n, 100_000n),
        row(1, '2026-11-11', 110_000n, 0n),
        row(2, '2026-11-11', 10_000n, 10_000n),
      ],
      convert,
      day('2026-11-12'),
    );
    expect(indexAt(day('2026-11-09'))).toBe('1.000000000000');
    expect(indexAt(day('2026-11-10'))).toBe('1.000000000000');
    expect(indexAt(day('2026-11-11'))).toBe('1.035714285714');
    expect(indexAt(day('2026-11-12'))).toBe('1.075000000000');
    // Since before the first day (ALL) and over the last day alone (3,010 / 2,900 − 1 = 3.7931 %).
    expect(periodTwr(indexAt(day('2026-11-01')), indexAt(day('2026-11-12')))).toBe('0.075');
    expect(Number(periodTwr(indexAt(day('2026-11-11')), indexAt(day('2026-11-12'))))).toBeCloseTo(
      110 / 2900,
      10,
    );
  });

  it('a day with nothing invested leaves the index; a job that lagged carries the last stored value', () => {
    // Only a live point (no stored day yet): the index starts today.
    const fresh = totalTwrIndex([live(1, 'ZAR', 50_000n, 50_000n)], [], convert, day('2026-11-12'));
    expect(fresh(day('2026-11-12'))).toBe('1.000000000000');
    // ZAR stored on the 10th only (R1,000), today R1,050 with no flow: the 11th carries R1,000.
    const lagged = totalTwrIndex(
      [live(1, 'ZAR', 105_000n, 0n)],
      [row(1, '2026-11-10', 100_000n, 100_000n)],
      convert,
      day('2026-11-12'),
    );
    expect(lagged(day('2026-11-11'))).toBe('1.000000000000');
    expect(lagged(day('2026-11-12'))).toBe('1.050000000000');
  });
});
