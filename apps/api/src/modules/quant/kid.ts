/**
 * The key information sheet (KID) of a structured product, computed from its terms and the
 * underlying's simulated history, never typed in (pure). Method: Commission Delegated Regulation
 * (EU) 2017/653 Annexes II, IV, VI and VII as amended by Delegated Regulation (EU) 2021/2268, for a
 * Category 3 PRIIP (a non-linear payoff on a priced underlying; Annex II point 6). Decision 0054
 * records the choices and which paragraph numbers were checked against which text: Annex II's are
 * cited as numbered in the 2017 text; Annex IV's Category 3 points were renumbered by 2021/2268
 * (not verified here), so they are cited by their subject.
 *
 * - History: the underlying's last 5 years of simulated daily closes (about 1,260 daily log
 *   returns r_i; mean M1, standard deviation σ, per day). Statistics, not money: floats; every money
 *   figure is computed exactly (payoff.ts) from a return rounded to 4 decimals, so the payoff a
 *   scenario shows is what maturity credits at that return.
 * - Simulation (Annex II points 19–21, bootstrapping): 10,000 paths; each draws N = round(term days
 *   × 252 / 365) daily returns at random, with replacement, from the history and sums them (S). The
 *   generator is seeded (KID_SEED): the same history and terms give the same sheet, to the digit.
 * - Market risk (Annex II points 1, 2, 17, 22): the log-level at the end of the recommended holding
 *   period (the term) is S − N·M1 − N·σ²/2 (the measured drift taken out, as for the risk-neutral
 *   measure; the simulated market has no risk-free curve, so r_f = 0 and no discounting). VaR = the
 *   payoff per unit paid (entry costs included) at the 2.5th percentile; VEV = (√(3.842 − 2·ln VaR)
 *   − 1.96) / √T (T in years); the market risk class (MRM) by VEV: < 0.5 % → 1, < 5 % → 2,
 *   < 12 % → 3, < 20 % → 4, < 30 % → 5, < 80 % → 6, else 7.
 * - Credit risk (Annex II Part 2): the issuer's credit quality step (CQS), adjusted for a term up to
 *   a year (one step better for CQS 1–5), mapped to the credit risk class (CRM): CQS 0–1 → 1,
 *   2 → 2, 3 → 3, 4 → 4, 5 → 5, 6 → 6. The summary risk indicator (Annex II Part 3) combines MRM
 *   and CRM by the regulation's table (SRI_TABLE below): credit risk only ever raises the class.
 * - Scenarios at maturity (Annex IV): favourable, moderate and unfavourable are the 90th, 50th and
 *   10th percentiles of the simulated log-level S − N·σ²/2. Stress: the returns rescaled to the
 *   stressed volatility σ_S — the 99th (term up to a year) or 90th (longer) percentile of the
 *   volatility of every 21-day window of the history — i.e. log-level M1·N + (σ_S/σ)(S − N·M1) −
 *   N·σ_S²/2, at the 1st (term up to a year) or 5th (longer) percentile, never above the
 *   unfavourable scenario (Annex IV point 2: it shows what that one does not). Percentiles are nearest-
 *   rank on the sorted simulations. The payoff is monotone in the underlying, so each scenario's
 *   payoff is the exact payoff formula at its percentile's return.
 * - Maximum loss held to maturity: amount × (1 − protection) + entry costs; early exit adds its cost.
 * - Costs over time (Annex VI, VII): entry costs (paid on top of the amount) and, before maturity,
 *   the early-exit cost; at 1 year (or half the term) and at maturity. The cost impact is the
 *   reduction in yield: the return in the moderate scenario before costs less the return after
 *   costs — per year (each compounded over the time held, actual/365) when held a year or more, over
 *   the time held when less (a 1-day term annualised would read "730 % a year" for a 2 % cost).
 *   Before maturity the moderate scenario is simulated over the time held (the early-exit value is
 *   the payoff formula at that day's level).
 */
import { formatMinor, type Currency } from '@imali/money';
import type { EarlyExitRule, Kid, KidCostPoint, KidScenario, KidScenarioName } from '@imali/contract';
import { payoffMinor, pctOfMinor, pctRatio, ratioOf, ratioText, type PayoffTerms } from './payoff';

