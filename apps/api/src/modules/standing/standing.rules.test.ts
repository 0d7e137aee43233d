import { describe, expect, it } from 'vitest';
import { standingOf, type StandingFacts } from './standing.rules';

const newcomer: StandingFacts = {
  kycApproved: false,
  hasPin: false,
  hasBankCard: false,
  hasConfirmedDeposit: false,
  executedOrders: 0,
  accountAgeDays: 0,
  refusedWithdrawal90d: false,
  investedZarMinor: 0n,
};

describe('standing rules', () => {
  it('a newcomer is VIP 0 with only the clean-withdrawals points', () => {
    const s = standingOf(newcomer);
    expect(s).toMatchObject({ vip: 0, score: 10, orderNum: 0, nextVipAtRand: 10_000 });
  });

  it('adds each rule met and levels VIP by the amount invested', () => {
    const s = standingOf({
      ...newcomer,
      kycApproved: true,
      hasPin: true,
      hasBankCard: true,
      hasConfirmedDeposit: true,
      executedOrders: 7,
      accountAgeDays: 200,
      investedZarMinor: 25_000_000n, // R250,000: level 3 exactly
    });
    expect(s).toMatchObject({ vip: 3, score: 100, orderNum: 7, nextVipAtRand: 1_000_000 });
    expect(standingOf({ ...newcomer, investedZarMinor: 24_999_999n }).vip).toBe(2);
    expect(standingOf({ ...newcomer, investedZarMinor: 600_000_000n })).toMatchObject({
      vip: 5,
      nextVipAtRand: null,
    });
  });

  it('a refused withdrawal in the last 90 days costs its points', () => {
    expect(standingOf({ ...newcomer, refusedWithdrawal90d: true }).score).toBe(0);
  });
});
