import type { ApprovalRequest } from '@imali/contract';

/**
 * A pending approval request as the staff API answers it, for the screens' tests: what a maker's
 * "Request approval" comes back with. Each test names the fields it is about (id, action, item).
 */
export const pendingRequest = (over: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  id: 51,
  action: 'ipo.allot',
  itemKey: 'ipo:5',
  payload: {},
  payloadHash: 'c'.repeat(64),
  amount: null,
  currency: null,
  makerStaffId: 1,
  policyId: 3,
  policyVersion: 1,
  checkersRequired: 1,
  checkerPermission: 'products.approve',
  status: 'pending',
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-11-30T10:00:00.000Z',
  decidedAt: null,
  executedAt: null,
  outcome: null,
  decisions: [],
  ...over,
});
