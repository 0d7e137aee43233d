import { z } from 'zod';
import { ApplicationMessages } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { defineApprovalAction, staffActorOf } from '../approvals/approval-action';
import { conflict } from '../ledger/ledger.service';
import { approveApplication, findApplication, PAYOUT_ACTION_OF } from './applications.service';

/**
 * Approving a compensation claim or a loan IS the payout (issue 23, decision 0058): the money
 * leaves a house account for the client's. So it goes through the amount tiers of
 * `compensation.payout` / `loan.payout` (approval_policies, 0023): up to R50,000 the maker alone,
 * above it one `payouts.approve` checker, above R1,000,000 two. The payload is what the maker saw
 * (id, reference, account, amount), read from the row, never from a form.
 */
export const applicationPayoutPayload = z.object({
  applicationId: z.number().int().positive(),
  reference: z.string().min(1),
  accountId: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Minor units as decimal text (JSON has no bigint). */
  amountMinor: z.string().regex(/^\d{1,19}$/),
});
export type ApplicationPayoutPayload = z.infer<typeof applicationPayoutPayload>;

/** The action and payload for approving application `id`, from its row (a trial: 409). */
export async function applicationPayoutOf(ctx: AppContext, id: number) {
  const app = await findApplication(ctx, id);
  if (app.type === 'trial') {
    throw conflict('A trial bonus is not approved by an operator (see application forfeit).');
  }
  const payload: ApplicationPayoutPayload = {
    applicationId: app.id,
    reference: app.reference,
    accountId: app.accountId,
    currency: app.currency,
    amountMinor: app.amountMinor.toString(),
  };
  return { action: PAYOUT_ACTION_OF[app.type], payload };
}

function payoutAction(type: 'compensation' | 'loan') {
  return defineApprovalAction<AppContext, ApplicationPayoutPayload, unknown>({
    action: PAYOUT_ACTION_OF[type],
    makerPermission: 'applications.decide',
    checkerPermission: 'payouts.approve',
    payload: applicationPayoutPayload,
    // One key for both actions: an application is one item whatever it is.
    itemKeyOf: (p) => `application:${p.applicationId}`,
    amountOf: (p) => ({ amountMinor: BigInt(p.amountMinor), currency: p.currency }),
    async recheck(ctx, p) {
      const app = await findApplication(ctx, p.applicationId);
      if (app.type !== type) throw conflict('The application is not the one approved.');
      // Decided meanwhile (rejected in the console, approved by the CLI): nothing to pay.
      if (app.status !== 'pending') throw conflict(ApplicationMessages.notPending);
      if (
        app.reference !== p.reference ||
        app.accountId !== p.accountId ||
        app.currency !== p.currency ||
        app.amountMinor.toString() !== p.amountMinor
      ) {
        throw conflict('The application is not the one approved.');
      }
    },
    async execute(txCtx, p, parties) {
      // The one approval path (applications.service): locks the application, refuses it unless
      // still pending, posts the credit or disbursement through the ledger and audits it.
      const row = await approveApplication(
        txCtx,
        p.applicationId,
        staffActorOf({ id: parties.makerStaffId }),
        { approvedBy: parties.checkerStaffIds.map((id) => staffActorOf({ id })) },
      );
      return { applicationId: row.id, type: row.type, status: row.status };
    },
  });
}

export const compensationPayoutApproval = payoutAction('compensation');
export const loanPayoutApproval = payoutAction('loan');
