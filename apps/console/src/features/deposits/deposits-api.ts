import {
  bankStatementDetailSchema,
  bankStatementSchema,
  confirmedBankLineSchema,
  staffDepositSchema,
  type BankStatementDetail,
} from '@imali/contract';
import { formatCurrency } from '@imali/money';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

/** Pending deposits (oldest first), as the staff API lists them. */
export const pendingDepositsQuery = queryOptions({
  queryKey: ['deposits', 'pending'],
  queryFn: () => api('/deposits', { query: { status: 'pending' }, schema: z.array(staffDepositSchema) }),
});

export const statementsQuery = queryOptions({
  queryKey: ['deposits', 'statements'],
  queryFn: () => api('/reconciliation/statements', { schema: z.array(bankStatementSchema) }),
});

export const statementQueryKey = (id: number) => ['deposits', 'statement', id] as const;

export const statementQuery = (id: number) =>
  queryOptions({
    queryKey: statementQueryKey(id),
    queryFn: (): Promise<BankStatementDetail> =>
      api(`/reconciliation/statements/${id}`, { schema: bankStatementDetailSchema }),
  });

/** Imports a statement file as JSON `{csv, fileName}` (the console reads the chosen file as text). */
export const importStatement = (csv: string, fileName: string) =>
  api('/reconciliation/statements', {
    method: 'POST',
    body: { csv, fileName },
    schema: bankStatementDetailSchema,
  });

export const confirmLine = (lineId: number, depositId: number) =>
  api(`/reconciliation/lines/${lineId}/confirm`, {
    method: 'POST',
    body: { depositId },
    schema: confirmedBankLineSchema,
  });

export const rejectDeposit = (id: number, reason: string) =>
  api(`/deposits/${id}/reject`, { method: 'POST', body: { reason }, schema: staffDepositSchema });

/** An amount the API sends as a decimal string of its currency ('1500.00'), for display. */
export const money = (amount: string, currency: string) => formatCurrency(amount, currency);

/** How long ago, from the server's seconds (its clock, not the browser's). */
export function ageText(seconds: number) {
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * The server refuses a bad statement with one message: 'The statement was not imported: line 3:
 * …; line 7: …'. Split into the lead and one item per problem, so each bad line reads on its own.
 */
export function statementProblems(message: string): { lead: string; problems: string[] } | null {
  const prefix = 'The statement was not imported: ';
  if (!message.startsWith(prefix)) return null;
  const problems = message
    .slice(prefix.length)
    .split(/; (?=line \d+: )/)
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    lead: 'The statement was not imported. Nothing was changed. Fix these lines and import it again:',
    problems,
  };
}
