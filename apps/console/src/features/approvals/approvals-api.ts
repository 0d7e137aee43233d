import { approvalRequestSchema, type ApprovalRequest } from '@imali/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

export type ApprovalScope = 'inbox' | 'mine' | 'all';

/** The checker's inbox (pending, not mine, a permission I hold), my own requests, or all of them. */
export const approvalsQuery = (scope: ApprovalScope) =>
  queryOptions({
    queryKey: ['approvals', 'list', scope],
    queryFn: () => api('/approvals', { query: { scope }, schema: z.array(approvalRequestSchema) }),
  });

/**
 * Approves with a fresh step-up code. The body repeats the hash of the payload the checker was
 * shown: the server binds the code to this exact body, so the code approves that payload only.
 */
export const approveRequest = (request: ApprovalRequest, stepUpCode: string) =>
  api(`/approvals/${request.id}/approve`, {
    method: 'POST',
    body: { payloadHash: request.payloadHash },
    schema: approvalRequestSchema,
    stepUpCode,
  });

export const rejectRequest = (id: number, reason: string) =>
  api(`/approvals/${id}/reject`, { method: 'POST', body: { reason }, schema: approvalRequestSchema });

export const cancelRequest = (id: number) =>
  api(`/approvals/${id}/cancel`, { method: 'POST', schema: approvalRequestSchema });
