/**
 * The key information sheet (KID) of a structured product, computed from its terms and the
 * underlying's simulated history, never typed in (pure; EU PRIIPs RTS 2017/653 as the model, see
 * ../shared/research/investing-anchors.md section 4 and docs/decisions/0034-structured.md).
 *
 * Rules:
 * - History: the underlying's last 5 years of simulated daily closes before the sheet is computed
 *   (about 1,260). volatility σ = standard deviation of daily log returns × √252; drift μ = mean
 *   daily log return × 252. Statistics, not money: floats are fine here; every money figure below
 *   is computed exactly (payoff.ts) from the scenario return rounded to 4 decimals.
 * - Scenarios at maturity (term T = term days ÷ 365 years): the underlying's return over the term
 *   is r_q = exp(μT + z_q σ √T) − 1, rounded half-up to 4 decimals, at percentile q of that
 *   lognormal distribution: stress 1st (z = −2.3263), unfavourable 10th (−1.2816), moderate 50th
 *   (0), favourable 90th (+1.2816). Each scenario's payoff is the exact payoff formula on the
 *   reference amount at r_q, so what maturity credits at that return is what the sheet shows.
 * - Risk score (summary risk indicator 1–7): PRIIPs market-risk measure for a product with a
 *   non-linear payoff. VaR = ln(payoff at the 2.5th percentile of the underlying (z = −1.96) per
 *   unit paid, entry costs included); VaR-equivalent volatility VEV = (√(3.842 − 2·VaR) − 1.96)/√T;
 *   class by VEV: < 0.5 % → 1, < 5 % → 2, < 12 % → 3, < 20 % → 4, < 30 % → 5, < 80 % → 6, else 7.
 *   Protection lifts the 2.5th-percentile payoff (100 % protection → VaR ≥ 0 → 1); a volatile
 *   underlying with little protection scores high. Credit risk of the (simulated) issuer is not
 *   scored: the sheet says so.
 * - Maximum loss held to maturity: amount × (1 − protection) + entry costs. Early exit adds its
 *   cost (a % of the amount) on top.
 * - Costs over time: entry costs (a % of the amount, paid on top of it) and, when exiting before
 *   maturity, the early-exit cost; at 1 year (when the term is longer) and at maturity, with the
 *   cost impact = total costs ÷ amount over the time held and, for a point held a year or more,
 *   the annual cost impact = cost impact ÷ years held.
 * - Annualised figures only where a year makes sense (PRIIPs: the recommended holding period drives
 *   the presentation; a product held less than a year shows its returns and cost impact over the
 *   period, not per year): a scenario's annual return is null when the term is under 365 days, a
 *   cost point's annual impact when it is held under 365 days. A 1-day term annualised would read
 *   "730 % a year" for a 2 % cost.
 */
import { formatMinor, type Currency } from '@imali/money';
import type { EarlyExitRule, Kid, KidCostPoint, KidScenario, KidScenarioName } from '@imali/contract';
import { payoffMinor, pctOfMinor, pctRatio, ratioOf, ratioText, type PayoffTerms } from './payoff';

/** kid-v2: annualised figures null under a year, cost_impact over the time held (issue 24). */
export const KID_VERSION = 'kid-v2';
const YEAR_DAYS = 365;
export const HISTORY_DAYS = 1260;
const TRADING_DAYS_PER_YEAR = 252;

export interface HistoryStats {
  /** Annualised standard deviation of daily log returns. */
  volatility: number;
  /** Annualised mean daily log return. */
  drift: number;
  /** Daily returns used. */
  days: number;
}

/** σ and μ of daily closes (oldest first), annualised; the last HISTORY_DAYS returns at most. */
export function historyStats(closes: readonly number[]): HistoryStats {
  const used = closes.slice(-(HISTORY_DAYS + 1)).filter((c) => c > 0);
  const logs: number[] = [];
  for (let i = 1; i < used.length; i++) logs.push(Math.log(used[i]! / used[i - 1]!));
  if (logs.length < 20) throw new Error(`too little history (${logs.length} daily returns) for a KID`);
  const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
  const variance = logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (logs.length - 1);
  return {
    volatility: Math.sqrt(variance * TRADING_DAYS_PER_YEAR),
    drift: mean * TRADING_DAYS_PER_YEAR,
    days: logs.length,
  };
}

export const SCENARIO_Z: Record<KidScenarioName, { z: number; percentile: number; label: string }> = {
  stress: { z: -2.3263, percentile: 1, label: 'Stress' },
  unfavourable: { z: -1.2816, percentile: 10, label: 'Unfavourable' },
  moderate: { z: 0, percentile: 50, label: 'Moderate' },
  favourable: { z: 1.2816, percentile: 90, label: 'Favourable' },
};

