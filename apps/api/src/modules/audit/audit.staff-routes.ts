import { auditChainVerdictSchema, auditPageSchema, auditSearchQuery, envelope } from '@imali/contract';
import type { AppInstance } from '../../lib/app-instance';
import { ok } from '../../lib/reply';
import { searchEntries, verifyAuditChain } from './audit.service';

/**
 * The console's audit screen (decision 0060), under /ops/v1 on the ops app: search the log and
 * verify its chain. Both only read; `audit.read` (auditor, staff admin) may.
 */
export async function auditStaffRoutes(app: AppInstance) {
  app.get(
    '/v1/audit',
    {
      config: { auth: 'staff', permission: 'audit.read' },
      schema: {
        tags: ['staff'],
        summary: 'Search the audit log by staff, client, action and time; newest first, a page at a time',
        querystring: auditSearchQuery,
        response: { 200: envelope(auditPageSchema) },
      },
    },
    async (request) => {
      const { from, to, ...rest } = request.query;
      const page = await searchEntries(app.ctx, {
        ...rest,
        ...(from ? { from: new Date(from) } : {}),
        ...(to ? { to: new Date(to) } : {}),
      });
      return ok({
        entries: page.entries.map((row) => ({
          id: row.id,
          seq: row.seq,
          actor: row.actor,
          staffId: row.staffId ?? null,
          action: row.action,
          subjectType: row.subjectType,
          subjectId: row.subjectId,
          before: row.before,
          after: row.after,
          createdAt: row.createdAt.toISOString(),
          rowHash: row.rowHash,
        })),
        nextCursor: page.nextCursor,
      });
    },
  );

  app.get(
    '/v1/audit/verify',
    {
      config: { auth: 'staff', permission: 'audit.read' },
      schema: {
        tags: ['staff'],
        summary: "Verify the audit log's hash chain: intact with its head, or the first broken link",
        response: { 200: envelope(auditChainVerdictSchema) },
      },
    },
    async () => ok(await verifyAuditChain(app.ctx)),
  );
}
