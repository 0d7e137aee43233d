import { z } from 'zod';

/**
 * Deposits and bank-statement reconciliation on the staff API (issue 23, decision 0059). Amounts
 * are decimal strings of the currency ('1500.00'; a statement line's amount is signed, credits
 * positive), dates ISO 8601. The statement CSV format is in the reconciliation module's README.
 */

const decimalAmount = z.string().regex(/^-?\d+\.\d{2}$/);

/** A pending deposit as staff see it: who, how much, the reference the client quotes, the proof. */
export const staffDepositSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  clientId: z.number().int(),
  clientName: z.string().nullable(),
  clientMobile: z.string(),
  accountId: z.number().int(),
  currency: z.string(),
  amount: decimalAmount,
  status: z.enum(['pending', 'confirmed', 'rejected']),
  /** The proof of payment's upload id (image or PDF), served to staff by the files module. */
  proofFileId: z.string().nullable(),
  /** Where the console reads the proof with its staff session (`/ops/v1/files/<proofFileId>`). */
  proofUrl: z.string().nullable(),
  createdAt: z.string(),
  /** Seconds since the client announced it (by the server's clock). */
  ageSeconds: z.number().int(),
});
export type StaffDeposit = z.infer<typeof staffDepositSchema>;

export const staffDepositListQuery = z.object({ status: z.literal('pending').default('pending') });

export const rejectDepositInput = z.object({
  reason: z.string().trim().min(1, 'A reason is required.').max(500),
});
export type RejectDepositInput = z.infer<typeof rejectDepositInput>;

/**
 * What a statement line is to the pending deposits:
 * - `match`: a pending deposit has its reference and exactly its amount (proposed for confirmation);
 * - `amount_mismatch`: a pending deposit has its reference but another amount or currency (shown,
 *   never proposed);
 * - `deposit_decided`: the deposit of its reference is already confirmed or rejected;
 * - `no_match`: no deposit has its reference;
 * - `debit`: money out, not a deposit;
 * - `duplicate`: the same bank line was imported with an earlier statement;
 * - `confirmed`: this line credited its deposit.
 */
export const BANK_LINE_MATCH_STATES = [
  'match',
  'amount_mismatch',
  'deposit_decided',
  'no_match',
  'debit',
  'duplicate',
  'confirmed',
] as const;
export type BankLineMatchState = (typeof BANK_LINE_MATCH_STATES)[number];

export const bankStatementLineSchema = z.object({
  id: z.number().int(),
  statementId: z.number().int(),
  /** The line of the file (the header is line 1). */
  lineNo: z.number().int(),
  date: z.string(),
  description: z.string(),
  reference: z.string(),
  amount: decimalAmount,
  balance: decimalAmount,
  status: z.enum(['open', 'confirmed', 'duplicate']),
  duplicateOfLineId: z.number().int().nullable(),
  /** The deposit reference read from the line ('DEP-…'), when it carries one. */
  depositReference: z.string().nullable(),
  match: z.enum(BANK_LINE_MATCH_STATES),
  /** The deposit of its reference (the proposed one, the mismatched one, or the one it credited). */
  deposit: staffDepositSchema.nullable(),
  confirmedAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
});
export type BankStatementLine = z.infer<typeof bankStatementLineSchema>;

export const bankStatementSchema = z.object({
  id: z.number().int(),
  fileName: z.string().nullable(),
  fileSha256: z.string(),
  currency: z.string(),
  lineCount: z.number().int(),
  creditTotal: decimalAmount,
  debitTotal: decimalAmount,
  firstDate: z.string(),
  lastDate: z.string(),
  importedAt: z.string(),
  importedBy: z.string(),
  /** Open credit lines per match state, and lines confirmed or duplicate. */
  counts: z.object({
    match: z.number().int(),
    amountMismatch: z.number().int(),
    noMatch: z.number().int(),
    confirmed: z.number().int(),
    duplicate: z.number().int(),
  }),
});
export type BankStatement = z.infer<typeof bankStatementSchema>;

export const bankStatementDetailSchema = bankStatementSchema.extend({
  lines: z.array(bankStatementLineSchema),
  /** Pending deposits no line of this statement matches exactly: still waiting for their money. */
  depositsWithoutLine: z.array(staffDepositSchema),
});
export type BankStatementDetail = z.infer<typeof bankStatementDetailSchema>;

/** Import as JSON (the console reads the chosen file as text); `text/csv` bodies are accepted too. */
export const importStatementInput = z.object({
  fileName: z.string().trim().max(200).optional(),
  csv: z.string().min(1, 'Choose a statement file.'),
});
export type ImportStatementInput = z.infer<typeof importStatementInput>;

export const confirmBankLineInput = z.object({ depositId: z.number().int().positive() });
export type ConfirmBankLineInput = z.infer<typeof confirmBankLineInput>;

/** The answer of a confirmation: the line (now `confirmed`) and the deposit it credited. */
export const confirmedBankLineSchema = z.object({
  line: bankStatementLineSchema,
  deposit: staffDepositSchema,
  entryId: z.number().int(),
});
export type ConfirmedBankLine = z.infer<typeof confirmedBankLineSchema>;
