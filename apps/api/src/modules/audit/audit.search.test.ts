// The console's audit search (decision 0060), on PGlite, or on PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { record, searchEntries } from './audit.service';

describe('audit search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const ctx = t.app.ctx;
    const at = (iso: string) => ({ ...ctx, clock: { ...ctx.clock, now: () => new Date(iso) } });
    await record(at('2026-11-01T10:00:00.000Z'), {
      actor: 'staff:7001',
      action: 'kyc.approve',
      subjectType: 'client',
      subjectId: '9001',
      before: null,
      after: { status: 'approved' },
    });
    await record(at('2026-11-02T10:00:00.000Z'), {
      actor: 'client:9001',
      action: 'order.place',
      subjectType: 'order',
      subjectId: '1',
      before: null,
      after: null,
    });
    await record(at('2026-11-03T10:00:00.000Z'), {
      actor: 'staff:7002',
      action: 'kyc.reject',
      subjectType: 'client',
      subjectId: '9002',
      before: null,
      after: null,
    });
    await record(at('2026-11-04T10:00:00.000Z'), {
      actor: 'staff:7001',
      action: 'kyc_x.other',
      subjectType: 'client',
      subjectId: '9003',
      before: null,
      after: null,
    });
  });
  afterAll(() => t.close());

  it('finds by staff, by or about a client, by an action prefix and in a time range, newest first', async () => {
    const ctx = t.app.ctx;
    const byStaff = await searchEntries(ctx, { staffId: 7001, limit: 50 });
    expect(byStaff.entries.map((e) => e.action)).toEqual(['kyc_x.other', 'kyc.approve']);

    const byClient = await searchEntries(ctx, { clientId: 9001, limit: 50 });
    expect(byClient.entries.map((e) => e.action)).toEqual(['order.place', 'kyc.approve']);

    // `kyc.` does not match `kyc_x` (the underscore is no wildcard), `kyc` matches all three.
    const kycDot = await searchEntries(ctx, { action: 'kyc.', limit: 50 });
    expect(kycDot.entries.map((e) => e.action)).toEqual(['kyc.reject', 'kyc.approve']);
    const kyc = await searchEntries(ctx, { action: 'kyc', limit: 50 });
    expect(kyc.entries).toHaveLength(3);

    const inRange = await searchEntries(ctx, {
      from: new Date('2026-11-02T00:00:00Z'),
      to: new Date('2026-11-04T00:00:00Z'),
      limit: 50,
    });
    expect(inRange.entries.map((e) => e.action)).toEqual(['kyc.reject', 'order.place']);
  });

  it('pages by seq without skipping or repeating a row', async () => {
    const ctx = t.app.ctx;
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const result = await searchEntries(ctx, { action: 'kyc', limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...result.entries.map((e) => e.seq));
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    expect(seen).toHaveLength(3);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect(new Set(seen).size).toBe(3);
  });
});