/** kid-v3: bootstrapped scenarios, stressed volatility, credit risk, reduction in yield (decision 0054). */
export const KID_VERSION = 'kid-v3';
const YEAR_DAYS = 365;
export const HISTORY_DAYS = 1260;
const TRADING_DAYS_PER_YEAR = 252;
/** Annex II point 19: at least 10,000 simulations. */
export const SIMULATIONS = 10_000;
/** The generator's seed: a sheet is a function of its inputs. */
export const KID_SEED = 0x2017_0653;
/** Annex IV: the stressed volatility's rolling window, 21 daily observations. */
const STRESS_WINDOW = 21;
/**
 * Imali's credit quality step as the obligor of the payoff. Imali has no ECAI rating; decision 0054
 * takes CQS 3 (the regulation's default assessment for an unrated obligor, to be replaced by the
 * mapped rating when one exists). An operator may pass another per product (KidInput).
 */
export const ISSUER_CREDIT_QUALITY_STEP = 3;

export interface HistoryStats {
  /** Annualised standard deviation of daily log returns. */
  volatility: number;
  /** Annualised mean daily log return. */
  drift: number;
  /** Daily returns used. */
  days: number;
  /** The daily log returns themselves, oldest first (what the simulation draws from). */
  returns: readonly number[];
}

/** σ and μ of daily closes (oldest first), annualised; the last HISTORY_DAYS returns at most. */
export function historyStats(closes: readonly number[]): HistoryStats {
  const used = closes.slice(-(HISTORY_DAYS + 1)).filter((c) => c > 0);
  const logs: number[] = [];
  for (let i = 1; i < used.length; i++) logs.push(Math.log(used[i]! / used[i - 1]!));
  return statsOfReturns(logs);
}

/** The statistics of daily log returns (oldest first). */
export function statsOfReturns(logs: readonly number[]): HistoryStats {
  if (logs.length < 2 * STRESS_WINDOW)
    throw new Error(`too little history (${logs.length} daily returns) for a KID`);
  const { mean, sd } = moments(logs);
  return {
    volatility: sd * Math.sqrt(TRADING_DAYS_PER_YEAR),
    drift: mean * TRADING_DAYS_PER_YEAR,
    days: logs.length,
    returns: logs,
  };
}

function moments(xs: readonly number[]): { mean: number; sd: number } {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1);
  return { mean, sd: Math.sqrt(variance) };
}

/** mulberry32: a small, well-known 32-bit generator; uniform in [0, 1). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Annex II points 20–21: SIMULATIONS sums of `periods` daily returns drawn at random, with
 * replacement, from the history (bootstrapping), seeded.
 */
export function bootstrapSums(returns: readonly number[], periods: number, seed = KID_SEED): Float64Array {
  const next = generator(seed);
  const sums = new Float64Array(SIMULATIONS);
  const n = returns.length;
  for (let k = 0; k < SIMULATIONS; k += 1) {
    let s = 0;
    for (let i = 0; i < periods; i += 1) s += returns[Math.floor(next() * n)]!;
    sums[k] = s;
  }
  return sums;
}

/** Nearest-rank percentile p (0–100) of values (sorted here). */
export function percentile(values: Float64Array | number[], p: number): number {
  const sorted = Float64Array.from(values).sort();
  const rank = Math.max(1, Math.ceil((p * sorted.length) / 100));
  return sorted[rank - 1]!;
}

/** Trading periods (days) in a number of calendar days, at least 1. */
export const tradingPeriods = (days: number) =>
  Math.max(1, Math.round((days * TRADING_DAYS_PER_YEAR) / YEAR_DAYS));

/**
 * Annex IV (stress scenario): the stressed volatility (per day) — the 99th percentile (term up to a
 * year) or the 90th (longer) of the standard deviations of every 21-day window of the history.
 */
export function stressedVolatility(returns: readonly number[], termDays: number): number {
  const windows: number[] = [];
  for (let i = 0; i + STRESS_WINDOW <= returns.length; i += 1) {
    windows.push(moments(returns.slice(i, i + STRESS_WINDOW)).sd);
  }
  return percentile(windows, termDays <= YEAR_DAYS ? 99 : 90);
}

