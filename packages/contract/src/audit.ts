import { z } from 'zod';

/**
 * The console's audit screen (issue 23, decision 0060): search the audit log and verify its hash
 * chain (decision 0056). Paths under /ops/v1, permission `audit.read`.
 */

/** The longest page one search answers. */
export const AUDIT_PAGE_MAX = 200;

const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const auditSearchQuery = z.object({
  /** Entries of this staff user (their `staff_id`, or actor `staff:<id>`). */
  staffId: positiveId.optional(),
  /** Entries a client made (`client:<id>`) or that are about the client (subject `client` <id>). */
  clientId: positiveId.optional(),
  /** An action or its start: `kyc` finds `kyc.approve` and `kyc.reject`. */
  action: z
    .string()
    .trim()
    .max(100)
    .regex(/^[\w.-]*$/, 'An action is letters, digits, dots, dashes and underscores.')
    .optional(),
  /** From this instant, inclusive (ISO 8601 with offset). */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Before this instant, exclusive. */
  to: z.iso.datetime({ offset: true }).optional(),
  /** The `nextCursor` of the page before: entries older than it (a chain seq). */
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, 'Not a cursor of this search.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});
export type AuditSearchQuery = z.input<typeof auditSearchQuery>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** The entry's place in the chain (1, 2, 3 … in the order appended). */
  seq: z.number().int(),
  /** `client:<id>`, `staff:<id>`, `ops:<user>` or `system:<job>`. */
  actor: z.string(),
  /** The authenticated staff user who acted; null for clients, jobs and older entries. */
  staffId: z.number().int().nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
  rowHash: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  /** Newest first. */
  entries: z.array(auditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const AUDIT_CHAIN_PROBLEMS = ['row_hash', 'prev_hash', 'missing_row', 'head'] as const;

const verdictBase = {
  /** Rows verified (before the break, when broken). */
  rows: z.number().int(),
  headSeq: z.number().int(),
  headHash: z.string(),
};

/** modules/audit `verifyAuditChain`'s `AuditChainVerdict`, as the API sends it. */
export const auditChainVerdictSchema = z.discriminatedUnion('intact', [
  z.object({ intact: z.literal(true), ...verdictBase }),
  z.object({
    intact: z.literal(false),
    ...verdictBase,
    broken: z.object({
      seq: z.number().int(),
      id: z.number().int().nullable(),
      problem: z.enum(AUDIT_CHAIN_PROBLEMS),
      expected: z.string(),
      found: z.string(),
    }),
  }),
]);
export type AuditChainVerdictView = z.infer<typeof auditChainVerdictSchema>;