/** The underlying's return over the term at normal quantile z, rounded half-up to 4 decimals. */
export function scenarioReturn(stats: HistoryStats, termDays: number, z: number): string {
  const t = termDays / 365;
  const r = Math.exp(stats.drift * t + z * stats.volatility * Math.sqrt(t)) - 1;
  // toFixed rounds the binary value; 4 decimals of a statistic need nothing finer.
  const text = (Math.round(r * 10_000) / 10_000).toFixed(4);
  return text === '-0.0000' ? '0.0000' : text;
}

const RISK_WORDS = ['very low', 'low', 'medium-low', 'medium', 'medium-high', 'high', 'very high'];

/** PRIIPs market-risk class of a VaR-equivalent volatility. */
export function riskClass(vev: number): number {
  const bounds = [0.005, 0.05, 0.12, 0.2, 0.3, 0.8];
  const i = bounds.findIndex((b) => vev < b);
  return i === -1 ? 7 : i + 1;
}

export interface KidTerms extends PayoffTerms {
  entryFeePct: string;
  earlyExit: EarlyExitRule;
  earlyExitCostPct: string;
}

export interface KidInput {
  name: string;
  underlying: { symbol: string; name: string };
  currency: Currency;
  terms: KidTerms;
  termDays: number;
  stats: HistoryStats;
  computedAt: Date;
  /** The reference amount the figures are shown for (minor units; default 10,000.00). */
  referenceAmountMinor?: bigint;
}

/** VaR-equivalent volatility of the product (see the file comment). */
export function productVev(terms: KidTerms, termDays: number, stats: HistoryStats): number {
  const t = termDays / 365;
  const r = Math.exp(stats.drift * t - 1.96 * stats.volatility * Math.sqrt(t)) - 1;
  const num = (x: string) => Number(x) / 100;
  let m = 1 + num(terms.participationPct) * r;
  if (terms.capPct !== null) m = Math.min(m, num(terms.capPct));
  m = Math.max(m, num(terms.protectionPct));
  const perUnitPaid = m / (1 + num(terms.entryFeePct));
  const varReturn = Math.log(perUnitPaid);
  return Math.max(0, (Math.sqrt(3.842 - 2 * varReturn) - 1.96) / Math.sqrt(t));
}

const pctText = (pct: string) => `${ratioText(ratioOf(pct), 2).replace(/\.?0+$/, '')}%`;

/** '1 day', '2 days'. */
export const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