export const SCENARIO_PERCENTILE: Record<KidScenarioName, { percentile: number; label: string }> = {
  stress: { percentile: 1, label: 'Stress' },
  unfavourable: { percentile: 10, label: 'Unfavourable' },
  moderate: { percentile: 50, label: 'Moderate' },
  favourable: { percentile: 90, label: 'Favourable' },
};
/** Annex IV: the stress scenario's percentile, 1st for a term up to a year, 5th for longer. */
export const stressPercentile = (termDays: number) => (termDays <= YEAR_DAYS ? 1 : 5);

/** A simple return e^x − 1 rounded half-up to 4 decimals (as text, never '-0.0000'). */
function returnText(logLevel: number): string {
  const r = Math.expm1(logLevel);
  const text = (Math.round(r * 10_000) / 10_000).toFixed(4);
  return text === '-0.0000' ? '0.0000' : text;
}

/** The simulated distributions of one horizon (see the file comment). */
export interface Simulated {
  periods: number;
  /** Daily σ and stressed σ_S. */
  sigma: number;
  stressedSigma: number;
  /** The underlying's return (4 decimals) at each scenario's percentile, and at the 2.5th for the VaR. */
  scenarioReturns: Record<KidScenarioName, string>;
  stressPercentile: number;
  varReturn: string;
}

export function simulate(stats: HistoryStats, days: number, termDays = days): Simulated {
  const periods = tradingPeriods(days);
  const { mean, sd } = moments(stats.returns);
  const sums = bootstrapSums(stats.returns, periods);
  const stressedSigma = stressedVolatility(stats.returns, termDays);
  const n = periods;
  const scen = sums.map((s) => s - (n * sd * sd) / 2);
  const market = sums.map((s) => s - n * mean - (n * sd * sd) / 2);
  const scale = sd > 0 ? stressedSigma / sd : 1;
  const stress = sums.map((s) => n * mean + scale * (s - n * mean) - (n * stressedSigma * stressedSigma) / 2);
  const stressP = stressPercentile(termDays);
  const unfavourable = percentile(scen, 10);
  return {
    periods,
    sigma: sd,
    stressedSigma,
    scenarioReturns: {
      // Annex IV point 2: the stress scenario shows impacts the unfavourable one does not cover, so
      // it is never the better of the two (a calm history's stressed volatility can be below σ).
      stress: returnText(Math.min(percentile(stress, stressP), unfavourable)),
      unfavourable: returnText(unfavourable),
      moderate: returnText(percentile(scen, 50)),
      favourable: returnText(percentile(scen, 90)),
    },
    stressPercentile: stressP,
    varReturn: returnText(percentile(market, 2.5)),
  };
}

const RISK_WORDS = ['very low', 'low', 'medium-low', 'medium', 'medium-high', 'high', 'very high'];

/** PRIIPs market-risk class of a VaR-equivalent volatility (Annex II point 2). */
export function riskClass(vev: number): number {
  const bounds = [0.005, 0.05, 0.12, 0.2, 0.3, 0.8];
  const i = bounds.findIndex((b) => vev < b);
  return i === -1 ? 7 : i + 1;
}

/**
 * Annex II Part 2: the credit risk class of an obligor's credit quality step (0–6), the step first
 * adjusted for the term (up to a year: one step better for steps 1 to 5). Terms here are at most
 * 10 years, so the adjustment for maturities over 12 years never applies.
 */
export function creditRiskClass(creditQualityStep: number, termDays: number): number {
  if (!Number.isInteger(creditQualityStep) || creditQualityStep < 0 || creditQualityStep > 6)
    throw new Error(`not a credit quality step: ${creditQualityStep}`);
  const adjusted =
    termDays <= YEAR_DAYS && creditQualityStep >= 1 && creditQualityStep <= 5
      ? creditQualityStep - 1
      : creditQualityStep;
  return Math.max(1, adjusted);
}

