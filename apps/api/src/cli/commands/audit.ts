import { ErrorCode } from '@imali/contract';
import { latestEntries, verifyAuditChain, type AuditChainVerdict } from '../../modules/audit/audit.service';
import { DomainError } from '../../plugins/errors';
import { table } from '../format';
import { bad, optionalFlag } from './args';
import type { OpsCommand } from './types';

const MAX_LIST = 1000;

const PROBLEMS: Record<Extract<AuditChainVerdict, { intact: false }>['broken']['problem'], string> = {
  row_hash: "the row's content does not give its row_hash (the row was changed)",
  prev_hash: "its prev_hash is not the previous row's row_hash (this row or the one before was rewritten)",
  missing_row: 'the row is missing (deleted)',
  head: 'the last row is not the chain head',
};

/** The verdict as `ops audit verify` prints it. */
export function describeVerdict(verdict: AuditChainVerdict): string {
  if (verdict.intact) return `intact: ${verdict.rows} rows, head ${verdict.headHash}`;
  const b = verdict.broken;
  return [
    `broken at seq ${b.seq}${b.id === null ? '' : ` (row id ${b.id})`}: ${PROBLEMS[b.problem]}`,
    `  expected ${b.expected}`,
    `  found    ${b.found}`,
    `${verdict.rows} rows verified before it; head seq ${verdict.headSeq}, ${verdict.headHash}`,
  ].join('\n');
}

export const auditCommands: OpsCommand[] = [
  {
    path: ['audit', 'verify'],
    permission: 'audit.read',
    usage: 'audit verify',
    summary:
      'Walk the audit chain in order: "intact: N rows, head <hash>", or the first broken link (exits non-zero)',
    async run(ctx) {
      const verdict = await verifyAuditChain(ctx);
      const text = describeVerdict(verdict);
      if (!verdict.intact) throw new DomainError(ErrorCode.Internal, text, 500);
      return text;
    },
  },
  {
    path: ['audit', 'list'],
    permission: 'audit.read',
    usage: 'audit list [--limit N]',
    summary: `The last N audit entries (default 20, at most ${MAX_LIST}), newest first, with their chain hash`,
    async run(ctx, args) {
      const raw = optionalFlag(args, 'limit') ?? '20';
      const limit = Number(raw);
      if (!/^\d{1,4}$/.test(raw) || limit < 1 || limit > MAX_LIST) {
        throw bad(`--limit is a whole number from 1 to ${MAX_LIST}. Usage: ${this.usage}`);
      }
      const rows = await latestEntries(ctx, limit);
      return table(
        ['SEQ', 'AT', 'ACTOR', 'ACTION', 'SUBJECT', 'HASH'],
        rows.map((r) => [
          r.seq,
          r.createdAt.toISOString().slice(0, 19).replace('T', ' '),
          r.actor,
          r.action,
          `${r.subjectType}:${r.subjectId}`,
          r.rowHash.slice(0, 16),
        ]),
      );
    },
  },
];
