// The audit chain's one definition of what is hashed (decision 0056). Pure: the append
// (audit.service.ts), the verification and the migration's backfill of older rows
// (audit-chain-backfill.ts) all call `auditRowHash`, so the three can never disagree.
import canonicalize from 'canonicalize';
import { sha256Hex } from '../../lib/crypto';

/** The `prev_hash` of the first row (seq 1), and the chain head of an empty log. */
export const GENESIS_HASH = '0'.repeat(64);

/** One decision as a caller records it. */
export interface AuditEntry {
  /** Who acted: `client:<id>`, `staff:<id>`, `ops:<user>` or `system:<job>`. */
  actor: string;
  /**
   * The authenticated staff user who acted (actor `staff:<id>`; migration 0026). Hashed only when
   * present, so rows without one keep the hash they had before the column existed.
   */
  staffId?: number | null;
  /** What happened, e.g. `kyc.approve`. */
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
}

/** One row's content as the chain covers it: every column but `id` and `row_hash`. */
export interface ChainedRow extends AuditEntry {
  /** 1, 2, 3 … in the order the rows were appended; no gaps. */
  seq: number;
  /** The previous row's `row_hash` (GENESIS_HASH for seq 1). */
  prevHash: string;
  createdAt: Date;
}

/**
 * The canonical form of a row: RFC 8785 (JSON Canonicalization Scheme) of one object whose keys
 * are the column names. JCS sorts keys by UTF-16 code unit, writes no whitespace and prints
 * numbers as JavaScript does, so the same content always gives the same bytes.
 *
 * - `before` and `after` are the JSON values as the database returns them: SQL NULL and JSON
 *   `null` both read as null and hash alike (a swap of the two is not detected; it means the same).
 * - `created_at` is ISO 8601 in UTC with milliseconds (`Date.toISOString`); the app clock writes
 *   whole milliseconds, and a sub-millisecond part would not be covered.
 * - A column added later (a staff id, the request, its outcome) is put in this object only when
 *   it is not null, so every row written before it existed keeps its hash.
 */
export function canonicalAuditRow(row: ChainedRow): string {
  const staffId = row.staffId ?? null;
  const text = canonicalize({
    ...(staffId === null ? {} : { staff_id: staffId }),
    seq: row.seq,
    prev_hash: row.prevHash,
    actor: row.actor,
    action: row.action,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: row.createdAt.toISOString(),
  });
  if (text === undefined) throw new Error('audit row has no JSON form');
  return text;
}

/** `row_hash`: SHA-256, lower-case hex, of the row's canonical form (which holds `prev_hash`). */
export const auditRowHash = (row: ChainedRow): string => sha256Hex(canonicalAuditRow(row));

/**
 * A value as the database will hand it back from a jsonb column: what JSON.stringify keeps
 * (undefined properties dropped, a Date as its ISO text). The append hashes this form, the same
 * that verification later reads, and stores it.
 */
export function asStoredJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value)) as unknown;
}
