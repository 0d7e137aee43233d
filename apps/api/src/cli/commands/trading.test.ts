import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runOps } from '../run';
import { staffActor, type StaffPrincipal } from '../../modules/staff/staff.service';
import { opsStaff } from '../ops-staff.testing';
import { createTestStaff, nextTotpCode, type TestStaff } from '../../test/staff';
import { parseWhen } from './trading';

/** The signed-in staff user the commands run as, and its audit actor (`staff:<id>`). */
let staff: StaffPrincipal;
/** The second staff user who approves a settlement (four eyes). */
let checker: TestStaff;
let ACTOR: string;

describe('ops commands of trading (through the registry)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await opsStaff(t.app.ctx);
    ACTOR = staffActor(staff);
    checker = await createTestStaff(t.app.ctx, ['product_ops']);
  });
  afterAll(() => t.close());

  /** Runs a command line as the CLI would parse it. */
  const ops = (line: string[]) => runOps(t.app.ctx, line, staff);
  const count = async () =>
    Number((await t.database.query<{ n: string }>('select count(*)::text as n from offerings'))[0]!.n);
  const auditOf = (id: number) =>
    t.database.query<{ action: string; actor: string; before: unknown; after: Record<string, unknown> }>(
      `select action, actor, before, after from audit_log where subject_type = 'offering' and subject_id = $1 order by id`,
      [String(id)],
    );

  it('help lists every trading command', async () => {
    const help = await ops(['help']);
    for (const words of [
      'offering create --dtype fo|otc',
      'offering list',
      'offering open <id>',
      'offering close <id>',
      'offering settle <id>',
      'order list [--client <mobile>]',
      'fees show [--country ZA|US|IN]',
    ]) {
      expect(help).toContain(words);
    }
  });

  it('reads now, +Nd and ISO dates', () => {
    const now = new Date('2026-11-02T07:00:00Z');
    expect(parseWhen('now', now, 'opens')).toEqual(now);
    expect(parseWhen('+30d', now, 'closes')).toEqual(new Date('2026-12-02T07:00:00Z'));
    expect(parseWhen('2026-12-01T09:00:00Z', now, 'closes')).toEqual(new Date('2026-12-01T09:00:00Z'));
    expect(() => parseWhen('tomorrow', now, 'closes')).toThrow('--closes must be');
  });

  it('offering create → list → open → close → settle (fo), every step audited with the operator', async () => {
    const created = await ops([
      'offering',
      'create',
      '--dtype',
      'fo',
      '--symbol',
      'NPN',
      '--country',
      'ZA',
      '--name',
      'Naspers 30-day DD',
      '--opens',
      'now',
      '--closes',
      '+30d',
      '--min',
      '1',
      '--max',
      '1000',
      '--term-days',
      '30',
      '--hot',
    ]);
    const id = Number(/Offering (\d+) created \(upcoming\)/.exec(created)![1]);
    expect(created).toContain('Naspers 30-day DD');
    expect(created).toContain('What you buy: Shares in Naspers (NPN, JSE)');
    expect(created).toContain('Lock-up: Locked for 30 days');
    expect(created).toContain('Maximum loss: You can lose all of the money you invest.');

    const list = await ops(['offering', 'list']);
    expect(list).toMatch(new RegExp(`${id}\\s+fo\\s+Naspers 30-day DD\\s+NPN \\(ZA\\)\\s+upcoming`));
    expect(await ops(['offering', 'list', '--status', 'open'])).toBe('(none)');

    expect(await ops(['offering', 'open', String(id)])).toBe(`Offering ${id} (Naspers 30-day DD) is open.`);
    await expect(ops(['offering', 'open', String(id)])).rejects.toThrow('only an offering that is upcoming');
    await expect(ops(['offering', 'settle', String(id)])).rejects.toThrow('close it before settling it');
    expect(await ops(['offering', 'close', String(id)])).toBe(
      `Offering ${id} (Naspers 30-day DD) is closed.`,
    );
    await expect(ops(['offering', 'close', String(id)])).rejects.toThrow('only an offering that is open');
    // Four eyes (issue 23): settle previews and asks; a second staff user approves.
    const asked = await ops(['offering', 'settle', String(id)]);
    expect(asked).toContain(`Offering ${id} (Naspers 30-day DD) settlement preview: nothing to allocate.`);
    const requestId = /Waiting for approval: request #(\d+)/.exec(asked)![1]!;
    const approved = await runOps(
      t.app.ctx,
      ['approval', 'approve', requestId, '--code', await nextTotpCode(t.app.ctx, checker)],
      checker.principal,
    );
    expect(approved).toContain(`Request #${requestId} (offering.settle) approved and done.`);
    expect(approved).toContain('"status":"settled"');
    await expect(ops(['offering', 'settle', String(id)])).rejects.toThrow('close it before settling it');
    await expect(ops(['offering', 'open', '999999'])).rejects.toThrow('Offering not found.');

    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ['offering.create', ACTOR],
      ['offering.open', ACTOR],
      ['offering.close', ACTOR],
      ['offering.settle', ACTOR],
    ]);
    expect(audit[0]!.after).toMatchObject({
      dtype: 'fo',
      symbol: 'NPN',
      term_days: 30,
      fee_schedule: 'ZA-2026-11',
    });
    expect(audit[3]!.before).toEqual({ status: 'closed' });
  });

  it('offering create (otc) keeps the block terms; bad terms are refused with the reason and nothing is created', async () => {
    const created = await ops([
      'offering',
      'create',
      '--dtype',
      'otc',
      '--symbol',
      'fsr',
      '--name',
      'FirstRand block',
      '--opens',
      'now',
      '--closes',
      '+45d',
      '--min',
      '100',
      '--max',
      '20000',
      '--block-price',
      '7410',
      '--block-size',
      '50000',
    ]);
    expect(created).toContain('block       50000 shares at 7410');
    expect(created).toContain('Allocation: Pro rata');

    const base = [
      'offering',
      'create',
      '--name',
      'Bad',
      '--opens',
      'now',
      '--closes',
      '+30d',
      '--max',
      '100',
    ];
    const before = await count();
    const refusals: [string[], string][] = [
      [['--dtype', 'otc', '--symbol', 'FSR', '--block-size', '10'], 'needs a block price'],
      [['--dtype', 'otc', '--symbol', 'FSR', '--block-price', '7410'], 'needs a block size'],
      [
        ['--dtype', 'otc', '--symbol', 'FSR', '--block-price', '74.10', '--block-size', '10'],
        'at most 0 decimals',
      ],
      [
        ['--dtype', 'otc', '--symbol', 'FSR', '--block-price', '7410', '--block-size', '10', '--min', '20'],
        'min must not be above',
      ],
      [
        [
          '--dtype',
          'otc',
          '--symbol',
          'FSR',
          '--block-price',
          '7410',
          '--block-size',
          '10',
          '--term-days',
          '30',
        ],
        'has no term',
      ],
      [['--dtype', 'fo', '--symbol', 'NPN'], 'needs term days'],
      [
        ['--dtype', 'fo', '--symbol', 'NPN', '--term-days', '30', '--block-size', '10'],
        'has no block price or size',
      ],
      [
        ['--dtype', 'fo', '--symbol', 'NPN', '--term-days', '30', '--min', '200'],
        'min must not be above max',
      ],
      [['--dtype', 'fo', '--symbol', 'NPN', '--term-days', '30', '--min', '1.5'], 'whole number of shares'],
      [['--dtype', 'fo', '--symbol', 'NOPE', '--term-days', '30'], 'No stock NOPE in ZA'],
      [['--dtype', 'fo', '--symbol', 'SA40', '--term-days', '30'], 'offerings are on stocks'],
      [['--dtype', 'ipo', '--symbol', 'NPN'], 'dtype must be fo or otc'],
    ];
    for (const [extra, message] of refusals) {
      await expect(ops([...base, ...extra]), extra.join(' ')).rejects.toThrow(message);
    }
    await expect(
      ops([
        'offering',
        'create',
        '--dtype',
        'fo',
        '--symbol',
        'NPN',
        '--name',
        'x',
        '--term-days',
        '30',
        '--max',
        '10',
        '--opens',
        '+10d',
        '--closes',
        '+5d',
      ]),
    ).rejects.toThrow('close after it opens');
    await expect(
      ops([
        'offering',
        'create',
        '--dtype',
        'fo',
        '--symbol',
        'NPN',
        '--name',
        'x',
        '--term-days',
        '30',
        '--max',
        '10',
        '--opens',
        '2020-01-01',
        '--closes',
        '2020-02-01',
      ]),
    ).rejects.toThrow('close in the future');
    await expect(ops(['offering', 'create', '--dtype', 'fo'])).rejects.toThrow('--symbol is required');
    expect(await count()).toBe(before);
  });

  it('an offering on a US or Indian stock is in its currency', async () => {
    const us = await ops([
      'offering',
      'create',
      '--dtype',
      'fo',
      '--symbol',
      'AAPL',
      '--country',
      'US',
      '--name',
      'Apple 60-day DD',
      '--opens',
      'now',
      '--closes',
      '+60d',
      '--max',
      '500',
      '--term-days',
      '60',
    ]);
    expect(us).toContain('currency    USD');
    expect(us).toContain('Fee schedule US-2026-11');
    const india = await ops([
      'offering',
      'create',
      '--dtype',
      'fo',
      '--symbol',
      'RELIANCE',
      '--country',
      'IN',
      '--name',
      'Reliance 90-day DD',
      '--opens',
      'now',
      '--closes',
      '+90d',
      '--max',
      '1000',
      '--term-days',
      '90',
    ]);
    expect(india).toContain('currency    INR');
    expect(india).toContain('GST 18%');
  });

  it('fees show prints every line of the schedule and its version', async () => {
    const za = await ops(['fees', 'show', '--country', 'ZA']);
    expect(za).toContain('ZA fee schedule ZA-2026-11 (ZAR)');
    for (const code of ['brokerage', 'stt', 'settlement', 'ipl'])
      expect(za).toMatch(new RegExp(`^${code}\\s`, 'm'));
    expect(za).toMatch(/stt\s+Securities Transfer Tax \(STT\)\s+0\.25%\s+buy/);
    expect(za).toContain('VAT 15% on all fees except Securities Transfer Tax (STT).');
    const all = await ops(['fees', 'show']);
    for (const version of ['ZA-2026-11', 'IN-2026-11', 'US-2026-11']) expect(all).toContain(version);
    expect(all).toMatch(
      /finra_taf\s+FINRA Trading Activity Fee\s+0\.000166 USD\/share\s+sell\s+0\.01\s+8\.30\s+up to 0\.01/,
    );
    await expect(ops(['fees', 'show', '--country', 'XX'])).rejects.toThrow('No fee schedule for XX');
  });

  it('order list: none yet; an unknown client or status is refused', async () => {
    expect(await ops(['order', 'list'])).toBe('(none)');
    await expect(ops(['order', 'list', '--client', '699999999'])).rejects.toThrow('No client with mobile');
    await expect(ops(['order', 'list', '--status', 'lost'])).rejects.toThrow('--status must be one of');
  });
});