/** Annex II Part 3: the summary risk indicator, SRI_TABLE[CRM − 1][MRM − 1]. */
export const SRI_TABLE: readonly (readonly number[])[] = [
  [1, 2, 3, 4, 5, 6, 7],
  [1, 2, 3, 4, 5, 6, 7],
  [3, 3, 3, 4, 5, 6, 7],
  [5, 5, 5, 5, 5, 6, 7],
  [5, 5, 5, 5, 5, 6, 7],
  [6, 6, 6, 6, 6, 6, 7],
];
export const summaryRiskIndicator = (mrm: number, crm: number) => SRI_TABLE[crm - 1]![mrm - 1]!;

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
  /** The issuer's credit quality step (default ISSUER_CREDIT_QUALITY_STEP). */
  issuerCreditQualityStep?: number;
}

const num = (x: string) => Number(x) / 100;
/** The payoff multiple as a float (statistics only; money uses payoffMinor). */
function multipleAt(terms: PayoffTerms, r: number): number {
  let m = 1 + num(terms.participationPct) * r;
  if (terms.capPct !== null) m = Math.min(m, num(terms.capPct));
  return Math.max(m, num(terms.protectionPct));
}

/** VaR-equivalent volatility (Annex II point 17) from the simulated 2.5th-percentile return. */
export function productVev(terms: KidTerms, termDays: number, varReturn: string): number {
  const t = termDays / YEAR_DAYS;
  const perUnitPaid = multipleAt(terms, Number(varReturn)) / (1 + num(terms.entryFeePct));
  return Math.max(0, (Math.sqrt(3.842 - 2 * Math.log(perUnitPaid)) - 1.96) / Math.sqrt(t));
}

const pctText = (pct: string) => `${ratioText(ratioOf(pct), 2).replace(/\.?0+$/, '')}%`;
const fixed4 = (x: number) => {
  const t = (Math.round(x * 10_000) / 10_000).toFixed(4);
  return t === '-0.0000' ? '0.0000' : t;
};

/** '1 day', '2 days'. */
export const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

