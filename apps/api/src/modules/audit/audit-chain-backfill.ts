// Migration 0021's TypeScript step: chains the rows logged before the chain existed, with the
// same hash function as every new row (audit-chain.ts), so `ops audit verify` passes on an
// upgraded database. db/migrate.ts runs it at the `-- @backfill audit-chain` line of
// 0021_audit_chain.sql, inside that migration's transaction and before its triggers exist.
import type { RawConnection } from '../../db/client';
import { auditRowHash, GENESIS_HASH } from './audit-chain';

/** Rows read and written per round trip: the log is never loaded whole. */
const BATCH = 500;

interface LegacyRow {
  id: string | number;
  actor: string;
  action: string;
  subject_type: string;
  subject_id: string;
  before: unknown;
  after: unknown;
  created_at: Date | string;
}

/** Numbers the existing rows 1…n in id order (the order they were inserted) and chains them. */
export async function backfillAuditChain(conn: RawConnection): Promise<number> {
  let lastId = '0';
  let seq = 0;
  let prevHash = GENESIS_HASH;
  for (;;) {
    const rows = await conn.query<LegacyRow>(
      `select id, actor, action, subject_type, subject_id, before, after, created_at
         from audit_log where id > $1 order by id limit ${BATCH}`,
      [lastId],
    );
    if (rows.length === 0) return seq;
    const links = rows.map((row) => {
      seq += 1;
      const rowHash = auditRowHash({
        seq,
        prevHash,
        actor: row.actor,
        action: row.action,
        subjectType: row.subject_type,
        subjectId: row.subject_id,
        before: row.before,
        after: row.after,
        createdAt: new Date(row.created_at),
      });
      const link = { id: String(row.id), seq, prev_hash: prevHash, row_hash: rowHash };
      prevHash = rowHash;
      return link;
    });
    // One statement per batch; JSON keeps the parameters the same on PGlite and PostgreSQL.
    await conn.query(
      `update audit_log a set seq = v.seq, prev_hash = v.prev_hash, row_hash = v.row_hash
         from jsonb_to_recordset($1::jsonb) as v(id bigint, seq bigint, prev_hash text, row_hash text)
        where a.id = v.id`,
      [JSON.stringify(links)],
    );
    lastId = links[links.length - 1]!.id;
  }
}
