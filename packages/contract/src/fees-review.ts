import { z } from 'zod';

/**
 * Fee schedules as approved data (issue 23 screen 7, decision 0063): a new schedule of one country
 * (`fees.change`), proposed by treasury with a preview (each line "from → to" and a worked
 * example), approved by a second treasury user with step-up, in force from its effective time
 * (at least two minutes after the approval, so every process has loaded it first). The schedule
 * is the JSON `parseFeeSchedule` (packages/money) accepts: rates as decimal text, minimums and
 * maximums as integer text of minor units. The server validates it with parseFeeSchedule.
 */

/** A schedule's line as parseFeeSchedule takes it. */
export const feeLineSchema = z.object({
  code: z.string().trim().min(1).max(40),
  label: z.string().trim().min(1).max(120),
  receiptBucket: z.enum(['brokerage', 'stt', 'txn']),
  /** A fraction of the consideration ('0.0025' = 0.25%), or major units per share. */
  rate: z.string().trim().min(1).max(30),
  base: z.enum(['consideration', 'per_share']),
  side: z.enum(['buy', 'sell', 'both']),
  minimumMinor: z.string().trim().min(1).max(20).optional(),
  maximumMinor: z.string().trim().min(1).max(20).optional(),
  rounding: z.object({ mode: z.enum(['HALF_UP', 'UP', 'DOWN']), toMinor: z.number().int().min(1) }),
  vatApplies: z.boolean(),
  source: z.string().max(500).optional(),
});
export type FeeLineJson = z.infer<typeof feeLineSchema>;

/** A whole schedule as parseFeeSchedule takes it. */
export const feeScheduleJsonSchema = z.object({
  country: z.string(),
  version: z.string(),
  currency: z.string(),
  currencyExponent: z.number().int(),
  vatRate: z.string(),
  vatLabel: z.string(),
  lines: z.array(feeLineSchema),
  source: z.string().optional(),
});
export type FeeScheduleJson = z.infer<typeof feeScheduleJsonSchema>;

/** A schedule version: shipped (effectiveFrom and the staff null) or published through fees.change. */
export const feeScheduleVersionSchema = z.object({
  country: z.string(),
  version: z.string(),
  /** null: the shipped schedule (in force until a published one's time comes). */
  effectiveFrom: z.string().nullable(),
  makerStaffId: z.number().int().nullable(),
  approverStaffId: z.number().int().nullable(),
  schedule: feeScheduleJsonSchema,
});
export type FeeScheduleVersionView = z.infer<typeof feeScheduleVersionSchema>;

/** GET /ops/v1/fees: per country the schedule in force and those scheduled after it. */
export const feesOverviewSchema = z.object({
  countries: z.array(
    z.object({
      country: z.string(),
      inForce: feeScheduleVersionSchema,
      scheduled: z.array(feeScheduleVersionSchema),
    }),
  ),
});
export type FeesOverview = z.infer<typeof feesOverviewSchema>;

/** POST /ops/v1/fees/preview and /ops/v1/fees/request: one country's new lines. */
export const feesProposalInput = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'Choose a country.'),
  /** The VAT/GST rate; the latest schedule's when absent. */
  vatRate: z.string().trim().min(1).max(12).optional(),
  lines: z.array(feeLineSchema).min(1, 'Give at least one fee line.').max(20),
  /** When it applies: at least two minutes after the approval. */
  effectiveFrom: z.iso.datetime({ offset: true, error: 'Give the effective time.' }),
  /** The latest version the preview showed: another published since → 409. */
  baseVersion: z.string().optional(),
});
export type FeesProposalInput = z.infer<typeof feesProposalInput>;

/** The payload of the approval `fees.change`: the schedule proposed and the one it replaces. */
export const feesChangePayload = z.object({
  country: z.string(),
  version: z.string(),
  baseVersion: z.string(),
  effectiveFrom: z.string(),
  schedule: feeScheduleJsonSchema,
  before: feeScheduleJsonSchema,
  summary: z.string(),
});
export type FeesChangePayload = z.infer<typeof feesChangePayload>;

/** One difference of one line (or of the VAT rate, code 'vat'); from null: a new line, to null: removed. */
export const feeLineChangeSchema = z.object({
  code: z.string(),
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type FeeLineChange = z.infer<typeof feeLineChangeSchema>;

/** The fees of one trade under the current and the proposed schedule (decimal text, schedule currency). */
export const feeWorkedExampleSchema = z.object({
  side: z.enum(['buy', 'sell']),
  currency: z.string(),
  tradeValue: z.string(),
  quantity: z.string(),
  currentFees: z.string(),
  proposedFees: z.string(),
});
export type FeeWorkedExample = z.infer<typeof feeWorkedExampleSchema>;

/** POST /ops/v1/fees/preview: the proposal checked beside the latest version; nothing written. */
export const feesChangePreviewSchema = z.object({
  inForce: feeScheduleVersionSchema,
  latest: feeScheduleVersionSchema,
  proposed: z.object({ version: z.string(), effectiveFrom: z.string(), schedule: feeScheduleJsonSchema }),
  changes: z.array(feeLineChangeSchema),
  examples: z.array(feeWorkedExampleSchema),
  payload: feesChangePayload,
});
export type FeesChangePreview = z.infer<typeof feesChangePreviewSchema>;
