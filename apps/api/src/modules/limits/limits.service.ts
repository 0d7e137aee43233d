/**
 * Client money limits as approved data (issue 23, decision 0063): the minimum deposit, the minimum
 * withdrawal and the daily withdrawal cap per currency. Version 0 is the configuration
 * (MONEY_MIN_DEPOSIT, MONEY_MIN_WITHDRAWAL, MONEY_DAILY_WITHDRAWAL_CAP, read by ledger/limits.ts);
 * each later version is published by treasury through the approval `limits.change` and applies
 * from its effective time. The services read the version in force once per call (one statement),
 * never per line.
 */
import {
  ErrorCode,
  MONEY_CURRENCIES,
  type LimitsChangePayload,
  type LimitsChangePreview,
  type LimitsProposalInput,
  type MoneyLimitRow,
  type MoneyLimits,
  type MoneyLimitsOverview,
  type MoneyLimitsVersion,
} from '@imali/contract';
import { CURRENCIES, formatMinor, parseAmount, type Currency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import type { ApprovalParties } from '../approvals/approval-action';
import { limitsOf } from '../ledger/limits';
import * as repo from './limits.repository';

/** The limits in force, in minor units, and the version they are. */
export interface MoneyLimitsInForce {
  version: number;
  minDeposit: Map<Currency, bigint>;
  minWithdrawal: Map<Currency, bigint>;
  /** A currency absent: no cap. */
  dailyWithdrawalCap: Map<Currency, bigint>;
}

/** How far in the past a proposed effective time may be (a form's clock is minutes, not seconds). */
const PAST_GRACE_MS = 60_000;

function fromConfig(ctx: Pick<AppContext, 'config'>): MoneyLimitsInForce {
  const l = limitsOf(ctx.config);
  return {
    version: 0,
    minDeposit: l.minDeposit,
    minWithdrawal: l.minWithdrawal,
    dailyWithdrawalCap: l.dailyWithdrawalCap,
  };
}

function fromRows(rows: repo.LimitRow[]): MoneyLimitsInForce {
  const out: MoneyLimitsInForce = {
    version: rows[0]!.version,
    minDeposit: new Map(),
    minWithdrawal: new Map(),
    dailyWithdrawalCap: new Map(),
  };
  for (const r of rows) {
    const c = r.currency as Currency;
    out.minDeposit.set(c, r.minDepositMinor);
    out.minWithdrawal.set(c, r.minWithdrawalMinor);
    if (r.dailyWithdrawalCapMinor !== null) out.dailyWithdrawalCap.set(c, r.dailyWithdrawalCapMinor);
  }
  return out;
}

/** The limits in force now: the newest published version whose time has come, else the configuration. */
export async function limitsInForce(ctx: AppContext): Promise<MoneyLimitsInForce> {
  const rows = await repo.rowsInForce(ctx.db, ctx.clock.now());
  return rows.length ? fromRows(rows) : fromConfig(ctx);
}

/** Decimal rows (the wire's shape) of a set of limits, in the platform's currency order. */
function rowsView(l: MoneyLimitsInForce): MoneyLimitRow[] {
  return CURRENCIES.map((currency) => ({
    currency,
    minDeposit: formatMinor(l.minDeposit.get(currency) ?? 0n, currency),
    minWithdrawal: formatMinor(l.minWithdrawal.get(currency) ?? 0n, currency),
    dailyWithdrawalCap: l.dailyWithdrawalCap.has(currency)
      ? formatMinor(l.dailyWithdrawalCap.get(currency)!, currency)
      : null,
  }));
}

/** GET /api/caccount/app/v1/limits: what the client's forms show, the limits in force. */
export async function clientLimitsView(ctx: AppContext): Promise<MoneyLimits[]> {
  return rowsView(await limitsInForce(ctx)).map((r) => ({
    currency: r.currency,
    min_deposit: r.minDeposit,
    min_withdrawal: r.minWithdrawal,
    daily_withdrawal_cap: r.dailyWithdrawalCap ?? '',
  }));
}

const CONFIG_VERSION = (ctx: AppContext): MoneyLimitsVersion => ({
  version: 0,
  effectiveFrom: null,
  createdBy: null,
  approvedBy: null,
  limits: rowsView(fromConfig(ctx)),
});

function versionsOf(rows: repo.LimitRow[]): MoneyLimitsVersion[] {
  const byVersion = new Map<number, repo.LimitRow[]>();
  for (const r of rows) byVersion.set(r.version, [...(byVersion.get(r.version) ?? []), r]);
  return [...byVersion.values()].map((of) => ({
    version: of[0]!.version,
    effectiveFrom: of[0]!.effectiveFrom.toISOString(),
    createdBy: of[0]!.createdBy,
    approvedBy: of[0]!.approvedBy,
    limits: rowsView(fromRows(of)),
  }));
}

/** GET /ops/v1/limits: the version in force and those scheduled after it. */
export async function limitsOverview(ctx: AppContext): Promise<MoneyLimitsOverview> {
  const inForce = await limitsInForce(ctx);
  const versions = versionsOf(await repo.rowsFrom(ctx.db, inForce.version));
  const current = versions.find((v) => v.version === inForce.version) ?? CONFIG_VERSION(ctx);
  return { inForce: current, scheduled: versions.filter((v) => v.version > inForce.version) };
}

const minorOf = (amount: string, currency: string) =>
  parseAmount(amount, currency as Currency, { allowZero: true });

const FIELDS = ['minDeposit', 'minWithdrawal', 'dailyWithdrawalCap'] as const;

/** A proposal checked beside the limits in force and the latest version; nothing written. */
export async function previewLimitsChange(
  ctx: AppContext,
  input: LimitsProposalInput,
): Promise<LimitsChangePreview> {
  const now = ctx.clock.now();
  if (
    input.effectiveFrom !== null &&
    new Date(input.effectiveFrom).getTime() < now.getTime() - PAST_GRACE_MS
  ) {
    throw new DomainError(
      ErrorCode.InvalidInput,
      'The effective time is in the past: choose a later one, or none for "as soon as approved".',
      400,
    );
  }
  const overview = await limitsOverview(ctx);
  const latest = overview.scheduled.at(-1) ?? overview.inForce;
  if (input.baseVersion !== undefined && input.baseVersion !== latest.version) {
    throw new DomainError(
      ErrorCode.Conflict,
      `The limits changed since your preview (now version ${latest.version}); preview again.`,
      409,
    );
  }
  // Amounts as the server writes them ('1000.00'), in the platform's currency order.
  const limits = MONEY_CURRENCIES.map((currency) => {
    const l = input.limits.find((x) => x.currency === currency)!;
    return {
      currency,
      minDeposit: formatMinor(minorOf(l.minDeposit, currency), currency),
      minWithdrawal: formatMinor(minorOf(l.minWithdrawal, currency), currency),
      dailyWithdrawalCap:
        l.dailyWithdrawalCap === null ? null : formatMinor(minorOf(l.dailyWithdrawalCap, currency), currency),
    };
  });
  const changes = limits.flatMap((l) => {
    const before = latest.limits.find((b) => b.currency === l.currency);
    return FIELDS.filter((f) => (before?.[f] ?? null) !== l[f]).map((field) => ({
      currency: l.currency,
      field,
      from: before?.[field] ?? null,
      to: l[field],
    }));
  });
  if (changes.length === 0) {
    throw new DomainError(
      ErrorCode.InvalidInput,
      'These are the limits already in place: nothing to change.',
      400,
    );
  }
  const label = {
    minDeposit: 'minimum deposit',
    minWithdrawal: 'minimum withdrawal',
    dailyWithdrawalCap: 'daily withdrawal cap',
  };
  const payload: LimitsChangePayload = {
    baseVersion: latest.version,
    effectiveFrom: input.effectiveFrom === null ? null : new Date(input.effectiveFrom).toISOString(),
    limits,
    before: latest.limits,
    summary: changes
      .map((c) => `${c.currency} ${label[c.field]}: ${c.from ?? 'no cap'} → ${c.to ?? 'no cap'}`)
      .join('; '),
  };
  return {
    inForce: overview.inForce,
    latest,
    proposed: { version: latest.version + 1, effectiveFrom: payload.effectiveFrom, limits },
    changes,
    payload,
  };
}

/** At approval: refused (409) when another version was published since the proposal. */
export async function assertLimitsUnchanged(ctx: AppContext, baseVersion: number) {
  const latest = await repo.latestVersion(ctx.db);
  if (latest !== baseVersion) {
    throw new DomainError(
      ErrorCode.Conflict,
      `The limits changed since this proposal (now version ${latest}); propose the change again.`,
      409,
    );
  }
}

/** The approved version written, in the approval's transaction; from its time, or now if that has passed. */
export async function publishLimits(txCtx: AppContext, p: LimitsChangePayload, parties: ApprovalParties) {
  const now = txCtx.clock.now();
  const requested = p.effectiveFrom === null ? now : new Date(p.effectiveFrom);
  const approvedBy = parties.checkerStaffIds.at(-1);
  // The policy of limits.change never lets the maker act alone (0028's CHECK: maker <> approver).
  if (approvedBy === undefined)
    throw new DomainError(ErrorCode.Conflict, 'Limits need a second staff user.', 409);
  const effectiveFrom = requested > now ? requested : now;
  const version = await repo.insertVersion(txCtx.db, {
    effectiveFrom,
    createdBy: parties.makerStaffId,
    approvedBy,
    approvalRequestId: parties.requestId,
    createdAt: now,
    limits: p.limits.map((l) => ({
      currency: l.currency,
      minDepositMinor: minorOf(l.minDeposit, l.currency),
      minWithdrawalMinor: minorOf(l.minWithdrawal, l.currency),
      dailyWithdrawalCapMinor:
        l.dailyWithdrawalCap === null ? null : minorOf(l.dailyWithdrawalCap, l.currency),
    })),
  });
  return { version, effectiveFrom: effectiveFrom.toISOString() };
}
