import { ApplicationMessages } from '@imali/contract';
import { formatMinor } from '@imali/money';
import type { AppContext } from '../../lib/context';
import * as audit from '../audit/audit.service';
import { amountToMinor, withIdempotency, type IdempotencyInput } from '../ledger/ledger.service';
import { newReference } from '../ledger/reference';
import { ownUploadIdFromUrl } from '../uploads/uploads.service';
import * as repo from './applications.repository';
import { invalid, ownAccount, requireFlag, viewsOf } from './applications-shared';

/** Compensation claims: the client submits one with evidence; an operator approves or rejects it. */

/** Evidence follows the KYC upload rules: images the client sent through /client/app/v1/image. */
const EVIDENCE_PURPOSES = ['image'] as const;

export interface CompensationInput {
  account_id: number;
  amount: string;
  reason: string;
  related_reference: string;
  evidence_urls: string[];
}

export async function submitCompensation(
  ctx: AppContext,
  clientId: number,
  idempotency: IdempotencyInput,
  input: CompensationInput,
) {
  await requireFlag(ctx, clientId, 'compensation');
  const uploadIds: string[] = [];
  for (const url of input.evidence_urls) {
    const uploadId = await ownUploadIdFromUrl(ctx, clientId, url, EVIDENCE_PURPOSES);
    if (!uploadId) throw invalid(ApplicationMessages.evidenceInvalid);
    uploadIds.push(uploadId);
  }
  const related = input.related_reference.trim();
  if (!(await repo.referenceBelongsTo(ctx.db, clientId, related))) {
    throw invalid('No order or transaction of yours has this reference.');
  }
  return withIdempotency(ctx, idempotency, async (tx, txCtx) => {
    const account = await ownAccount(tx, clientId, input.account_id);
    const amountMinor = amountToMinor(input.amount, account.currency);
    const row = await repo.insertApplication(tx, {
      reference: newReference('CMP'),
      clientId,
      type: 'compensation',
      status: 'pending',
      accountId: account.id,
      currency: account.currency,
      amountMinor,
      reason: input.reason.trim(),
      relatedReference: related,
      createdAt: ctx.clock.now(),
    });
    await repo.insertEvidence(tx, row.id, [...new Set(uploadIds)]);
    await audit.record(txCtx, {
      actor: `client:${clientId}`,
      action: 'application.compensation.submit',
      subjectType: 'application',
      subjectId: String(row.id),
      before: null,
      after: { status: 'pending', amount: formatMinor(amountMinor, account.currency), related },
    });
    return (await viewsOf(txCtx, [row]))[0]!;
  });
}
