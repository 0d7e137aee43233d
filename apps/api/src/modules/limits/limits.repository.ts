import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** One currency's row of a published version, with its version's facts. */
export interface LimitRow {
  version: number;
  effectiveFrom: Date;
  createdBy: number;
  approvedBy: number;
  currency: string;
  minDepositMinor: bigint;
  minWithdrawalMinor: bigint;
  dailyWithdrawalCapMinor: bigint | null;
}

interface RawRow {
  version: number | string;
  effective_from: Date | string;
  created_by: number | string;
  approved_by: number | string;
  currency: string;
  min_deposit_minor: string;
  min_withdrawal_minor: string;
  daily_withdrawal_cap_minor: string | null;
}

const toRow = (r: RawRow): LimitRow => ({
  version: Number(r.version),
  effectiveFrom: new Date(r.effective_from),
  createdBy: Number(r.created_by),
  approvedBy: Number(r.approved_by),
  currency: r.currency,
  minDepositMinor: BigInt(r.min_deposit_minor),
  minWithdrawalMinor: BigInt(r.min_withdrawal_minor),
  dailyWithdrawalCapMinor:
    r.daily_withdrawal_cap_minor === null ? null : BigInt(r.daily_withdrawal_cap_minor),
});

const COLUMNS = sql`v.version, v.effective_from, v.created_by, v.approved_by, l.currency,
  l.min_deposit_minor::text as min_deposit_minor, l.min_withdrawal_minor::text as min_withdrawal_minor,
  l.daily_withdrawal_cap_minor::text as daily_withdrawal_cap_minor`;

/** The rows of the version in force at `at` (none: no version published yet), in one statement. */
export async function rowsInForce(db: Db, at: Date): Promise<LimitRow[]> {
  const result = await db.execute(sql`
    select ${COLUMNS}
      from money_limit_versions v join money_limits l on l.version = v.version
     where v.version = (select max(version) from money_limit_versions where effective_from <= ${at.toISOString()}::timestamptz)`);
  return rowsOf<RawRow>(result).map(toRow);
}

/** The rows of every version from `version` up (what is in force and what is scheduled after it). */
export async function rowsFrom(db: Db, version: number): Promise<LimitRow[]> {
  const result = await db.execute(sql`
    select ${COLUMNS}
      from money_limit_versions v join money_limits l on l.version = v.version
     where v.version >= ${version}
     order by v.version, l.currency`);
  return rowsOf<RawRow>(result).map(toRow);
}

export async function latestVersion(db: Db): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(max(version), 0)::int as version from money_limit_versions`,
  );
  return Number(rowsOf<{ version: number }>(result)[0]?.version ?? 0);
}

/** Any constant: the advisory lock a publication of limits takes (one at a time). */
const LIMITS_VERSION_LOCK = 73_110_064;

/**
 * Writes a new version: under a transaction-scoped advisory lock (a second publication waits, then
 * reads the version this one made), numbered after the latest; the primary key refuses a duplicate
 * whatever happens to the lock.
 */
export async function insertVersion(
  db: Db,
  input: {
    effectiveFrom: Date;
    createdBy: number;
    approvedBy: number;
    approvalRequestId: number | null;
    createdAt: Date;
    limits: {
      currency: string;
      minDepositMinor: bigint;
      minWithdrawalMinor: bigint;
      dailyWithdrawalCapMinor: bigint | null;
    }[];
  },
): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(${LIMITS_VERSION_LOCK})`);
  const version = (await latestVersion(db)) + 1;
  await db.execute(sql`
    insert into money_limit_versions (version, effective_from, created_by, approved_by, approval_request_id, created_at)
    values (${version}, ${input.effectiveFrom.toISOString()}::timestamptz, ${input.createdBy}, ${input.approvedBy},
            ${input.approvalRequestId}, ${input.createdAt.toISOString()}::timestamptz)`);
  for (const l of input.limits) {
    await db.execute(sql`
      insert into money_limits (version, currency, min_deposit_minor, min_withdrawal_minor, daily_withdrawal_cap_minor)
      values (${version}, ${l.currency}, ${l.minDepositMinor.toString()}::bigint, ${l.minWithdrawalMinor.toString()}::bigint,
              ${l.dailyWithdrawalCapMinor?.toString() ?? null}::bigint)`);
  }
  return version;
}
