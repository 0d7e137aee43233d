/**
 * New fee schedules through approvals (issue 23 screen 7, decision 0063): treasury proposes one
 * country's lines with a preview (each line "from → to" and the fees of a 10,000 buy and sale under
 * the current and the proposed schedule), a second treasury user approves with step-up
 * (`fees.change`), and the version applies from its effective time, at least two minutes after the
 * approval so every process has loaded it (fees.service reloads every 15 s) before it prices a trade.
 */
import {
  ErrorCode,
  type FeeLineChange,
  type FeeScheduleJson,
  type FeeScheduleVersionView,
  type FeesChangePayload,
  type FeesChangePreview,
  type FeesOverview,
  type FeesProposalInput,
  type FeeWorkedExample,
} from '@imali/contract';
import { computeFees, parseFeeSchedule, pow10, type FeeSchedule, type TradeSide } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import type { ApprovalParties } from '../approvals/approval-action';
import * as repo from './fees.repository';
import {
  feeSchedules,
  lastPublishedOf,
  publishedVersionsOf,
  refreshPublishedFeeSchedules,
  scheduleForCountry,
  shippedScheduleOf,
  type PublishedFeeSchedule,
} from './fees.service';

/** A version applies no sooner than this after its approval (every process reloads within 15 s). */
export const FEE_LEAD_MS = 2 * 60_000;

/** The JSON parseFeeSchedule takes, of a parsed schedule (minor amounts back to integer text). */
export function scheduleJson(s: FeeSchedule): FeeScheduleJson {
  return {
    country: s.country,
    version: s.version,
    currency: s.currency,
    currencyExponent: s.currencyExponent,
    vatRate: s.vatRate,
    vatLabel: s.vatLabel,
    ...(s.source === undefined ? {} : { source: s.source }),
    lines: s.lines.map((l) => ({
      code: l.code,
      label: l.label,
      receiptBucket: l.receiptBucket,
      rate: l.rate,
      base: l.base,
      side: l.side,
      ...(l.minimumMinor === undefined ? {} : { minimumMinor: l.minimumMinor.toString() }),
      ...(l.maximumMinor === undefined ? {} : { maximumMinor: l.maximumMinor.toString() }),
      rounding: { mode: l.rounding.mode, toMinor: Number(l.rounding.toMinor) },
      vatApplies: l.vatApplies,
      ...(l.source === undefined ? {} : { source: l.source }),
    })),
  };
}

const shippedView = (s: FeeSchedule): FeeScheduleVersionView => ({
  country: s.country,
  version: s.version,
  effectiveFrom: null,
  makerStaffId: null,
  approverStaffId: null,
  schedule: scheduleJson(s),
});

const publishedView = (p: PublishedFeeSchedule): FeeScheduleVersionView => ({
  country: p.schedule.country,
  version: p.schedule.version,
  effectiveFrom: p.effectiveFrom.toISOString(),
  makerStaffId: p.makerStaffId,
  approverStaffId: p.approverStaffId,
  schedule: scheduleJson(p.schedule),
});

function countryOverview(ctx: AppContext, country: string) {
  const now = ctx.clock.now().getTime();
  const inForce = scheduleForCountry(ctx, country);
  const versions = publishedVersionsOf(ctx, country);
  const current = versions.find((v) => v.schedule.version === inForce.version);
  return {
    country,
    inForce: current ? publishedView(current) : shippedView(inForce),
    scheduled: versions.filter((v) => v.effectiveFrom.getTime() > now).map(publishedView),
  };
}

/** GET /ops/v1/fees: per country the schedule in force and those scheduled (read fresh from the table). */
export async function feesOverview(ctx: AppContext): Promise<FeesOverview> {
  await refreshPublishedFeeSchedules(ctx);
  return {
    countries: [...feeSchedules(ctx.config).current.keys()].map((c) => countryOverview(ctx, c)),
  };
}

