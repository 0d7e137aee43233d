import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import {
  ErrorCode,
  type ApprovalOutcome,
  type ApprovalPolicy,
  type ApprovalRequest,
  type StaffPermission,
} from '@imali/contract';
import { formatMinor, isCurrency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import { inAuditedTransaction } from '../audit/audit.service';
import {
  staffActorOf,
  type ApprovalActionDefinition,
  type ApprovalAmount,
  type ApprovalParties,
  type ApprovalStaff,
} from './approval-action';
import * as repo from './approvals.repository';

export type { ApprovalStaff } from './approval-action';

/** How long a request waits for its checkers before it lapses (and a new one may be made). */
export const APPROVAL_TTL_MS = 24 * 60 * 60 * 1000;

export const ApprovalMessages = {
  unknownAction: 'Unknown approval action.',
  requestNotFound: 'Approval request not found.',
  noPolicy: 'No approval policy applies to this action; nothing was done.',
  alreadyPending: 'A request for this item is already waiting for approval.',
  notPending: (status: string) => `This request is no longer pending (${status}).`,
  expired: 'This request has expired; ask again.',
  ownRequest: 'You cannot approve or reject your own request.',
  alreadyDecided: 'You have already decided on this request.',
  notAllowed: 'Your role cannot do this.',
  notYours: 'Only the maker can cancel this request.',
  payloadChanged: 'This request is not the one you reviewed (its payload hash differs).',
  itemChanged: (message: string) => `The item changed since it was asked for; nothing was done. ${message}`,
} as const;

const conflict = (message: string) => new DomainError(ErrorCode.Conflict, message, 409);
const forbidden = (message: string = ApprovalMessages.notAllowed) =>
  new DomainError(ErrorCode.Forbidden, message, 403);

// ---------- Canonical payloads ----------

/** The payload as RFC 8785 canonical JSON and the SHA-256 (hex) of that text. */
export function canonicalPayload(payload: unknown): { text: string; hash: string } {
  const text = canonicalize(payload);
  if (text === undefined) throw new Error('An approval payload must be JSON.');
  return { text, hash: createHash('sha256').update(text).digest('hex') };
}

/** What an outcome keeps: a JSON object (bigints as decimal text, dates as ISO text). */
function asJson(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  const json: unknown = JSON.parse(
    JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  );
  return typeof json === 'object' && json !== null && !Array.isArray(json)
    ? (json as Record<string, unknown>)
    : { result: json };
}

// ---------- Policies (amount tiers) ----------

/**
 * The tier for an amount among one version's tiers (pure; approvals.test.ts): the amount's
 * currency's own tiers if the version has any, else the currency-less ones; of those, the highest
 * threshold at or below the amount. An action without an amount takes its currency-less tier.
 */
export function selectTier<T extends { currency: string | null; minAmountMinor: bigint }>(
  tiers: readonly T[],
  amount: ApprovalAmount | null,
): T | undefined {
  const own = amount ? tiers.filter((t) => t.currency === amount.currency) : [];
  const candidates = own.length > 0 ? own : tiers.filter((t) => t.currency === null);
  const minor = amount?.amountMinor ?? 0n;
  let best: T | undefined;
  for (const t of candidates) {
    if (t.minAmountMinor <= minor && (!best || t.minAmountMinor > best.minAmountMinor)) best = t;
  }
  return best;
}

/** The policy row in force for `action` and `amount` now; refuses (409) when none applies. */
export async function policyFor(ctx: AppContext, action: string, amount: ApprovalAmount | null) {
  const tier = selectTier(await repo.tiersInForce(ctx.db, action, ctx.clock.now()), amount);
  // Fail closed: an action no policy covers is refused, never done without a checker.
  if (!tier) throw conflict(ApprovalMessages.noPolicy);
  return tier;
}

const amountText = (minor: bigint, currency: string | null) =>
  currency && isCurrency(currency) ? formatMinor(minor, currency) : minor.toString();

export function toPolicyView(row: repo.PolicyRow): ApprovalPolicy {
  return {
    id: row.id,
    action: row.action,
    currency: row.currency,
    minAmount: amountText(row.minAmountMinor, row.currency ?? 'ZAR'),
    checkersRequired: row.checkersRequired,
    checkerPermission: row.checkerPermission,
    effectiveFrom: row.effectiveFrom.toISOString(),
    version: row.version,
    createdBy: row.createdBy,
    approvedBy: row.approvedBy,
  };
}

export async function listPolicies(ctx: AppContext, action?: string) {
  return (await repo.policiesOf(ctx.db, action)).map(toPolicyView);
}

// ---------- Requests ----------

function definitionOf(ctx: AppContext, action: string): ApprovalActionDefinition<AppContext> {
  const definition = ctx.wiring.approvals[action];
  if (!definition) throw new DomainError(ErrorCode.InvalidInput, ApprovalMessages.unknownAction, 400);
  return definition;
}

function parsePayload(definition: ApprovalActionDefinition<AppContext>, input: unknown) {
  const parsed = definition.payload.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid input.';
    throw new DomainError(ErrorCode.InvalidInput, message, 400);
  }
  return parsed.data;
}

