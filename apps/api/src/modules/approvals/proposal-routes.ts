/**
 * The pair of staff routes a proposal through approvals is made of (decision 0063): `POST
 * <path>/preview` answers the proposal checked beside what is in force, nothing written; `POST
 * <path>/request` checks it again the same way and asks for it as an approval request (202 while
 * it waits for checkers, 200 when the tier needs none and it was done at once). The tiers
 * (`policy.change`), the client money limits (`limits.change`) and the fee schedules
 * (`fees.change`) register theirs with it, so the three cannot drift apart.
 *
 * Staleness is the preview function's: the request body may repeat the version its preview showed
 * (`baseVersion`), and a preview function refuses (409 "changed since your preview") when another
 * version was made since. The request runs that same function, so what is asked for is exactly what
 * a preview of the same body shows.
 */
import {
  approvalOutcomeSchema,
  envelope,
  ErrorCode,
  type ApprovalOutcome,
  type StaffPermission,
} from '@imali/contract';
import type { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import type { AppContext } from '../../lib/context';
import { ok } from '../../lib/reply';
import { staffOf } from '../../plugins/auth';
import { requestApproval } from './approvals.service';

const E = ErrorCode;

export interface ProposalRoutesSpec<Input, Preview extends { payload: unknown }> {
  /** Under the ops prefix, e.g. '/v1/fees': the routes are `${path}/preview` and `${path}/request`. */
  path: `/v1/${string}`;
  tags: string[];
  /** Needed for both routes (the approval action's maker permission; requestApproval checks it too). */
  permission: StaffPermission;
  /** The proposal, the same body for both routes. */
  body: z.ZodType<Input>;
  /** The preview's answer; its `payload` is what the approval request carries. */
  preview: z.ZodType<Preview>;
  summaries: { preview: string; request: string };
  /** The proposal checked beside what is in force; nothing written. Throws the 400s and 409s. */
  previewOf(ctx: AppContext, input: Input): Promise<Preview>;
  /** The approval action the request becomes, e.g. 'fees.change'. */
  action: string;
  /** The answer's message when no checker was needed and it was done at once. */
  doneMessage: string;
}

/** Registers the preview and request routes of one kind of proposal (see the file's comment). */
export function proposalRoutes<Input, Preview extends { payload: unknown }>(
  app: AppInstance,
  spec: ProposalRoutesSpec<Input, Preview>,
) {
  const ctx = app.ctx;
  // The body as `spec.body` parsed it: the type provider's UndefinedToUnknown<Input> is Input for
  // an object schema, which TypeScript cannot see while Input is generic.
  const bodyOf = (request: { body: unknown }) => request.body as Input;
  // A fresh object per route: route options are the route's own.
  const config = () => ({
    auth: 'staff' as const,
    permission: spec.permission,
    openapi: { errors: { 400: [E.InvalidInput], 403: [E.Forbidden], 409: [E.Conflict] } },
  });

  app.post(
    `${spec.path}/preview`,
    {
      config: config(),
      schema: {
        tags: spec.tags,
        summary: spec.summaries.preview,
        body: spec.body,
        response: { 200: envelope(spec.preview) },
      },
    },
    async (request) => ok(await spec.previewOf(ctx, bodyOf(request))),
  );

  app.post(
    `${spec.path}/request`,
    {
      config: config(),
      schema: {
        tags: spec.tags,
        summary: spec.summaries.request,
        body: spec.body,
        response: { 200: envelope(approvalOutcomeSchema), 202: envelope(approvalOutcomeSchema) },
      },
    },
    async (request, reply) => {
      const { payload } = await spec.previewOf(ctx, bodyOf(request));
      const outcome: ApprovalOutcome = await requestApproval(ctx, staffOf(request), spec.action, payload);
      if (outcome.status === 'pending') reply.status(202);
      return ok(outcome, outcome.status === 'pending' ? 'Waiting for approval.' : spec.doneMessage);
    },
  );
}