const tooClose = () =>
  new DomainError(
    ErrorCode.Conflict,
    'The effective time is too close; propose it again (at least two minutes after the approval).',
    409,
  );

/** Decimal text of `minor` in a currency of `exponent` decimals. */
function decimalOf(minor: bigint, exponent: number): string {
  if (exponent === 0) return minor.toString();
  const digits = minor.toString().padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

const LINE_FIELDS = [
  'label',
  'receiptBucket',
  'rate',
  'base',
  'side',
  'minimumMinor',
  'maximumMinor',
  'rounding',
  'vatApplies',
] as const;

const fieldText = (
  line: FeeScheduleJson['lines'][number] | undefined,
  field: (typeof LINE_FIELDS)[number],
) => {
  if (!line) return null;
  const value = line[field];
  if (value === undefined) return null;
  if (field === 'rounding') return `${line.rounding.mode}/${line.rounding.toMinor}`;
  return String(value);
};

/** Every difference, line by line (a new line: from null; a removed one: to null), and the VAT rate. */
function changesBetween(before: FeeScheduleJson, after: FeeScheduleJson): FeeLineChange[] {
  const changes: FeeLineChange[] = [];
  if (before.vatRate !== after.vatRate)
    changes.push({ code: 'vat', field: 'rate', from: before.vatRate, to: after.vatRate });
  const codes = [...new Set([...before.lines.map((l) => l.code), ...after.lines.map((l) => l.code)])];
  for (const code of codes) {
    const from = before.lines.find((l) => l.code === code);
    const to = after.lines.find((l) => l.code === code);
    if (!from || !to) {
      changes.push({ code, field: 'line', from: from ? from.label : null, to: to ? to.label : null });
      continue;
    }
    for (const field of LINE_FIELDS) {
      const a = fieldText(from, field);
      const b = fieldText(to, field);
      if (a !== b) changes.push({ code, field, from: a, to: b });
    }
  }
  return changes;
}

/** The fees of a 10,000 (major units) buy and sale of 100 shares under both schedules. */
function workedExamples(current: FeeSchedule, proposed: FeeSchedule): FeeWorkedExample[] {
  const considerationMinor = 10_000n * pow10(current.currencyExponent);
  const quantity = '100';
  return (['buy', 'sell'] as TradeSide[]).map((side) => ({
    side,
    currency: current.currency,
    tradeValue: decimalOf(considerationMinor, current.currencyExponent),
    quantity,
    currentFees: decimalOf(
      computeFees(current, { side, considerationMinor, quantity }).totalMinor,
      current.currencyExponent,
    ),
    proposedFees: decimalOf(
      computeFees(proposed, { side, considerationMinor, quantity }).totalMinor,
      proposed.currencyExponent,
    ),
  }));
}

/** 'ZA-202612011430': the country and the proposal's minute (UTC). */
const versionLabel = (country: string, at: Date) =>
  `${country}-${at.toISOString().slice(0, 16).replace(/[-T:]/g, '')}`;

/** The latest version of a country (published last, maybe scheduled), else the shipped one. */
function latestOf(ctx: AppContext, country: string): FeeScheduleVersionView {
  const last = lastPublishedOf(ctx, country);
  return last ? publishedView(last) : shippedView(shippedScheduleOf(ctx, country));
}

/** A proposal checked beside the schedule in force and the latest; nothing written. */
export async function previewFeesChange(
  ctx: AppContext,
  input: FeesProposalInput,
): Promise<FeesChangePreview> {
  await refreshPublishedFeeSchedules(ctx);
  const now = ctx.clock.now();
  if (!feeSchedules(ctx.config).current.has(input.country)) {
    throw new DomainError(ErrorCode.InvalidInput, `There is no fee schedule for ${input.country}.`, 400);
  }
  const effectiveFrom = new Date(input.effectiveFrom);
  if (effectiveFrom.getTime() < now.getTime() + FEE_LEAD_MS) throw tooClose();
  const inForce = countryOverview(ctx, input.country).inForce;
  const latest = latestOf(ctx, input.country);
  if (input.baseVersion !== undefined && input.baseVersion !== latest.version) {
    throw new DomainError(
      ErrorCode.Conflict,
      `The fees of ${input.country} changed since your preview (now ${latest.version}); preview again.`,
      409,
    );
  }
  const version = versionLabel(input.country, now);
  let proposed: FeeSchedule;
  try {
    proposed = parseFeeSchedule({
      ...latest.schedule,
      source: undefined,
      version,
      vatRate: input.vatRate ?? latest.schedule.vatRate,
      lines: input.lines,
    });
  } catch (error) {
    throw new DomainError(
      ErrorCode.InvalidInput,
      `${(error as Error).message.replace(/^Fee schedule [^:]+: /, '')}: correct that line and preview again.`,
      400,
    );
  }
  if (
    version === latest.version ||
    publishedVersionsOf(ctx, input.country).some((v) => v.schedule.version === version)
  ) {
    throw new DomainError(
      ErrorCode.Conflict,
      `A version ${version} exists already: propose it again in a minute.`,
      409,
    );
  }
  const schedule = scheduleJson(proposed);
  const changes = changesBetween(latest.schedule, schedule);
  if (changes.length === 0) {
    throw new DomainError(
      ErrorCode.InvalidInput,
      'These are the fees already in place: nothing to change.',
      400,
    );
  }
  const latestParsed = parseFeeSchedule(latest.schedule);
  const payload: FeesChangePayload = {
    country: input.country,
    version,
    baseVersion: latest.version,
    effectiveFrom: effectiveFrom.toISOString(),
    schedule,
    before: latest.schedule,
    summary: changes
      .map((c) => `${input.country} ${c.code} ${c.field}: ${c.from ?? '—'} → ${c.to ?? '—'}`)
      .join('; '),
  };
  return {
    inForce,
    latest,
    proposed: { version, effectiveFrom: payload.effectiveFrom, schedule },
    changes,
    examples: workedExamples(latestParsed, proposed),
    payload,
  };
}

/** At approval: refused (409) when another version was published since, or the time is too close. */
export async function assertFeesChangeStillValid(ctx: AppContext, p: FeesChangePayload): Promise<void> {
  if (new Date(p.effectiveFrom).getTime() < ctx.clock.now().getTime() + FEE_LEAD_MS) throw tooClose();
  const latest = (await repo.latestVersionOf(ctx.db, p.country)) ?? shippedScheduleOf(ctx, p.country).version;
  if (latest !== p.baseVersion) {
    throw new DomainError(
      ErrorCode.Conflict,
      `The fees of ${p.country} changed since this proposal (now ${latest}); propose the change again.`,
      409,
    );
  }
}

/** The approved version written, in the approval's transaction, under the country's lock. */
export async function publishFees(txCtx: AppContext, p: FeesChangePayload, parties: ApprovalParties) {
  const approver = parties.checkerStaffIds.at(-1);
  // fees.change's tiers never let the maker act alone (0031's CHECK: approver <> maker).
  if (approver === undefined)
    throw new DomainError(ErrorCode.Conflict, 'Fees need a second staff user.', 409);
  await repo.lockCountry(txCtx.db, p.country);
  await assertFeesChangeStillValid(txCtx, p);
  // Checked again as the processes will load it.
  parseFeeSchedule(p.schedule);
  await repo.insertVersion(txCtx.db, {
    country: p.country,
    version: p.version,
    schedule: p.schedule,
    effectiveFrom: new Date(p.effectiveFrom),
    makerStaffId: parties.makerStaffId,
    approverStaffId: approver,
    approvalRequestId: parties.requestId,
    createdAt: txCtx.clock.now(),
  });
  return { version: p.version, country: p.country, effectiveFrom: p.effectiveFrom };
}
