import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../plugins/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ApprovalStaff } from '../approvals/approval-action';
import { insertStaff } from '../approvals/approvals-test-kit';
import { approve, requestApproval } from '../approvals/approvals.service';
import { publishRates } from '../ledger/money-test-kit';
import { fxRatePublishPayloadOf } from './fx.approval';
import { previewRate, setRate } from './fx.service';

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('fx.rate_publish behind a preview and a second approval', () => {
  let t: TestApp;
  let maker: ApprovalStaff;
  let checker: ApprovalStaff;
  beforeAll(async () => {
    t = await createTestApp();
    await publishRates(t.app.ctx);
    maker = await insertStaff(t, ['treasury'], 'maker');
    checker = await insertStaff(t, ['treasury'], 'checker');
  });
  afterAll(() => t?.close());

  const pair = async (from: string, to: string) =>
    (
      await t.database.query<{ rate: string; mid: string; updated_by: string }>(
        `select rate::float8::text as rate, mid_rate::float8::text as mid, updated_by from exchange_rates
          where from_currency = $1 and to_currency = $2`,
        [from, to],
      )
    )[0];

  it('previews the spread, refuses one outside the band with the reason, and writes nothing', async () => {
    const preview = await previewRate(t.app.ctx, { from: 'usd', to: 'zar', rate: '18.10' });
    expect(preview).toMatchObject({ from: 'USD', to: 'ZAR', rate: '18.1', mid: '18.25', spread: '0.008219' });
    expect(preview.before).toEqual({ rate: '18.05', mid: '18.25' });
    const wide = await refusal(previewRate(t.app.ctx, { from: 'USD', to: 'ZAR', rate: '17.00' }));
    expect(wide).toMatchObject({ status: 400 });
    expect(wide.message).toMatch(/spread may be at most 0\.05/);
    expect(
      (await refusal(previewRate(t.app.ctx, { from: 'USD', to: 'ZAR', rate: '18.30' }))).message,
    ).toMatch(/better than its mid/);
    expect(await pair('USD', 'ZAR')).toMatchObject({ rate: '18.05', mid: '18.25' });
  });

  it('request → a second treasury user approves → published once with the previewed figures', async () => {
    const preview = await previewRate(t.app.ctx, { from: 'USD', to: 'ZAR', rate: '18.10', mid: '18.30' });
    const outcome = await requestApproval(
      t.app.ctx,
      maker,
      'fx.rate_publish',
      fxRatePublishPayloadOf(preview),
    );
    if (outcome.status !== 'pending') throw new Error('expected pending');
    expect((await refusal(approve(t.app.ctx, maker, outcome.request.id))).status).toBeGreaterThanOrEqual(400);
    expect(await pair('USD', 'ZAR')).toMatchObject({ rate: '18.05' });
    const done = await approve(t.app.ctx, checker, outcome.request.id, {
      payloadHash: outcome.request.payloadHash,
    });
    expect(done.status).toBe('approved');
    expect(await pair('USD', 'ZAR')).toEqual({ rate: '18.1', mid: '18.3', updated_by: `staff:${maker.id}` });
    const audits = await t.database.query<{ after: { approved_by: string[] } }>(
      `select after from audit_log where action = 'rate.set' and subject_id = 'USD/ZAR' and actor = $1`,
      [`staff:${maker.id}`],
    );
    expect(audits.map((a) => a.after.approved_by)).toEqual([[`staff:${checker.id}`]]);
  });

  it('a stale preview (the pair published again meanwhile) is cancelled at approval; nothing published', async () => {
    const preview = await previewRate(t.app.ctx, { from: 'EUR', to: 'ZAR', rate: '19.55' });
    const outcome = await requestApproval(
      t.app.ctx,
      maker,
      'fx.rate_publish',
      fxRatePublishPayloadOf(preview),
    );
    if (outcome.status !== 'pending') throw new Error('expected pending');
    await setRate(t.app.ctx, { from: 'EUR', to: 'ZAR', rate: '19.5' }, 'ops:test');
    const refused = await refusal(approve(t.app.ctx, checker, outcome.request.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/previewed/);
    expect(await pair('EUR', 'ZAR')).toMatchObject({ rate: '19.5' });
    const [row] = await t.database.query<{ status: string }>(
      `select status from approval_requests where id = $1`,
      [outcome.request.id],
    );
    expect(row!.status).toBe('cancelled');
  });
});
