/**
 * Which fee schedules the API prices trades with: packages/money's shipped schedules
 * (DEFAULT_FEE_SCHEDULES), each replaced by a JSON file of the same country in FEE_SCHEDULES_DIR
 * when that is set, then the versions published through the approval `fees.change`
 * (fee_schedule_versions, decision 0063): for a country the one in force at an instant is the
 * published version with the latest effective_from at or before it, else the shipped one. The engine
 * itself (computeFees) is pure and lives in packages/money, so the preview and the receipt cannot
 * disagree.
 *
 * The published versions are kept in memory per database so `scheduleForCountry` stays synchronous
 * (orders, offerings, IPO and funds price inside their transactions): loaded at start
 * (`refreshPublishedFeeSchedules`) and reloaded when older than 15 s on the next request (app.ts).
 * A version takes effect at least two minutes after its approval, so every process has it first.
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
import { ErrorCode, TradingMessages } from '@imali/contract';
import type { Config } from '../../config/env';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import * as repo from './fees.repository';

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

/** A published version as this process keeps it. */
export interface PublishedFeeSchedule {
  schedule: FeeSchedule;
  effectiveFrom: Date;
  makerStaffId: number;
  approverStaffId: number;
}

interface PublishedCopy {
  /** Oldest effective_from first. */
  versions: PublishedFeeSchedule[];
  byVersion: Map<string, FeeSchedule>;
  /** Per country the version published last (what a new proposal replaces). */
  lastPublished: Map<string, PublishedFeeSchedule>;
  /** ctx.clock time of the last load (a test clock moved on reloads too). */
  loadedAtMs: number;
  loading?: Promise<void>;
}

/** How old the in-memory copy may get before a request reloads it. */
export const FEE_REFRESH_MS = 15_000;

// Per database handle: tests open several databases in one process.
const published = new WeakMap<object, PublishedCopy>();

type FeeCtx = Pick<AppContext, 'config'> & Partial<Pick<AppContext, 'database' | 'clock'>>;

const copyOf = (ctx: FeeCtx) => (ctx.database ? published.get(ctx.database) : undefined);

/** Loads every published version (one query) into this process's copy. */
export async function refreshPublishedFeeSchedules(ctx: AppContext): Promise<void> {
  const rows = await repo.allVersions(ctx.db);
  const versions = rows.map((r) => {
    let schedule: FeeSchedule;
    try {
      schedule = parseFeeSchedule(r.schedule);
    } catch (error) {
      throw new FeeScheduleError(`fee_schedule_versions ${r.version}: ${(error as Error).message}`);
    }
    return {
      schedule,
      effectiveFrom: r.effectiveFrom,
      makerStaffId: r.makerStaffId,
      approverStaffId: r.approverStaffId,
    };
  });
  published.set(ctx.database, {
    // In force: the latest effective_from at or before the instant (stable: the later published wins a tie).
    versions: versions.toSorted((a, b) => a.effectiveFrom.getTime() - b.effectiveFrom.getTime()),
    lastPublished: new Map(versions.map((v) => [v.schedule.country, v])),
    byVersion: new Map(versions.map((v) => [v.schedule.version, v.schedule])),
    loadedAtMs: ctx.clock.now().getTime(),
  });
}

/** Reloads when this process has no copy or one older than `maxAgeMs` (concurrent callers share one load). */
export async function ensureFreshFeeSchedules(ctx: AppContext, maxAgeMs = FEE_REFRESH_MS): Promise<void> {
  const copy = published.get(ctx.database);
  if (copy?.loading) return copy.loading;
  if (copy && ctx.clock.now().getTime() - copy.loadedAtMs < maxAgeMs) return;
  const loading = refreshPublishedFeeSchedules(ctx);
  if (copy) copy.loading = loading;
  try {
    await loading;
  } finally {
    if (copy) copy.loading = undefined;
  }
}

/**
 * An app's hooks: the published schedules loaded when it is ready, and reloaded before a request
 * when the copy is older than FEE_REFRESH_MS (one query; a failed reload keeps the copy, logged).
 */
