import { z } from 'zod';
import {
  MAX_IMAGE_BYTES,
  Messages,
  amountString,
  compensationApplicationBody,
  isPlainInteger,
  loanFields,
  typedText,
  type Application,
} from '@imali/contract';

/**
 * Form schemas of the application drawers, built from the contract's fields so the browser and
 * the server refuse the same input with the same words.
 */
export const compensationFormSchema = z.object({
  accountId: z.string().min(1, 'Choose an account'),
  amount: typedText(amountString),
  reason: compensationApplicationBody.shape.reason,
  related_reference: compensationApplicationBody.shape.related_reference,
});
export type CompensationFormValues = z.input<typeof compensationFormSchema>;

export const MAX_EVIDENCE_FILES = 3;
export const EvidenceMessages = {
  required: 'Upload at least one evidence file',
  tooMany: `Upload at most ${MAX_EVIDENCE_FILES} evidence files`,
  type: Messages.onlyImages,
  size: Messages.imageTooLarge,
} as const;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** The KYC upload rules, checked before sending: JPEG, PNG or WebP, under 20 MB. */
export function evidenceFileProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!IMAGE_TYPES.includes(file.type)) return EvidenceMessages.type;
  if (file.size > MAX_IMAGE_BYTES) return EvidenceMessages.size;
  return undefined;
}

/** The loan form: every field as typed (strings), validated by the contract's rules. */
export const loanFormSchema = z.object({
  account_id: z.string().min(1, 'Choose an account'),
  amount: typedText(loanFields.shape.amount),
  // Typed as text, sent as a JSON number: plain digits (the contract's rule) then the term's limits.
  term_months: z.string().superRefine((value, ctx) => {
    const text = value.trim();
    const term = text === '' ? undefined : isPlainInteger(text) ? Number(text) : text;
    const parsed = loanFields.shape.term_months.safeParse(term);
    if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
  }),
  purpose: loanFields.shape.purpose,
  monthly_income: typedText(loanFields.shape.monthly_income),
  monthly_expenses: typedText(loanFields.shape.monthly_expenses),
});
export type LoanFormValues = z.input<typeof loanFormSchema>;

export const TYPE_LABELS: Record<Application['type'], string> = {
  trial: 'Trial bonus',
  compensation: 'Compensation',
  loan: 'Loan',
};

export const STATUS_LABELS: Record<Application['status'], string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
  active: 'Active',
  expired: 'Expired',
  forfeited: 'Forfeited',
};

export const STATUS_CLASSES: Record<Application['status'], string> = {
  pending: 'bg-amber-50 text-amber-700 ring-amber-200',
  approved: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  rejected: 'bg-red-50 text-red-700 ring-red-200',
  expired: 'bg-slate-100 text-slate-600 ring-slate-200',
  forfeited: 'bg-red-50 text-red-700 ring-red-200',
};

/** '1234.5' + 'ZAR' → 'ZAR 1,234.50' (grouping for reading; the amount is the server's string). */
export function money(amount: string, currency: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${currency} ${grouped}${fraction ? `.${fraction.padEnd(2, '0')}` : ''}`;
}

/** An ISO time as a short date: '2026-12-25'. */
export const shortDate = (iso: string) => iso.slice(0, 10);
