/**
 * Which fee schedules the API prices trades with: packages/money's shipped schedules
 * (DEFAULT_FEE_SCHEDULES), each replaced by a JSON file of the same country in FEE_SCHEDULES_DIR
 * when that is set. The engine itself (computeFees) is pure and lives in packages/money, so the
 * preview and the receipt cannot disagree.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_FEE_SCHEDULES,
  FeeScheduleError,
  computeFees,
  parseFeeSchedule,
  type FeeBreakdown,
  type FeeSchedule,
  type TradeSide,
} from '@imali/money';
import type { Config } from '../../config/env';
import type { AppContext } from '../../lib/context';

export interface FeeSchedules {
  /** The schedule in force per country. */
  current: Map<string, FeeSchedule>;
  /** Every known schedule by version (shipped ones stay findable when a file replaces them). */
  byVersion: Map<string, FeeSchedule>;
}

/** Reads and validates every *.json of `dir`; a bad file stops the process with the file named. */
export function loadFeeSchedules(dir: string | undefined): FeeSchedules {
  const current = new Map(DEFAULT_FEE_SCHEDULES.map((s) => [s.country, s]));
  const byVersion = new Map(DEFAULT_FEE_SCHEDULES.map((s) => [s.version, s]));
  if (dir) {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
    const seen = new Set<string>();
    for (const file of files) {
      const full = path.join(dir, file);
      let schedule: FeeSchedule;
      try {
        schedule = parseFeeSchedule(JSON.parse(fs.readFileSync(full, 'utf8')));
      } catch (error) {
        throw new FeeScheduleError(`${full}: ${(error as Error).message}`);
      }
      if (seen.has(schedule.country)) {
        throw new FeeScheduleError(`${full}: a second schedule for ${schedule.country} in ${dir}`);
      }
      const shipped = byVersion.get(schedule.version);
      if (shipped && shipped.country !== schedule.country) {
        throw new FeeScheduleError(`${full}: version ${schedule.version} belongs to ${shipped.country}`);
      }
      seen.add(schedule.country);
      current.set(schedule.country, schedule);
      byVersion.set(schedule.version, schedule);
    }
  }
  return { current, byVersion };
}

// Configuration is read once per config object (a process has one; tests may build several).
const cache = new WeakMap<Config, FeeSchedules>();
export function feeSchedules(config: Config): FeeSchedules {
  let schedules = cache.get(config);
  if (!schedules) {
    schedules = loadFeeSchedules(config.FEE_SCHEDULES_DIR);
    cache.set(config, schedules);
  }
  return schedules;
}

/** The schedule in force for an instrument's country ('ZA', 'IN', 'US'). */
export function scheduleForCountry(ctx: Pick<AppContext, 'config'>, country: string): FeeSchedule {
  const schedule = feeSchedules(ctx.config).current.get(country);
  if (!schedule) throw new FeeScheduleError(`No fee schedule for country ${country}`);
  return schedule;
}

/** Every schedule in force, by country (ops `fees show`). */
export function currentSchedules(ctx: Pick<AppContext, 'config'>): FeeSchedule[] {
  return [...feeSchedules(ctx.config).current.values()];
}

/** The fees of one trade under the country's schedule in force. */
export function feesFor(
  ctx: Pick<AppContext, 'config'>,
  country: string,
  input: { side: TradeSide; considerationMinor: bigint; quantity: string },
): FeeBreakdown {
  return computeFees(scheduleForCountry(ctx, country), input);
}
