import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewRate } from '../../modules/fx/fx.service';
import { fxRatePublishPayloadOf } from '../../modules/fx/fx.approval';
import { requestApproval } from '../../modules/approvals/approvals.service';
import { publishRates } from '../../modules/ledger/money-test-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestStaff, nextTotpCode, type TestStaff } from '../../test/staff';
import { runOps } from '../run';

describe('ops commands of approvals (approval list | approve | reject)', () => {
  let t: TestApp;
  let maker: TestStaff;
  let checker: TestStaff;
  beforeAll(async () => {
    t = await createTestApp();
    await publishRates(t.app.ctx);
    maker = await createTestStaff(t.app.ctx, ['treasury']);
    checker = await createTestStaff(t.app.ctx, ['treasury']);
  });
  afterAll(() => t?.close());

  const ask = async (rate: string) => {
    const preview = await previewRate(t.app.ctx, { from: 'EUR', to: 'ZAR', rate });
    const outcome = await requestApproval(
      t.app.ctx,
      maker.principal,
      'fx.rate_publish',
      fxRatePublishPayloadOf(preview),
    );
    if (outcome.status !== 'pending') throw new Error('expected pending');
    return outcome.request;
  };
  const eurZar = async () =>
    (
      await t.database.query<{ rate: string }>(
        `select rate::float8::text as rate from exchange_rates where from_currency = 'EUR' and to_currency = 'ZAR'`,
      )
    )[0]!.rate;

  it('lists the inbox, refuses a wrong code and the maker, approves with a fresh code: executed once', async () => {
    const request = await ask('19.61');
    expect(await runOps(t.app.ctx, ['approval', 'list'], checker.principal)).toContain('fx.rate_publish');
    expect(await runOps(t.app.ctx, ['approval', 'list'], maker.principal)).toBe('No approval requests.');
    await expect(
      runOps(t.app.ctx, ['approval', 'approve', String(request.id), '--code', '000000'], checker.principal),
    ).rejects.toMatchObject({ statusCode: 401 });
    await expect(
      runOps(
        t.app.ctx,
        ['approval', 'approve', String(request.id), '--code', await nextTotpCode(t.app.ctx, maker)],
        maker.principal,
      ),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect(await eurZar()).toBe('19.6');
    const out = await runOps(
      t.app.ctx,
      ['approval', 'approve', String(request.id), '--code', await nextTotpCode(t.app.ctx, checker)],
      checker.principal,
    );
    expect(out).toContain(`Request #${request.id} (fx.rate_publish) approved and done.`);
    expect(await eurZar()).toBe('19.61');
    t.clock.advance(30_000);
    await expect(
      runOps(
        t.app.ctx,
        ['approval', 'approve', String(request.id), '--code', await nextTotpCode(t.app.ctx, checker)],
        checker.principal,
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
  });

  it('rejects with a reason: nothing is done', async () => {
    const request = await ask('19.59');
    const out = await runOps(
      t.app.ctx,
      ['approval', 'reject', String(request.id), '--reason', 'Wrong pair'],
      checker.principal,
    );
    expect(out).toContain('rejected');
    expect(await eurZar()).toBe('19.61');
  });
});
