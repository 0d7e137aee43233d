import type { StaffApplication } from '@imali/contract';
import { formatMinor } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { checkersRequiredFor, pendingRequestsOf } from '../approvals/approvals.service';
import * as repo from './applications.repository';
import { applicationNotFound, PAYOUT_ACTION_OF } from './applications-shared';
import { bpToPercent } from './loan-terms';

/**
 * The console's applications queue (issue 23): what a staff user needs to decide, and the tier
 * approving it goes through. Read only.
 */

/** A percentage with two decimals of part / whole (null when whole is not positive). */
function percentOf(part: bigint, whole: bigint): string | null {
  if (whole <= 0n) return null;
  const hundredths = (part * 10_000n + whole / 2n) / whole;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

async function reviewOf(
  ctx: AppContext,
  { application: a, mobile }: { application: repo.ApplicationRow; mobile: string },
  pending: Map<string, number>,
): Promise<StaffApplication> {
  const m = (minor: bigint) => formatMinor(minor, a.currency);
  let compensation: StaffApplication['compensation'] = null;
  let loan: StaffApplication['loan'] = null;
  let trial: StaffApplication['trial'] = null;
  if (a.type === 'compensation') {
    const evidence = await repo.evidenceOf(ctx.db, [a.id]);
    const related = a.relatedReference
      ? await repo.relatedOf(ctx.db, a.clientId, a.relatedReference)
      : undefined;
    compensation = {
      relatedReference: a.relatedReference,
      related: related
        ? {
            kind: related.kind,
            id: Number(related.id),
            reference: related.reference,
            status: related.status,
            description: related.description,
            createdAt: new Date(related.created_at).toISOString(),
          }
        : null,
      evidence: evidence.map((e) => ({ uploadId: e.uploadId, url: `/ops/v1/files/${e.uploadId}` })),
    };
  } else if (a.type === 'loan') {
    const income = a.monthlyIncomeMinor;
    const expenses = a.monthlyExpensesMinor;
    const disposable = income !== null && expenses !== null ? income - expenses : null;
    const others = (await repo.loansOfClient(ctx.db, a.clientId)).filter((l) => l.id !== a.id);
    loan = {
      termMonths: a.termMonths!,
      annualRate: bpToPercent(a.annualRateBp!),
      instalment: m(a.instalmentMinor!),
      totalRepayable: m(a.totalRepayableMinor!),
      totalCostOfCredit: m(a.totalRepayableMinor! - a.amountMinor),
      monthlyIncome: income === null ? null : m(income),
      monthlyExpenses: expenses === null ? null : m(expenses),
      disposableIncome: disposable === null ? null : m(disposable),
      instalmentSharePercent: disposable === null ? null : percentOf(a.instalmentMinor!, disposable),
      otherLoans: others.map((l) => ({
        id: l.id,
        reference: l.reference,
        status: l.status,
        currency: l.currency,
        amount: formatMinor(l.amountMinor, l.currency),
        instalment: l.instalmentMinor === null ? null : formatMinor(l.instalmentMinor, l.currency),
        createdAt: l.createdAt.toISOString(),
      })),
    };
  } else {
    trial = {
      termsVersion: a.terms?.version ?? null,
      validDays: a.terms?.validDays ?? null,
      conditions: a.terms?.conditions ?? [],
      expiresAt: a.expiresAt?.toISOString() ?? null,
      reclaimed: m(a.reclaimedMinor),
    };
  }
  const action = a.type === 'trial' ? null : PAYOUT_ACTION_OF[a.type];
  return {
    id: a.id,
    reference: a.reference,
    type: a.type,
    status: a.status,
    clientId: a.clientId,
    mobile,
    accountId: a.accountId,
    currency: a.currency,
    amount: m(a.amountMinor),
    reason: a.reason,
    createdAt: a.createdAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
    decidedBy: a.decidedBy,
    decisionReason: a.decisionReason,
    compensation,
    loan,
    trial,
    checkersRequired: action
      ? await checkersRequiredFor(ctx, action, { amountMinor: a.amountMinor, currency: a.currency })
      : null,
    pendingApprovalId: action ? (pending.get(`${action} application:${a.id}`) ?? null) : null,
  };
}

async function pendingOf(ctx: AppContext, rows: { application: repo.ApplicationRow }[]) {
  const keys = rows.map((r) => `application:${r.application.id}`);
  const map = new Map<string, number>();
  for (const action of Object.values(PAYOUT_ACTION_OF)) {
    for (const [key, id] of await pendingRequestsOf(ctx, action, keys)) map.set(`${action} ${key}`, id);
  }
  return map;
}

/** The queue: pending by default, of one type or all. */
export async function reviewApplications(
  ctx: AppContext,
  filter: { status?: repo.ApplicationStatus; type?: repo.ApplicationType },
): Promise<StaffApplication[]> {
  const rows = await repo.listAll(ctx.db, filter);
  const pending = await pendingOf(ctx, rows);
  const out: StaffApplication[] = [];
  for (const row of rows) out.push(await reviewOf(ctx, row, pending));
  return out;
}

export async function reviewApplication(ctx: AppContext, id: number): Promise<StaffApplication> {
  const row = await repo.findWithMobile(ctx.db, id);
  if (!row) throw applicationNotFound();
  return reviewOf(ctx, row, await pendingOf(ctx, [row]));
}
