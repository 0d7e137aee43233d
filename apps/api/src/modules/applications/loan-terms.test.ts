import { describe, expect, it } from 'vitest';
import { addMonths, annuityInstalmentMinor, quoteLoan, repaymentSchedule } from './loan-terms';

describe('loan terms (exact annuity maths)', () => {
  it('R10 000 over 12 months at 18 % a year: instalment R916.80, the last R916.81, total R11 001.61', () => {
    // 10 000 × 0.015 ÷ (1 − 1.015^−12) = 916.7999… → 916.80
    expect(annuityInstalmentMinor(1_000_000n, 1800, 12)).toBe(91_680n);
    const rows = repaymentSchedule(1_000_000n, 1800, 12, new Date('2026-01-31T10:00:00Z'));
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual({
      seq: 1,
      dueOn: '2026-02-28',
      instalmentMinor: 91_680n,
      principalMinor: 76_680n,
      interestMinor: 15_000n,
      balanceAfterMinor: 923_320n,
    });
    expect(rows[11]).toMatchObject({
      seq: 12,
      dueOn: '2027-01-31',
      instalmentMinor: 91_681n,
      balanceAfterMinor: 0n,
    });
    expect(rows.reduce((s, r) => s + r.principalMinor, 0n)).toBe(1_000_000n);
    expect(rows.reduce((s, r) => s + r.instalmentMinor, 0n)).toBe(1_100_161n);
    for (const r of rows) expect(r.instalmentMinor).toBe(r.principalMinor + r.interestMinor);
  });

  it('at 0 % the instalments repay the principal exactly', () => {
    const rows = repaymentSchedule(100_000n, 0, 3, new Date('2026-03-15T00:00:00Z'));
    expect(rows.map((r) => r.instalmentMinor)).toEqual([33_333n, 33_333n, 33_334n]);
  });

  it('due dates clamp to the end of shorter months', () => {
    expect(addMonths(new Date('2026-01-31T00:00:00Z'), 1)).toBe('2026-02-28');
    expect(addMonths(new Date('2028-01-31T00:00:00Z'), 1)).toBe('2028-02-29');
    expect(addMonths(new Date('2026-11-30T00:00:00Z'), 3)).toBe('2027-02-28');
  });

  it('affordability: the largest instalment within 50 % of income after expenses', () => {
    const base = { currency: 'ZAR' as const, principalMinor: 1_000_000n, months: 12, start: new Date() };
    const ok = quoteLoan({ ...base, monthlyIncomeMinor: 2_000_000n, monthlyExpensesMinor: 1_200_000n });
    expect(ok).toMatchObject({ affordable: true, shareText: '11.46', totalCostMinor: 100_161n });
    expect(ok.summary).toContain('916.81 ZAR is 11.46% of your income after expenses (8000.00 ZAR)');
    const tight = quoteLoan({ ...base, monthlyIncomeMinor: 300_000n, monthlyExpensesMinor: 120_000n });
    expect(tight).toMatchObject({ affordable: false, shareText: '50.93' });
    const none = quoteLoan({ ...base, monthlyIncomeMinor: 100_000n, monthlyExpensesMinor: 100_000n });
    expect(none).toMatchObject({ affordable: false, shareText: '--' });
  });
  it("affordability counts the client's other loans' instalments against the same income", () => {
    const base = { currency: 'ZAR' as const, principalMinor: 1_000_000n, months: 12, start: new Date() };
    const income = { monthlyIncomeMinor: 2_000_000n, monthlyExpensesMinor: 1_200_000n };
    // Alone 916.81 of 8000.00 fits; with 3200.00 of other instalments 4116.81 is 51.46 % > 50 %.
    const stacked = quoteLoan({ ...base, ...income, otherInstalmentsMinor: 320_000n });
    expect(stacked).toMatchObject({ affordable: false, shareText: '51.46', otherInstalmentsMinor: 320_000n });
    expect(stacked.summary).toBe(
      "The instalment of 916.81 ZAR with your other loans' 3200.00 ZAR (4116.81 ZAR a month) is 51.46% of " +
        'your income after expenses (8000.00 ZAR); at most 50% is allowed: not affordable.',
    );
    // Exactly 50 % still fits: 916.81 + 3083.19 = 4000.00.
    expect(quoteLoan({ ...base, ...income, otherInstalmentsMinor: 308_319n })).toMatchObject({
      affordable: true,
      shareText: '50.00',
    });
  });
});
