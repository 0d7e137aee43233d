import {
  ApplicationMessages,
  application,
  applicationBody,
  envelope,
  loanPreviewBody,
  loanQuote,
  trialOffer,
} from '@imali/contract';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-instance';
import { markReplayed } from '../../lib/idempotent-reply';
import { ok } from '../../lib/reply';
import { principalOf } from '../../plugins/auth';
import { idempotencyOf } from '../ledger/idempotency';
import {
  listClientApplications,
  previewLoan,
  submitApplication,
  trialOffer as offerOf,
} from './applications.service';

const tags = ['applications'];

// Money screens need approved KYC (`kyc: true`). A panel hidden by its flag (allow_bonus,
// allow_compensation, allow_loan) answers 403 on its endpoints; the list is always the client's own.
// Applications bring money in rather than send it out, so no PIN; a submission carries an
// Idempotency-Key like every money-moving POST.
export async function applicationRoutes(app: AppInstance) {
  const ctx = app.ctx;

  app.get(
    '/client/app/v1/application',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary:
          "The client's applications (trial bonus, compensation, loan) with statuses and decision reasons",
        response: { 200: envelope(z.array(application)) },
      },
    },
    async (request) => ok(await listClientApplications(ctx, principalOf(request).clientId)),
  );

  app.post(
    '/client/app/v1/application',
    {
      config: { idempotent: true, kyc: true },
      schema: {
        tags,
        summary:
          'Apply: accept the trial bonus (credited at once), claim compensation or apply for a loan (pending an operator); 403 when the flag is off (Idempotency-Key)',
        body: applicationBody,
        response: { 200: envelope(application) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const result = await submitApplication(
        ctx,
        principalOf(request).clientId,
        idempotencyOf(request, body),
        body,
      );
      markReplayed(reply, result);
      return ok(
        result.data,
        body.type === 'trial' ? ApplicationMessages.trialAccepted : ApplicationMessages.submitted,
      );
    },
  );

  app.get(
    '/client/app/v1/application/trial_offer',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary:
          'The trial bonus offer with its full terms (amount, conditions, expiry); 403 unless allow_bonus',
        response: { 200: envelope(trialOffer) },
      },
    },
    async (request) => ok(await offerOf(ctx, principalOf(request).clientId)),
  );

  app.post(
    '/client/app/v1/application/loan_preview',
    {
      config: { kyc: true },
      schema: {
        tags,
        summary:
          'The interest rate, instalment, total repayable, total cost of credit, affordability and schedule of a loan, before submitting; nothing is written; 403 unless allow_loan',
        body: loanPreviewBody,
        response: { 200: envelope(loanQuote) },
      },
    },
    async (request) => ok(await previewLoan(ctx, principalOf(request).clientId, request.body)),
  );
}
