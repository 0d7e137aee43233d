import { approvalPolicySchema } from '@imali/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

/** Every version of every action's approval tiers, newest first (policies.read). */
export const policiesQuery = queryOptions({
  queryKey: ['approvals', 'policies'],
  queryFn: () => api('/approvals/policies', { schema: z.array(approvalPolicySchema) }),
});
