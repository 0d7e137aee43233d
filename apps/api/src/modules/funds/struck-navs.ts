/**
 * The NAVs of a fund as struck (out of funds.service.ts, issue 21 point 4): the simulator of the
 * app's seed, a fund row as nav.ts sees it, the latest NAV at an instant, and striking the days not
 * yet struck into `fund_navs` (first strike wins). The client's pages, the valuation and the
 * operator's fund creation all use them; nav.ts stays pure (no I/O, no clock).
 */
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { toSim } from '../market/market.service';
import { MarketSimulator } from '../market/simulator/simulator';
import * as repo from './funds.repository';
import { dayToIso, isoToDay, lastValuationDay, navHistory, navOn, type NavFund } from './nav';

// One simulator per seed and process: the NAV is derived, so its caches are not state.
const sims = new Map<number, MarketSimulator>();
export function simOf(ctx: AppContext) {
  const seed = ctx.config.MARKET_SIM_SEED;
  let sim = sims.get(seed);
  if (!sim) sims.set(seed, (sim = new MarketSimulator(seed)));
  return sim;
}

export function navFundOf({ terms, benchmark }: Pick<repo.FundRow, 'terms' | 'benchmark'>): NavFund {
  return {
    code: terms.code,
    benchmark: toSim(benchmark),
    launchDay: isoToDay(terms.launchDay),
    launchNav: terms.launchNav,
    annualCostPercent: Number(terms.terPercent) + Number(terms.transactionCostsPercent),
  };
}

/** The latest NAV struck by `at` (market clock): a pure function, the same as the stored strike. */
export function latestNavAt(ctx: AppContext, fund: repo.FundRow, at: Date) {
  const nav = navFundOf(fund);
  const day = Math.max(lastValuationDay(at, fund.terms.valuationMinute), nav.launchDay);
  return { day, nav: navOn(simOf(ctx), nav, day) };
}

/** Strikes the NAVs of every business day after the last one struck up to `day` (first strike wins). */
export async function strikeUntil(ctx: AppContext, db: Db, fund: repo.FundRow, day: number) {
  const last = await repo.lastNav(db, fund.offering.id);
  const from = last ? isoToDay(last.day) + 1 : isoToDay(fund.terms.launchDay);
  if (from > day) return 0;
  const struckAt = ctx.clock.now();
  const rows = navHistory(simOf(ctx), navFundOf(fund), from, day).map((p) => ({
    offeringId: fund.offering.id,
    day: dayToIso(p.day),
    nav: p.nav,
    struckAt,
  }));
  await repo.strikeNavs(db, rows);
  return rows.length;
}