export function keepFeeSchedulesFresh(
  app: {
    addHook(name: 'onReady', hook: () => Promise<void>): unknown;
    addHook(
      name: 'onRequest',
      hook: (request: { log: { warn: (o: object, m: string) => void } }) => Promise<void>,
    ): unknown;
  },
  ctx: AppContext,
): void {
  app.addHook('onReady', () => refreshPublishedFeeSchedules(ctx));
  app.addHook('onRequest', async (request) => {
    await ensureFreshFeeSchedules(ctx).catch((err: unknown) =>
      request.log.warn({ err }, 'fees: the published fee schedules could not be reloaded'),
    );
  });
}

/** The published versions of a country this process knows, oldest effective_from first. */
export function publishedVersionsOf(ctx: FeeCtx, country: string): PublishedFeeSchedule[] {
  return (copyOf(ctx)?.versions ?? []).filter((v) => v.schedule.country === country);
}

/** The version of a country published last (maybe scheduled), if any. */
export function lastPublishedOf(ctx: FeeCtx, country: string): PublishedFeeSchedule | undefined {
  return copyOf(ctx)?.lastPublished.get(country);
}

/** The shipped (or FEE_SCHEDULES_DIR) schedule of a country: the one in force before any publication. */
export function shippedScheduleOf(ctx: Pick<AppContext, 'config'>, country: string): FeeSchedule {
  const schedule = feeSchedules(ctx.config).current.get(country);
  if (!schedule) throw new FeeScheduleError(`No fee schedule for country ${country}`);
  return schedule;
}

/**
 * The schedule in force for an instrument's country ('ZA', 'IN', 'US') at `at` (now by default):
 * the published version with the latest effective time at or before it, else the shipped one.
 */
export function scheduleForCountry(ctx: FeeCtx, country: string, at?: Date): FeeSchedule {
  const when = (at ?? ctx.clock?.now() ?? new Date()).getTime();
  const inForce = publishedVersionsOf(ctx, country).findLast((v) => v.effectiveFrom.getTime() <= when);
  return inForce?.schedule ?? shippedScheduleOf(ctx, country);
}

/**
 * Preview equals receipt (decision 0063): the schedule in force for the country at `at`, the
 * placement's pricing instant, refused (409 "Fees changed since your preview…", nothing written:
 * the caller's transaction rolls back) when the client's preview showed another version
 * (`previewed`, the body's `fee_schedule`; absent: no check). Every client order path priced from
 * the country's schedule (stock buy and sell, fixed-term buy, block allocation, IPO application
 * and reconfirmation) prices with what this returns, so the check and the price read one instant.
 */
export function scheduleAsPreviewed(
  ctx: FeeCtx,
  country: string,
  previewed: string | undefined,
  at: Date,
): FeeSchedule {
  const schedule = scheduleForCountry(ctx, country, at);
  if (previewed !== undefined && previewed !== schedule.version) {
    throw new DomainError(ErrorCode.Conflict, TradingMessages.feesChanged, 409);
  }
  return schedule;
}

/** The schedule with this version (what an order was priced with): published or shipped; undefined if none. */
export function scheduleByVersion(ctx: FeeCtx, version: string): FeeSchedule | undefined {
  return copyOf(ctx)?.byVersion.get(version) ?? feeSchedules(ctx.config).byVersion.get(version);
}

/** Every schedule in force, by country (ops `fees show`). */
export function currentSchedules(ctx: FeeCtx): FeeSchedule[] {
  return [...feeSchedules(ctx.config).current.keys()].map((country) => scheduleForCountry(ctx, country));
}

/** The fees of one trade under the country's schedule in force. */
export function feesFor(
  ctx: FeeCtx,
  country: string,
  input: { side: TradeSide; considerationMinor: bigint; quantity: string },
): FeeBreakdown {
  return computeFees(scheduleForCountry(ctx, country), input);
}