export function computeKid(input: KidInput): Kid {
  const { terms, termDays, stats, currency } = input;
  const ref = input.referenceAmountMinor ?? 1_000_000n;
  const money = (minor: bigint) => formatMinor(minor, currency);
  const years = termDays / YEAR_DAYS;
  const entry = pctOfMinor(ref, terms.entryFeePct);
  const paid = ref + entry;
  const exitCost = pctOfMinor(ref, terms.earlyExitCostPct);
  const sim = simulate(stats, termDays);

  const scenarios: KidScenario[] = (Object.keys(SCENARIO_PERCENTILE) as KidScenarioName[]).map((name) => {
    const { label } = SCENARIO_PERCENTILE[name];
    const percentileShown = name === 'stress' ? sim.stressPercentile : SCENARIO_PERCENTILE[name].percentile;
    const underlyingReturn = sim.scenarioReturns[name];
    const payoff = payoffMinor(ref, terms, ratioOf(underlyingReturn));
    const gain = payoff - paid;
    const annual = termDays >= YEAR_DAYS ? Math.pow(Number(payoff) / Number(paid), 1 / years) - 1 : null;
    return {
      name,
      label,
      percentile: percentileShown,
      underlying_return: underlyingReturn,
      payoff: money(payoff),
      gain: money(gain),
      return: ratioText({ num: gain, den: paid }),
      annual_return: annual === null ? null : fixed4(annual),
    };
  });

  const protection = pctRatio(terms.protectionPct);
  // amount × (1 − protection), rounded up: the sheet never understates a loss.
  const unprotected = ref * (protection.den - protection.num);
  const capitalLoss = unprotected / protection.den + (unprotected % protection.den === 0n ? 0n : 1n);
  const maxLoss = capitalLoss + entry;
  const vev = productVev(terms, termDays, sim.varReturn);
  const mrm = riskClass(vev);
  const cqs = input.issuerCreditQualityStep ?? ISSUER_CREDIT_QUALITY_STEP;
  const crm = creditRiskClass(cqs, termDays);
  const risk = summaryRiskIndicator(mrm, crm);
  const canExit = terms.earlyExit === 'daily';

  const costPoint = (label: string, days: number, atMaturity: boolean): KidCostPoint => {
    const total = entry + (atMaturity ? 0n : exitCost);
    // The moderate scenario at the point: maturity's, or simulated over the time held.
    const moderate = atMaturity
      ? sim.scenarioReturns.moderate
      : simulate(stats, days, termDays).scenarioReturns.moderate;
    const before = Number(payoffMinor(ref, terms, ratioOf(moderate)));
    const after = before - Number(atMaturity ? 0n : exitCost);
    const perYear = days >= YEAR_DAYS;
    const rate = (out: number, inn: number) =>
      perYear ? Math.pow(Math.max(out, 0) / inn, YEAR_DAYS / days) - 1 : out / inn - 1;
    const beforeCosts = rate(before, Number(ref));
    const afterCosts = rate(after, Number(paid));
    return {
      label,
      days,
      total_costs: money(total),
      cost_impact: fixed4(before / Number(ref) - after / Number(paid)),
      annual_cost_impact: perYear ? fixed4(beforeCosts - afterCosts) : null,
      return_before_costs: fixed4(beforeCosts),
      return_after_costs: fixed4(afterCosts),
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
  const annualSigma = (s: number) => `${(s * Math.sqrt(TRADING_DAYS_PER_YEAR) * 100).toFixed(2)}%`;
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
    market_risk_class: mrm,
    credit_risk_class: crm,
    credit_quality_step: cqs,
    risk_text:
      `We have classified this product as ${risk} out of 7, which is a ${RISK_WORDS[risk - 1]} risk class. ` +
      `It rates the potential losses from future performance at a ${RISK_WORDS[mrm - 1]} level ` +
      `(market risk class ${mrm} of 7, from the capital protection and the underlying's volatility), and ` +
      `the chance that Imali cannot pay you as credit risk class ${crm} of 6 (credit quality step ${cqs}).`,
    vev: vev.toFixed(4),
    volatility: stats.volatility.toFixed(4),
    stressed_volatility: (sim.stressedSigma * Math.sqrt(TRADING_DAYS_PER_YEAR)).toFixed(4),
    drift: stats.drift.toFixed(4),
    history_days: stats.days,
    method:
      `Scenarios are the 90th, 50th and 10th percentiles of ${SIMULATIONS.toLocaleString('en-GB')} simulated paths ` +
      `of the underlying over the term, each drawing its daily returns at random from the last ${stats.days} ` +
      `simulated daily returns (volatility ${annualSigma(sim.sigma)} a year). The stress scenario is the ` +
      `${sim.stressPercentile === 1 ? '1st' : '5th'} percentile with the volatility of the underlying's most ` +
      `volatile 21-day spells (${annualSigma(sim.stressedSigma)} a year). The payoff formula is applied exactly. ` +
      `They are estimates, not a guarantee: what you get depends on how the market performs.`,
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
        : '') +
      ' If Imali cannot pay, you could lose more, up to the whole amount.',
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
 * A sheet stored before kid-v3 (structured_products.kid is written once, at creation), shown as it
 * was computed, with the fields kid-v3 added: its score was the market risk class alone (no credit
 * step), and its cost impact was costs ÷ amount (no reduction in yield), so the new fields are the
 * score and null. A kid-v1 sheet also gets the kid-v2 rules: the cost impact over the time held
 * added (exact, from its own figures) and the annualised figures of periods under a year dropped.
 */
export function kidForDisplay(kid: Kid, termDays: number): Kid {
  if (kid.version === KID_VERSION) return kid;
  let shown: Kid = kid;
  if (kid.version === 'kid-v1') {
    const minor = (text: string) => {
      const d = ratioOf(text);
      return (d.num * 100n) / d.den;
    };
    const ref = minor(kid.reference_amount);
    shown = {
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
  return {
    ...shown,
    market_risk_class: shown.market_risk_class ?? shown.risk_score,
    credit_risk_class: shown.credit_risk_class ?? null,
    credit_quality_step: shown.credit_quality_step ?? null,
    stressed_volatility: shown.stressed_volatility ?? null,
    costs_over_time: shown.costs_over_time.map((c) => ({
      ...c,
      return_before_costs: c.return_before_costs ?? null,
      return_after_costs: c.return_after_costs ?? null,
    })),
  };
}
