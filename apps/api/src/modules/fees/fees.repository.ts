import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** One published schedule version (fee_schedule_versions, migration 0031). */
export interface FeeVersionRow {
  country: string;
  version: string;
  /** The JSON parseFeeSchedule takes. */
  schedule: unknown;
  effectiveFrom: Date;
  makerStaffId: number;
  approverStaffId: number;
  createdAt: Date;
}

interface RawRow {
  country: string;
  version: string;
  schedule: unknown;
  effective_from: Date | string;
  maker_staff_id: number | string;
  approver_staff_id: number | string;
  created_at: Date | string;
}

const toRow = (r: RawRow): FeeVersionRow => ({
  country: r.country,
  version: r.version,
  schedule: typeof r.schedule === 'string' ? JSON.parse(r.schedule) : r.schedule,
  effectiveFrom: new Date(r.effective_from),
  makerStaffId: Number(r.maker_staff_id),
  approverStaffId: Number(r.approver_staff_id),
  createdAt: new Date(r.created_at),
});

/** Every published version, oldest first (what a process keeps in memory): one statement. */
export async function allVersions(db: Db): Promise<FeeVersionRow[]> {
  const result = await db.execute(sql`
    select country, version, schedule, effective_from, maker_staff_id, approver_staff_id, created_at
      from fee_schedule_versions order by id`);
  return rowsOf<RawRow>(result).map(toRow);
}

/** The version of a country published last (the one a new version replaces), or null. */
export async function latestVersionOf(db: Db, country: string): Promise<string | null> {
  const result = await db.execute(sql`
    select version from fee_schedule_versions where country = ${country}
     order by id desc limit 1`);
  return rowsOf<{ version: string }>(result)[0]?.version ?? null;
}

/**
 * Serialises publications of one country's fees (a transaction-scoped advisory lock): a second
 * approval waits, then reads the version the first made and is refused as stale.
 */
export async function lockCountry(db: Db, country: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(73110031, hashtext(${country}))`);
}

export async function insertVersion(
  db: Db,
  input: {
    country: string;
    version: string;
    schedule: unknown;
    effectiveFrom: Date;
    makerStaffId: number;
    approverStaffId: number;
    approvalRequestId: number | null;
    createdAt: Date;
  },
): Promise<void> {
  await db.execute(sql`
    insert into fee_schedule_versions
      (country, version, schedule, effective_from, maker_staff_id, approver_staff_id, approval_request_id, created_at)
    values (${input.country}, ${input.version}, ${JSON.stringify(input.schedule)}::jsonb,
            ${input.effectiveFrom.toISOString()}::timestamptz, ${input.makerStaffId}, ${input.approverStaffId},
            ${input.approvalRequestId}, ${input.createdAt.toISOString()}::timestamptz)`);
}