export function computeKid(input: KidInput): Kid {
  const { terms, termDays, stats, currency } = input;
  const ref = input.referenceAmountMinor ?? 1_000_000n;
  const money = (minor: bigint) => formatMinor(minor, currency);
  const years = termDays / 365;
  const entry = pctOfMinor(ref, terms.entryFeePct);
  const paid = ref + entry;
  const exitCost = pctOfMinor(ref, terms.earlyExitCostPct);

  const scenarios: KidScenario[] = (Object.keys(SCENARIO_Z) as KidScenarioName[]).map((name) => {
    const { z, percentile, label } = SCENARIO_Z[name];
    const underlyingReturn = scenarioReturn(stats, termDays, z);
    const payoff = payoffMinor(ref, terms, ratioOf(underlyingReturn));
    const gain = payoff - paid;
    const annual = termDays >= YEAR_DAYS ? Math.pow(Number(payoff) / Number(paid), 1 / years) - 1 : null;
    return {
      name,
      label,
      percentile,
      underlying_return: underlyingReturn,
      payoff: money(payoff),
      gain: money(gain),
      return: ratioText({ num: gain, den: paid }),
      annual_return:
        annual === null
          ? null
          : (Math.round(annual * 10_000) / 10_000).toFixed(4).replace(/^-0\.0000$/, '0.0000'),
    };
  });

  const protection = pctRatio(terms.protectionPct);
  // amount × (1 − protection), rounded up: the sheet never understates a loss.
  const unprotected = ref * (protection.den - protection.num);
  const capitalLoss = unprotected / protection.den + (unprotected % protection.den === 0n ? 0n : 1n);
  const maxLoss = capitalLoss + entry;
  const vev = productVev(terms, termDays, stats);
  const risk = riskClass(vev);
  const canExit = terms.earlyExit === 'daily';

  const costPoint = (label: string, days: number, atMaturity: boolean): KidCostPoint => {
    const total = entry + (atMaturity ? 0n : exitCost);
    const annual = Number(total) / Number(ref) / (days / YEAR_DAYS);
    return {
      label,
      days,
      total_costs: money(total),
      cost_impact: ratioText({ num: total, den: ref }),
      annual_cost_impact: days >= YEAR_DAYS ? (Math.round(annual * 10_000) / 10_000).toFixed(4) : null,
      available: atMaturity || canExit,
    };
  };
  const costs: KidCostPoint[] = [];
  if (termDays > YEAR_DAYS) costs.push(costPoint('If you exit after 1 year', 365, false));
  // Half of a 1-day term is no point in time before maturity: only maturity is shown then.
  else if (termDays >= 2)
    costs.push(costPoint('If you exit at half the term', Math.floor(termDays / 2), false));
  costs.push(costPoint('If you hold to maturity', termDays, true));

  const cap = terms.capPct === null ? 'no cap' : `at most ${pctText(terms.capPct)} of the amount`;
  const refText = `${money(ref)} ${currency}`;
  return {
    version: KID_VERSION,
    computed_at: input.computedAt.toISOString(),
    comprehension_alert:
      'You are about to purchase a product that is not simple and may be difficult to understand.',
    what_it_is:
      `${input.name} is a structured investment linked to ${input.underlying.name} (${input.underlying.symbol}). ` +
      `At maturity it pays the amount invested × (1 + ${pctText(terms.participationPct)} of the underlying's return ` +
      `over the term), at least ${pctText(terms.protectionPct)} of the amount (capital protection) and ${cap}. ` +
      `No dividends are paid.`,
    risk_score: risk,
    risk_text:
      `We have classified this product as ${risk} out of 7, which is a ${RISK_WORDS[risk - 1]} risk class. ` +
      `It rates the potential losses from future performance at a ${RISK_WORDS[risk - 1]} level, ` +
      `from the capital protection and the underlying's volatility. The issuer's ability to pay is not part of the score.`,
    vev: vev.toFixed(4),
    volatility: stats.volatility.toFixed(4),
    drift: stats.drift.toFixed(4),
    history_days: stats.days,
    method:
      `Scenarios are the 1st (stress), 10th, 50th and 90th percentiles of the underlying's return over the term, ` +
      `from the volatility (${(stats.volatility * 100).toFixed(2)}% a year) and mean return of its last ` +
      `${stats.days} simulated daily closes, with the payoff formula applied exactly. They are estimates, ` +
      `not a guarantee: what you get depends on how the market performs.`,
    currency,
    reference_amount: money(ref),
    entry_costs: money(entry),
    max_loss: money(maxLoss),
    max_loss_ratio: ratioText({ num: maxLoss, den: paid }),
    max_loss_text:
      `Held to maturity, you can lose at most ${money(maxLoss)} ${currency} of every ${refText} invested ` +
      `(100% less the protection of ${pctText(terms.protectionPct)}, plus entry costs of ${money(entry)}).` +
      (canExit
        ? ` If you exit early, the early-exit cost of ${pctText(terms.earlyExitCostPct)} of the amount (${money(exitCost)}) is lost as well.`
        : ''),
    scenarios,
    costs_over_time: costs,
    holding_period: `Recommended holding period: to maturity (${daysText(termDays)}).`,
    early_exit_text: canExit
      ? `You may exit on any day before maturity. You receive the payoff formula at that day's level ` +
        `(protection included) less an early-exit cost of ${pctText(terms.earlyExitCostPct)} of the amount invested.`
      : 'This product cannot be exited before maturity: the amount is committed for the whole term.',
    liquidity_text: canExit
      ? 'Exiting early costs more than holding to maturity; the protection is designed for holders to maturity.'
      : 'You cannot take your money out before maturity.',
    default_text:
      'Imali pays the payoff from its structured-products book; the payment is not covered by an investor compensation scheme.',
  };
}

/**
 * A sheet stored before kid-v2 (structured_products.kid is written once, at creation), shown by
 * the kid-v2 rules: the cost impact over the time held added (exact, from its own figures), and
 * the annualised figures of periods under a year dropped. Nothing else of it changes.
 */
export function kidForDisplay(kid: Kid, termDays: number): Kid {
  if (kid.version !== 'kid-v1') return kid;
  const minor = (text: string) => {
    const d = ratioOf(text);
    return (d.num * 100n) / d.den;
  };
  const ref = minor(kid.reference_amount);
  return {
    ...kid,
    scenarios: kid.scenarios.map((s) => (termDays >= YEAR_DAYS ? s : { ...s, annual_return: null })),
    costs_over_time: kid.costs_over_time.map((c) => ({
      ...c,
      cost_impact: ratioText({ num: minor(c.total_costs), den: ref }),
      annual_cost_impact: c.days >= YEAR_DAYS ? c.annual_cost_impact : null,
    })),
    holding_period: kid.holding_period.replace(/\(1 days\)/, '(1 day)'),
  };
}
