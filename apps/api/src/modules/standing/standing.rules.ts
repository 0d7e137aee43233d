/**
 * A client's VIP level and trust score (spec section 3: vip, score, order_num), derived from
 * documented rules and never typed in (decision 0036). Pure: the service gathers the facts.
 * Version the rules when they change; the client sees each rule and whether it is met.
 */

export const STANDING_RULES_VERSION = 'standing-2026-11';

export interface StandingFacts {
  kycApproved: boolean;
  hasPin: boolean;
  /** A bank card on file (not deleted). Existence is all a rule needs: an index probe. */
  hasBankCard: boolean;
  /** A deposit an operator confirmed. */
  hasConfirmedDeposit: boolean;
  /** Orders executed (holding or sold): order_num, kept per account and product (migration 0018). */
  executedOrders: number;
  /** Days since sign-up. */
  accountAgeDays: number;
  /** A withdrawal refused in the last 90 days. */
  refusedWithdrawal90d: boolean;
  /** Σ invested over all products, in ZAR minor units (each account converted at mid). */
  investedZarMinor: bigint;
}

/** VIP level n needs at least this much invested, in rand (level 0: anything). */
export const VIP_THRESHOLDS_RAND = [0, 10_000, 50_000, 250_000, 1_000_000, 5_000_000] as const;

export interface ScoreRule {
  code: string;
  label: string;
  points: number;
  met: boolean;
}

export interface Standing {
  version: string;
  vip: number;
  /** What the next level needs, in rand; null at the top. */
  nextVipAtRand: number | null;
  score: number;
  orderNum: number;
  rules: ScoreRule[];
}

export function standingOf(f: StandingFacts): Standing {
  const investedRand = Number(f.investedZarMinor / 100n);
  let vip = 0;
  VIP_THRESHOLDS_RAND.forEach((threshold, level) => {
    if (investedRand >= threshold) vip = level;
  });
  const rules: ScoreRule[] = [
    { code: 'kyc', label: 'Identity verified (KYC approved)', points: 30, met: f.kycApproved },
    { code: 'pin', label: 'Trading PIN set', points: 10, met: f.hasPin },
    { code: 'bank_card', label: 'A bank card on file for withdrawals', points: 10, met: f.hasBankCard },
    { code: 'deposit', label: 'At least one confirmed deposit', points: 15, met: f.hasConfirmedDeposit },
    { code: 'trade', label: 'At least one executed order', points: 10, met: f.executedOrders > 0 },
    { code: 'age_30', label: 'Client for 30 days or more', points: 10, met: f.accountAgeDays >= 30 },
    { code: 'age_180', label: 'Client for 180 days or more', points: 5, met: f.accountAgeDays >= 180 },
    {
      code: 'clean_withdrawals',
      label: 'No refused withdrawal in the last 90 days',
      points: 10,
      met: !f.refusedWithdrawal90d,
    },
  ];
  const score = rules.reduce((total, r) => total + (r.met ? r.points : 0), 0);
  return {
    version: STANDING_RULES_VERSION,
    vip,
    nextVipAtRand: vip + 1 < VIP_THRESHOLDS_RAND.length ? VIP_THRESHOLDS_RAND[vip + 1]! : null,
    score,
    orderNum: f.executedOrders,
    rules,
  };
}
