import { z } from 'zod';
import { serverNow } from '@/lib/server-clock';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today (the server's) and the first of this month as yyyy-mm-dd in Johannesburg time (the statement's zone). */
export function defaultStatementRange(now: Date = new Date(serverNow())): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Johannesburg',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

export const statementFormSchema = z
  .object({
    accountId: z.string().min(1, 'Choose an account'),
    from: z.string().regex(DATE, 'Invalid date format.'),
    to: z.string().regex(DATE, 'Invalid date format.'),
  })
  .refine((v) => v.from <= v.to, {
    path: ['to'],
    message: 'The end date must be on or after the start date.',
  });
export type StatementFormValues = z.infer<typeof statementFormSchema>;

export function statementFileName(currency: string, from: string, to: string): string {
  return `imali-statement-${currency}-${from}-to-${to}.csv`;
}
