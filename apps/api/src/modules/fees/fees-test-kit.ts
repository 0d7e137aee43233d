/**
 * Test helper for "preview equals receipt" (decision 0063): a new fee schedule version published
 * the way an approved `fees.change` publishes it (`previewFeesChange`'s payload, `publishFees` in a
 * transaction, maker and approver two treasury users), then loaded into this process's copy, so a
 * test can put its effective time between an order's preview and its placement.
 */
import { TradingMessages } from '@imali/contract';
import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { createTestStaff } from '../../test/staff';
import { inTransaction } from '../ledger/ledger.service';
import { FEE_LEAD_MS, previewFeesChange, publishFees, scheduleJson } from './fees-change.service';
import { refreshPublishedFeeSchedules, scheduleForCountry } from './fees.service';

export interface PublishedForTest {
  version: string;
  effectiveFrom: Date;
}

/**
 * Publishes the country's schedule in force with its brokerage rate set to `brokerageRate`,
 * effective `leadMs` from the app clock's now (at least the two-minute lead the approval
 * demands). The version label is the minute of the proposal: one publication per minute.
 */
export async function publishBrokerageRate(
  t: TestApp,
  brokerageRate: string,
  { country = 'ZA', leadMs = FEE_LEAD_MS + 60_000 }: { country?: string; leadMs?: number } = {},
): Promise<PublishedForTest> {
  const ctx = t.app.ctx;
  const [maker, checker] = [
    await createTestStaff(ctx, ['treasury']),
    await createTestStaff(ctx, ['treasury']),
  ];
  const lines = scheduleJson(scheduleForCountry(ctx, country)).lines.map((l) =>
    l.code === 'brokerage' ? { ...l, rate: brokerageRate } : l,
  );
  const effectiveFrom = new Date(ctx.clock.now().getTime() + leadMs);
  const { payload } = await previewFeesChange(ctx, {
    country,
    lines,
    effectiveFrom: effectiveFrom.toISOString(),
  });
  const published = await inTransaction(ctx, (_tx, txCtx) =>
    publishFees(txCtx, payload, { makerStaffId: maker.id, checkerStaffIds: [checker.id], requestId: null }),
  );
  await refreshPublishedFeeSchedules(ctx);
  return { version: published.version, effectiveFrom };
}

/** Moves the app clock to `offsetMs` after an instant (negative: before it). */
export function moveClockTo(t: TestApp, instant: Date, offsetMs: number) {
  t.clock.advance(instant.getTime() + offsetMs - t.app.ctx.clock.now().getTime());
}

/** A refusal because the fees changed since the preview: 409, the stock buy's message. */
export function expectFeesChanged(res: { statusCode: number; body: string; json(): { message: string } }) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().message).toBe(TradingMessages.feesChanged);
}
