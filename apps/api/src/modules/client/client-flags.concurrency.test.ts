import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DomainError } from '../../plugins/errors';
import { insertStaff } from '../approvals/approvals-test-kit';
import { clientApi, createTestClient, fund, newPinSession } from '../ledger/money-test-kit';
import { payWithdrawal } from '../withdrawals/withdrawals.service';
import { setWithdrawalsBlocked } from './client-flags.service';

// PGlite has one connection and cannot show a race: these run on a real PostgreSQL only
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
describe.skipIf(!process.env.DATABASE_URL)('withdrawals blocked under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let staffId: number;
  beforeAll(async () => {
    t = await createTestApp();
    staffId = (await insertStaff(t, ['payments_maker'], 'maker')).id;
  });
  afterAll(() => t?.close());

  it('race: a block set while withdrawals are requested: each request is refused, or its withdrawal exists and then cannot be paid', async () => {
    const outcomes = { refused: 0, heldThenUnpaid: 0 };
    for (let round = 0; round < 6; round += 1) {
      const client = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, client, 'ZAR', '10000');
      const api = clientApi(t, client);
      const card = (
        await api.post(
          '/api/bankcard/app/v1',
          { bank_name: 'FNB', card_no: `628123${String(round).padStart(5, '0')}`, holder_name: 'M Tester' },
          null,
        )
      ).json().data.id;
      // Each withdrawal spends a PIN verification of its own: one session with a fresh PIN each.
      const sessions = [];
      for (let i = 0; i < 5; i += 1) sessions.push(await newPinSession(t.app.ctx, client));
      // Five requests and the block, all at once.
      const [block, ...requests] = await Promise.all([
        setWithdrawalsBlocked(t.app.ctx, {
          clientId: client.clientId,
          blocked: true,
          reason: 'race',
          staffId,
          actor: `staff:${staffId}`,
        }),
        ...sessions.map((session) =>
          clientApi(t, session).post('/api/withdraw/app/v1', {
            amount: '500',
            account_id: client.accounts.ZAR,
            receiver: card,
          }),
        ),
      ]);
      expect(block.value).toBe(true);
      for (const r of requests) {
        if (r.statusCode === 409) {
          expect(r.json().code).toBe('WITHDRAWALS_BLOCKED');
          outcomes.refused += 1;
          continue;
        }
        expect(r.statusCode).toBe(200);
        // Held before the block committed: it stays held and cannot be paid now.
        const id = r.json().data.id as number;
        const paid = await payWithdrawal(t.app.ctx, id, `staff:${staffId}`).catch((e: unknown) => e);
        expect(paid).toBeInstanceOf(DomainError);
        expect((paid as DomainError).code).toBe('WITHDRAWALS_BLOCKED');
        outcomes.heldThenUnpaid += 1;
      }
      const [counts] = await t.database.query<{ pending: string; paid: string; held: string }>(
        `select (select count(*) from withdrawals where client_id = $1 and status = 'pending')::text as pending,
                (select count(*) from withdrawals where client_id = $1 and status = 'paid')::text as paid,
                (select held_minor::text from accounts where id = $2) as held`,
        [client.clientId, client.accounts.ZAR],
      );
      expect(counts!.paid).toBe('0');
      // What is held is exactly the withdrawals that got in before the block.
      expect(BigInt(counts!.held)).toBe(BigInt(counts!.pending) * 50_000n);
      // And after the block, every new request is refused.
      const late = await api.withdraw({ amount: '500', account_id: client.accounts.ZAR, receiver: card });
      expect(late.json().code).toBe('WITHDRAWALS_BLOCKED');
    }
    expect(outcomes.refused + outcomes.heldThenUnpaid).toBe(30);
  });
});
