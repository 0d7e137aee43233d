import {
  approvalOutcomeSchema,
  staffWithdrawalSchema,
  type PayWithdrawalInput,
  type RejectWithdrawalInput,
} from '@imali/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

export type WithdrawalStatusFilter = 'pending' | 'paid' | 'rejected' | 'all';

/** The payouts queue: withdrawals of one status with the client's balance, card, history and tier. */
export const withdrawalsQuery = (status: WithdrawalStatusFilter) =>
  queryOptions({
    queryKey: ['payouts', 'withdrawals', status],
    queryFn: () => api('/withdrawals', { query: { status }, schema: z.array(staffWithdrawalSchema) }),
  });

/** Pays at once under the first tier (`executed`), else makes an approval request (`pending`). */
export const payWithdrawal = (id: number, input: PayWithdrawalInput) =>
  api(`/withdrawals/${id}/pay`, { method: 'POST', body: input, schema: approvalOutcomeSchema });

const rejectedSchema = z.object({ id: z.number().int(), status: z.string(), reason: z.string().nullable() });

export const rejectWithdrawal = (id: number, input: RejectWithdrawalInput) =>
  api(`/withdrawals/${id}/reject`, { method: 'POST', body: input, schema: rejectedSchema });
