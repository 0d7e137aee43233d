import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from '../../cli/run';
import { opsStaff } from '../../cli/ops-staff.testing';
import { staffActor, type StaffPrincipal } from '../staff/staff.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInClient } from '../../test/signed-in-client';

describe('market ops commands', () => {
  let t: TestApp;
  /** The signed-in staff user the ops commands run as. */
  let staff: StaffPrincipal;
  let token: string;
  const price = async (symbol: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/market/app/v1/price?symbol=${symbol}&market=JSE&country=ZA`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().data;

  beforeAll(async () => {
    t = await createTestApp({ MARKET_API_KEY: 'ops-test-market-key-123' });
    staff = await opsStaff(t.app.ctx);
    // KYC approved: the price is a quotation (issue 12), which needs it.
    token = (await signedInClient(t.app.ctx, { kyc: 'approved' })).token;
  });
  afterAll(() => t.close());

  it('suspends and resumes an instrument (S1), with an audit entry', async () => {
    expect((await price('SOL')).S1).toBe(1);
    expect(await runOps(t.app.ctx, ['instrument', 'suspend', 'sol'], staff)).toBe(
      'SOL (JSE, ZA) is now suspended (S1 = 0).',
    );
    expect((await price('SOL')).S1).toBe(0);
    expect(await runOps(t.app.ctx, ['instrument', 'suspend', 'SOL'], staff)).toContain('was already');
    const entries = await t.database.query<{ action: string; actor: string }>(
      "select action, actor from audit_log where subject_type = 'instrument' and subject_id = 'ZA:SOL'",
    );
    expect(entries).toEqual([{ action: 'instrument.suspend', actor: staffActor(staff) }]);
    await runOps(t.app.ctx, ['instrument', 'resume', 'SOL'], staff);
    expect((await price('SOL')).S1).toBe(1);
  });

  it('rejects unknown symbols and missing arguments', async () => {
    await expect(runOps(t.app.ctx, ['instrument', 'suspend', 'NOPE'], staff)).rejects.toThrow(
      'Unknown symbol.',
    );
    await expect(runOps(t.app.ctx, ['instrument', 'suspend'], staff)).rejects.toThrow('Usage:');
  });

  it('shows an instrument and the market key', async () => {
    const shown = await runOps(t.app.ctx, ['instrument', 'show', 'NPN'], staff);
    expect(shown).toContain('NPN  Naspers');
    expect(shown).toContain('S1 1');
    expect(await runOps(t.app.ctx, ['market', 'key'], staff)).toBe(
      'ops-test-market-key-123 (from MARKET_API_KEY)',
    );
  });

  it('publishes a news article that clients then see', async () => {
    const out = await runOps(
      t.app.ctx,
      [
        'news',
        'add',
        '--title',
        'JSE closes higher',
        '--summary',
        'Banks led.',
        '--body',
        'Banks led the market.',
      ],
      staff,
    );
    expect(out).toMatch(/^Published article \d+: JSE closes higher$/);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/market/app/v1/news?country=ZA',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json().data.items[0].title).toBe('JSE closes higher');
  });
});