const has = (staff: ApprovalStaff, permission: string) =>
  (staff.permissions as readonly string[]).includes(permission);

export function toRequestView(
  row: repo.RequestRow,
  decisions: repo.DecisionRow[],
  makers?: Map<number, { email: string; name: string }>,
): ApprovalRequest {
  const maker = makers?.get(row.makerStaffId);
  return {
    id: row.id,
    action: row.action,
    itemKey: row.itemKey,
    payload: row.payload,
    payloadHash: row.payloadHash,
    amount: row.amountMinor === null ? null : amountText(row.amountMinor, row.currency),
    currency: row.currency,
    makerStaffId: row.makerStaffId,
    ...(makers ? { makerEmail: maker?.email ?? null, makerName: maker?.name ?? null } : {}),
    policyId: row.policyId,
    policyVersion: row.policyVersion,
    checkersRequired: row.checkersRequired,
    checkerPermission: row.checkerPermission,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    executedAt: row.executedAt?.toISOString() ?? null,
    outcome: row.outcome ?? null,
    decisions: decisions
      .filter((d) => d.requestId === row.id)
      .map((d) => ({
        checkerStaffId: d.checkerStaffId,
        decision: d.decision,
        reason: d.reason,
        decidedAt: d.decidedAt.toISOString(),
      })),
  };
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * The maker asks for `action` on the payload's item. Under the tier in force: no checker needed →
 * done at once, through the owning module (200 `executed`); otherwise a pending request is made
 * (202 `pending`), one per item (the partial unique index refuses a second: 409). Audited in the
 * same transaction.
 */
export async function requestApproval(
  ctx: AppContext,
  maker: ApprovalStaff,
  action: string,
  input: unknown,
): Promise<ApprovalOutcome> {
  const definition = definitionOf(ctx, action);
  if (!has(maker, definition.makerPermission)) throw forbidden();
  const payload = parsePayload(definition, input);
  const { text, hash } = canonicalPayload(payload);
  const itemKey = definition.itemKeyOf(payload);
  const amount = definition.amountOf(payload);
  const actor = staffActorOf(maker);
  const actorId = maker.id;
  try {
    return await inAuditedTransaction(ctx, async (tx, txCtx) => {
      const policy = await policyFor(txCtx, action, amount);
      await definition.recheck(txCtx, payload);
      const now = ctx.clock.now();
      await repo.expireItem(tx, action, itemKey, now);
      if (policy.checkersRequired === 0) {
        // Under the first tier the maker acts alone, but not past a request already under review.
        if (await repo.pendingOfItem(tx, action, itemKey)) throw conflict(ApprovalMessages.alreadyPending);
        const parties: ApprovalParties = { makerStaffId: maker.id, checkerStaffIds: [], requestId: null };
        const result = asJson(await definition.execute(txCtx, payload, parties));
        await audit.record(txCtx, {
          actor,
          staffId: maker.id,
          action: 'approval.not_needed',
          subjectType: 'approval_item',
          subjectId: itemKey,
          before: null,
          after: { action, payload_hash: hash, policy_id: policy.id, policy_version: policy.version },
        });
        return { status: 'executed' as const, result };
      }
      const row = await repo.insertRequest(tx, {
        action,
        itemKey,
        payload: JSON.parse(text) as Record<string, unknown>,
        payloadHash: hash,
        amountMinor: amount?.amountMinor ?? null,
        currency: amount?.currency ?? null,
        makerStaffId: maker.id,
        policyId: policy.id,
        policyVersion: policy.version,
        checkersRequired: policy.checkersRequired,
        checkerPermission: policy.checkerPermission,
        createdAt: now,
        expiresAt: new Date(now.getTime() + APPROVAL_TTL_MS),
      });
      await audit.record(txCtx, {
        actor,
        staffId: actorId,
        action: 'approval.request',
        subjectType: 'approval_request',
        subjectId: String(row.id),
        before: null,
        after: {
          action,
          item_key: itemKey,
          payload_hash: hash,
          checkers_required: row.checkersRequired,
          policy_id: policy.id,
          policy_version: policy.version,
        },
      });
      return { status: 'pending' as const, request: toRequestView(row, []) };
    });
  } catch (error) {
    // Two makers at once: the second insert waits for the first, then meets the one-pending index.
    if (isUniqueViolation(error)) throw conflict(ApprovalMessages.alreadyPending);
    throw error;
  }
}

/** A decision's result inside its transaction: done, or refused with the request's state kept. */
type Decided = { request: ApprovalRequest } | { refused: DomainError };

async function decide(
  ctx: AppContext,
  work: (tx: Parameters<typeof repo.lockRequest>[0], txCtx: AppContext) => Promise<Decided>,
) {
  const decided = await inAuditedTransaction(ctx, work);
  // A refusal that changed the request (it expired, or its item changed) commits that change first.
  if ('refused' in decided) throw decided.refused;
  return decided.request;
}

/** The request locked FOR UPDATE, refused unless pending and in time (an expired one is marked). */
async function lockPending(
  tx: Parameters<typeof repo.lockRequest>[0],
  txCtx: AppContext,
  id: number,
  actor: string,
  actorId: number,
): Promise<repo.RequestRow | { refused: DomainError }> {
  // THE lock: decisions on one request queue here, and each sees the one before it committed.
  const row = await repo.lockRequest(tx, id);
  if (!row) throw notFound(ApprovalMessages.requestNotFound);
  if (row.status !== 'pending') throw conflict(ApprovalMessages.notPending(row.status));
  const now = txCtx.clock.now();
  if (row.expiresAt <= now) {
    await repo.closeRequest(tx, id, { status: 'expired', decidedAt: now });
    await audit.record(txCtx, {
      actor,
      staffId: actorId,
      action: 'approval.expire',
      subjectType: 'approval_request',
      subjectId: String(id),
      before: { status: 'pending' },
      after: { status: 'expired' },
    });
    return { refused: conflict(ApprovalMessages.expired) };
  }
  return row;
}

/** The checker may decide on this request: not the maker, holding the request's permission. */
function assertChecker(row: repo.RequestRow, checker: ApprovalStaff) {
  if (row.makerStaffId === checker.id) throw forbidden(ApprovalMessages.ownRequest);
  if (!has(checker, row.checkerPermission)) throw forbidden();
}

/**
 * A checker approves. In ONE transaction: the request row locked FOR UPDATE; refused unless
 * pending, in time, not the checker's own, not already decided by this checker, and the checker
 * holds the request's permission; the decision inserted (the database refuses maker = checker
 * too); when it is the last approval needed, the item re-checked, executed through its owning
 * module and the request marked approved and executed: consumed once.
 *
 * `payloadHash`, when given, must be the request's (the console repeats the hash it showed, and the
 * route's step-up code is bound to the request that carries it). The step-up itself is verified by
 * the route (`stepUp: true`), before this runs; `stepUpHash` (the hash that code was bound to) is
 * kept with the decision.
 */
export async function approve(
  ctx: AppContext,
  checker: ApprovalStaff,
  requestId: number,
  options: { payloadHash?: string; stepUpHash?: string } = {},
): Promise<ApprovalRequest> {
  const actor = staffActorOf(checker);
  const actorId = checker.id;
  return decide(ctx, async (tx, txCtx) => {
    const row = await lockPending(tx, txCtx, requestId, actor, actorId);
    if ('refused' in row) return row;
    if (options.payloadHash !== undefined && options.payloadHash !== row.payloadHash) {
      throw conflict(ApprovalMessages.payloadChanged);
    }
    assertChecker(row, checker);
    const earlier = await repo.decisionsOf(tx, [requestId]);
    if (earlier.some((d) => d.checkerStaffId === checker.id)) throw conflict(ApprovalMessages.alreadyDecided);
    const now = ctx.clock.now();
    const decision = await repo.insertDecision(tx, {
      requestId,
      makerStaffId: row.makerStaffId,
      checkerStaffId: checker.id,
      decision: 'approve',
      decidedAt: now,
      stepUpHash: options.stepUpHash ?? null,
    });
    await audit.record(txCtx, {
      actor,
      staffId: actorId,
      action: 'approval.approve',
      subjectType: 'approval_request',
      subjectId: String(requestId),
      before: { status: 'pending', approvals: earlier.length },
      after: {
        approvals: earlier.length + 1,
        checkers_required: row.checkersRequired,
        payload_hash: row.payloadHash,
      },
    });
    const decisions = [...earlier, decision];
    const approvals = decisions.filter((d) => d.decision === 'approve');
    if (approvals.length < row.checkersRequired) return { request: toRequestView(row, decisions) };

    const definition = definitionOf(ctx, row.action);
    const payload = parsePayload(definition, row.payload);
    try {
      await definition.recheck(txCtx, payload);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The item changed meanwhile (paid, rejected, another amount): nothing is done, and the
      // request is closed so it cannot be approved later by surprise.
      const outcome = { refused: { code: error.code, message: error.message } };
      const closed = await repo.closeRequest(tx, requestId, { status: 'cancelled', decidedAt: now, outcome });
      await audit.record(txCtx, {
        actor,
        staffId: actorId,
        action: 'approval.item_changed',
        subjectType: 'approval_request',
        subjectId: String(requestId),
        before: { status: 'pending' },
        after: { status: closed?.status ?? 'cancelled', ...outcome },
      });
      return { refused: conflict(ApprovalMessages.itemChanged(error.message)) };
    }
    const parties: ApprovalParties = {
      makerStaffId: row.makerStaffId,
      checkerStaffIds: approvals.map((d) => d.checkerStaffId),
      requestId,
    };
    const outcome = asJson(await definition.execute(txCtx, payload, parties));
    const closed = await repo.closeRequest(tx, requestId, {
      status: 'approved',
      decidedAt: now,
      executedAt: now,
      outcome,
    });
    // Under the row lock this cannot happen; were the lock ever lost, the second run fails here
    // and its transaction (with its execution) rolls back.
    if (!closed) throw new Error(`approval request ${requestId} was consumed twice`);
    await audit.record(txCtx, {
      actor,
      staffId: actorId,
      action: 'approval.execute',
      subjectType: 'approval_request',
      subjectId: String(requestId),
      before: { status: 'pending' },
      after: { status: 'approved', action: row.action, item_key: row.itemKey, outcome },
    });
    return { request: toRequestView(closed, decisions) };
  });
}

/** A checker rejects (with a reason): the request is closed, nothing is done. */
export async function reject(
  ctx: AppContext,
  checker: ApprovalStaff,
  requestId: number,
  reason: string,
  options: { stepUpHash?: string } = {},
): Promise<ApprovalRequest> {
  const why = reason.trim();
  if (!why) throw new DomainError(ErrorCode.InvalidInput, 'A reason is required.', 400);
  const actor = staffActorOf(checker);
  const actorId = checker.id;
  return decide(ctx, async (tx, txCtx) => {
    const row = await lockPending(tx, txCtx, requestId, actor, actorId);
    if ('refused' in row) return row;
    assertChecker(row, checker);
    const earlier = await repo.decisionsOf(tx, [requestId]);
    if (earlier.some((d) => d.checkerStaffId === checker.id)) throw conflict(ApprovalMessages.alreadyDecided);
    const now = ctx.clock.now();
    const decision = await repo.insertDecision(tx, {
      requestId,
      makerStaffId: row.makerStaffId,
      checkerStaffId: checker.id,
      decision: 'reject',
      reason: why,
      decidedAt: now,
      stepUpHash: options.stepUpHash ?? null,
    });
    const closed = await repo.closeRequest(tx, requestId, {
      status: 'rejected',
      decidedAt: now,
      outcome: { rejected: { by: checker.id, reason: why } },
    });
    if (!closed) throw new Error(`approval request ${requestId} was decided twice`);
    await audit.record(txCtx, {
      actor,
      staffId: actorId,
      action: 'approval.reject',
      subjectType: 'approval_request',
      subjectId: String(requestId),
      before: { status: 'pending' },
      after: { status: 'rejected', reason: why },
    });
    return { request: toRequestView(closed, [...earlier, decision]) };
  });
}

/** The maker withdraws their own pending request. */
export async function cancel(
  ctx: AppContext,
  maker: ApprovalStaff,
  requestId: number,
): Promise<ApprovalRequest> {
  const actor = staffActorOf(maker);
  const actorId = maker.id;
  return decide(ctx, async (tx, txCtx) => {
    const row = await lockPending(tx, txCtx, requestId, actor, actorId);
    if ('refused' in row) return row;
    if (row.makerStaffId !== maker.id) throw forbidden(ApprovalMessages.notYours);
    const now = ctx.clock.now();
    const closed = await repo.closeRequest(tx, requestId, {
      status: 'cancelled',
      decidedAt: now,
      outcome: { cancelled: { by: maker.id } },
    });
    if (!closed) throw new Error(`approval request ${requestId} was decided twice`);
    await audit.record(txCtx, {
      actor,
      staffId: actorId,
      action: 'approval.cancel',
      subjectType: 'approval_request',
      subjectId: String(requestId),
      before: { status: 'pending' },
      after: { status: 'cancelled' },
    });
    return { request: toRequestView(closed, await repo.decisionsOf(tx, [requestId])) };
  });
}

/**
 * The owning module closed the item another way (a withdrawal rejected): its pending request, if
 * any, is cancelled in the caller's transaction. Call it BEFORE changing the item: it takes the
 * request's lock first, the order a decision takes them in (request, then item), so the two cannot
 * deadlock.
 */
export async function closePendingOfItem(
  txCtx: AppContext,
  staff: ApprovalStaff,
  action: string,
  itemKey: string,
  why: string,
): Promise<number | null> {
  const row = await repo.lockPendingOfItem(txCtx.db, action, itemKey);
  if (!row) return null;
  const outcome = { item_closed: { by: staff.id, why } };
  await repo.closeRequest(txCtx.db, row.id, { status: 'cancelled', decidedAt: txCtx.clock.now(), outcome });
  await audit.record(txCtx, {
    actor: staffActorOf(staff),
    staffId: staff.id,
    action: 'approval.item_closed',
    subjectType: 'approval_request',
    subjectId: String(row.id),
    before: { status: 'pending' },
    after: { status: 'cancelled', ...outcome },
  });
  return row.id;
}

export async function getRequest(ctx: AppContext, requestId: number): Promise<ApprovalRequest> {
  const row = await repo.findRequest(ctx.db, requestId);
  if (!row) throw notFound(ApprovalMessages.requestNotFound);
  const [decisions, makers] = await Promise.all([
    repo.decisionsOf(ctx.db, [requestId]),
    repo.makersOf(ctx.db, [row.makerStaffId]),
  ]);
  return toRequestView(row, decisions, makers);
}

/**
 * Lists: `inbox` (default) is what this staff user may decide now: pending, in time, not made by
 * them, not yet decided by them, of a permission they hold. `mine`: what they asked for. `all`:
 * everything (for readers), newest first.
 */
export async function listRequests(
  ctx: AppContext,
  staff: ApprovalStaff,
  query: { scope?: 'inbox' | 'mine' | 'all'; status?: repo.RequestStatus; action?: string } = {},
): Promise<ApprovalRequest[]> {
  const scope = query.scope ?? 'inbox';
  const rows =
    scope === 'inbox'
      ? await repo.listRequests(ctx.db, {
          status: 'pending',
          notMadeBy: staff.id,
          permissions: staff.permissions,
          action: query.action,
        })
      : await repo.listRequests(ctx.db, {
          status: query.status,
          madeBy: scope === 'mine' ? staff.id : undefined,
          action: query.action,
        });
  const decisions = await repo.decisionsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const makers = await repo.makersOf(
    ctx.db,
    rows.map((r) => r.makerStaffId),
  );
  const now = ctx.clock.now();
  return rows
    .filter(
      (r) =>
        scope !== 'inbox' ||
        (r.expiresAt > now && !decisions.some((d) => d.requestId === r.id && d.checkerStaffId === staff.id)),
    )
    .map((r) => toRequestView(r, decisions, makers));
}

/** The pending request of each of these items of `action` (for a queue's "awaiting approval"). */
export async function pendingRequestsOf(ctx: AppContext, action: string, itemKeys: string[]) {
  const rows = await repo.listRequests(ctx.db, { status: 'pending', action, itemKeys });
  return new Map(rows.map((r) => [r.itemKey, r.id]));
}

/** The pending requests of `action` that `makerStaffId` made (a job's own, to withdraw stale ones). */
export async function pendingRequestsMadeBy(ctx: AppContext, makerStaffId: number, action: string) {
  const rows = await repo.listRequests(ctx.db, { status: 'pending', madeBy: makerStaffId, action });
  return rows.map((r) => ({ id: r.id, itemKey: r.itemKey }));
}

/** How many checkers `action` on `amount` needs now (0: the maker alone), for the queues. */
export async function checkersRequiredFor(ctx: AppContext, action: string, amount: ApprovalAmount | null) {
  return (await policyFor(ctx, action, amount)).checkersRequired;
}

/** Permissions that let a staff user approve something (the inbox route's gate). */
export const CHECKER_PERMISSIONS: readonly StaffPermission[] = [
  'payouts.approve',
  'products.approve',
  'treasury.approve',
];
