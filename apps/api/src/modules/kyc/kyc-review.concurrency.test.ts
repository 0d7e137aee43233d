import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { createIdentityTestApp } from '../auth/auth.testing';
import { clientWithSubmission, testStaffActor } from './kyc-review.testing';
import * as kyc from './kyc.service';

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test). Without the submission's row lock
// (kyc.repository lockSubmission) the conditional updates would still refuse the second decision,
// but only after both read "pending"; with it the second reviewer waits and re-reads the decided row.
describe.skipIf(!process.env.DATABASE_URL)(
  'two reviewers deciding one KYC submission at once (PostgreSQL)',
  () => {
    let t: TestApp;
    let reviewers: { actor: string }[];
    beforeAll(async () => {
      t = await createIdentityTestApp();
      reviewers = [await testStaffActor(t), await testStaffActor(t)];
    });
    afterAll(() => t?.close());

    it('approve and reject at once: one decision, one audit entry, the other 409', async () => {
      for (let round = 0; round < 5; round += 1) {
        const a = await clientWithSubmission(t);
        const settled = await Promise.allSettled([
          kyc.decideSubmission(t.app.ctx, a.submissionId, {
            decision: 'approved',
            actor: reviewers[0]!.actor,
          }),
          kyc.decideSubmission(t.app.ctx, a.submissionId, {
            decision: 'rejected',
            reason: 'Blurred',
            actor: reviewers[1]!.actor,
          }),
        ]);
        const won = settled.filter((s) => s.status === 'fulfilled');
        const lost = settled.filter((s) => s.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost.map((l) => (l as PromiseRejectedResult).reason)).toEqual([
          expect.objectContaining({ statusCode: 409 }),
        ]);
        const status = (won[0] as PromiseFulfilledResult<{ status: string }>).value.status;
        const [row] = await t.database.query<{ status: string; kyc_status: string }>(
          `select s.status, c.kyc_status from kyc_submissions s join clients c on c.id = s.client_id where s.id = $1`,
          [a.submissionId],
        );
        expect(row).toEqual({ status, kyc_status: status });
        const entries = await t.database.query<{ action: string }>(
          "select action from audit_log where subject_type = 'client' and subject_id = $1 and action in ('kyc.approve', 'kyc.reject')",
          [String(a.clientId)],
        );
        expect(entries).toHaveLength(1);
      }
    });

    it('ten reviewers approving the same submission: exactly one approval', async () => {
      const a = await clientWithSubmission(t);
      const settled = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          kyc.decideSubmission(t.app.ctx, a.submissionId, {
            decision: 'approved',
            actor: reviewers[i % 2]!.actor,
          }),
        ),
      );
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
      expect(
        settled
          .filter((s) => s.status === 'rejected')
          .map((s) => ((s as PromiseRejectedResult).reason as { statusCode?: number }).statusCode),
      ).toEqual(Array(9).fill(409));
    });

    it('the ops CLI (by mobile) and the console (by id) at once: one decision', async () => {
      for (let round = 0; round < 3; round += 1) {
        const a = await clientWithSubmission(t);
        const settled = await Promise.allSettled([
          kyc.approve(t.app.ctx, a.mobile, 'ops:cli'),
          kyc.decideSubmission(t.app.ctx, a.submissionId, {
            decision: 'rejected',
            reason: 'Blurred',
            actor: reviewers[0]!.actor,
          }),
        ]);
        expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
        expect(
          settled
            .filter((s) => s.status === 'rejected')
            .map((s) => ((s as PromiseRejectedResult).reason as { statusCode?: number }).statusCode),
        ).toEqual([409]);
      }
    });
  },
);
