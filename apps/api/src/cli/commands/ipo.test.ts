import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../../modules/ledger/ledger-check.service';
import { clientApi, createTestClient, fund } from '../../modules/ledger/money-test-kit';
import { runOps } from '../run';
import { staffActor, type StaffPrincipal } from '../../modules/staff/staff.service';
import { opsStaff } from '../ops-staff.testing';
import { createTestStaff, nextTotpCode, type TestStaff } from '../../test/staff';

/** The signed-in staff user the commands run as, and its audit actor (`staff:<id>`). */
let staff: StaffPrincipal;
let ACTOR: string;
/** The second staff user who approves an allotment (four eyes). */
let checker: TestStaff;

describe('ops commands of IPOs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await opsStaff(t.app.ctx);
    ACTOR = staffActor(staff);
    checker = await createTestStaff(t.app.ctx, ['product_ops']);
  });
  afterAll(() => t.close());
  const ops = (line: string[]) => runOps(t.app.ctx, line, staff);

  it('ipo create → price → (offering close) → allot (lottery, seeded) → list, each audited with the operator', async () => {
    const help = await ops(['help']);
    for (const words of ['ipo create', 'ipo price <id>', 'ipo allot <id>', 'ipo list <id>'])
      expect(help).toContain(words);
    const created = await ops([
      'ipo',
      'create',
      '--symbol',
      'CLIIPO',
      '--name',
      'Cli Listing',
      '--issuer',
      'Cli Issuer Ltd',
      '--price-low',
      '900',
      '--price-high',
      '1100',
      '--lot-size',
      '50',
      '--max-lots',
      '5',
      '--shares',
      '100',
      '--opens',
      'now',
      '--closes',
      '+2d',
      '--allot-on',
      '2099-01-01',
      '--list-on',
      '2099-01-05',
      '--rule',
      'lottery',
    ]);
    const id = Number(/IPO (\d+) created/.exec(created)![1]);
    expect(created).toContain('Maximum loss: You can lose all of the money you invest.');
    // Three clients of one lot each for two lots offered: the lottery picks two.
    for (let i = 0; i < 3; i++) {
      const c = await createTestClient(t.app.ctx);
      await fund(t.app.ctx, c, 'ZAR', '5000');
      expect((await clientApi(t, c).post(`/api/ipo/app/v1/record/sub/${id}`, {})).statusCode).toBe(200);
    }
    await expect(ops(['ipo', 'allot', String(id)])).rejects.toThrow('allot after it closes');
    expect(await ops(['ipo', 'price', String(id), '1000'])).toContain('final price 1000');
    await ops(['offering', 'close', String(id)]);
    const asked = await ops(['ipo', 'allot', String(id), '--seed', 'abc123']);
    expect(asked).toContain('lottery, seed abc123');
    const requestId = Number(/Waiting for approval: request #(\d+)/.exec(asked)![1]);
    // Nothing is allotted until a second staff user approves what the preview showed.
    const awaiting = `select status from orders where offering_id = $1 order by id`;
    expect((await t.database.query<{ status: string }>(awaiting, [id])).map((r) => r.status)).toEqual([
      'awaiting',
      'awaiting',
      'awaiting',
    ]);
    const approved = await runOps(
      t.app.ctx,
      ['approval', 'approve', String(requestId), '--code', await nextTotpCode(t.app.ctx, checker)],
      checker.principal,
    );
    expect(approved).toContain('approved and done');
    const statuses = (await t.database.query<{ status: string }>(awaiting, [id])).map((r) => r.status);
    expect(statuses.filter((s) => s === 'listing')).toHaveLength(2);
    await expect(ops(['ipo', 'allot', String(id)])).rejects.toThrow('already allotted');
    expect(await ops(['ipo', 'list', String(id)])).toContain('CLIIPO listed on the JSE');
    expect(await ops(['ipo', 'show'])).toContain('CLIIPO');
    const audit = await t.database.query<{ action: string; actor: string; after: Record<string, unknown> }>(
      `select action, actor, after from audit_log where subject_type = 'offering' and subject_id = $1 order by id`,
      [String(id)],
    );
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ['ipo.create', ACTOR],
      ['ipo.price', ACTOR],
      ['offering.close', ACTOR],
      ['ipo.allot', ACTOR],
      ['ipo.list', ACTOR],
    ]);
    expect(audit[3]!.after).toMatchObject({ rule: 'lottery', seed: 'abc123', shares_allotted: '100' });
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('refuses bad terms with a clear message', async () => {
    await expect(
      ops([
        'ipo',
        'create',
        '--symbol',
        'BAD',
        '--name',
        'B',
        '--issuer',
        'B',
        '--price',
        '10.5',
        '--lot-size',
        '10',
        '--max-lots',
        '2',
        '--shares',
        '100',
        '--opens',
        'now',
        '--closes',
        '+1d',
        '--allot-on',
        '2099-01-01',
        '--list-on',
        '2099-01-02',
      ]),
    ).rejects.toThrow('price must be a price greater than 0 in ZAc with at most 0 decimals.');
    await expect(
      ops([
        'ipo',
        'create',
        '--symbol',
        'BAD',
        '--name',
        'B',
        '--issuer',
        'B',
        '--price',
        '100',
        '--lot-size',
        '30',
        '--max-lots',
        '2',
        '--shares',
        '100',
        '--opens',
        'now',
        '--closes',
        '+1d',
        '--allot-on',
        '2099-01-01',
        '--list-on',
        '2099-01-02',
      ]),
    ).rejects.toThrow('shares offered must be a whole number of lots');
    await expect(
      ops([
        'ipo',
        'create',
        '--symbol',
        'NPN',
        '--name',
        'B',
        '--issuer',
        'B',
        '--price',
        '100',
        '--lot-size',
        '10',
        '--max-lots',
        '2',
        '--shares',
        '100',
        '--opens',
        'now',
        '--closes',
        '+1d',
        '--allot-on',
        '2099-01-01',
        '--list-on',
        '2099-01-02',
      ]),
    ).rejects.toThrow('NPN already exists in ZA.');
  });
  it('prices are in the quote unit and the help says so; a JSE price may be given in rand', async () => {
    const help = await ops(['help']);
    expect(help).toContain('--price QUOTE | --price-low QUOTE --price-high QUOTE');
    expect(help).toContain('QUOTE: the quote unit: ZA cents (ZAc, 1000 = R10.00), US dollars, IN rupees');
    expect(help).toContain('ipo price <id> <FINAL_QUOTE>');
    let n = 0;
    const create = (price: string[], country: string[] = []) =>
      ops([
        ...['ipo', 'create', '--symbol', `UNIT${(n += 1)}`, '--name', 'Unit Co', '--issuer', 'Unit Co Ltd'],
        ...country,
        ...price,
        ...['--lot-size', '10', '--max-lots', '2', '--shares', '100', '--opens', 'now', '--closes', '+1d'],
        ...['--allot-on', '2099-01-01', '--list-on', '2099-01-02'],
      ]);
    // The old spelling keeps working, in cents, and now shows rand beside them.
    expect(await create(['--price', '1000'])).toMatch(/price\s+1000 ZAc \(10\.00 ZAR\) \(fixed\)/);
    expect(await create(['--price-rand', '10.50'])).toMatch(/price\s+1050 ZAc \(10\.50 ZAR\) \(fixed\)/);
    expect(await create(['--price-low-rand', '9', '--price-high-rand', '11.25'])).toMatch(
      /price\s+900 ZAc \(9\.00 ZAR\) – 1125 ZAc \(11\.25 ZAR\) \(range\)/,
    );
    expect(await create(['--price', '25.5'], ['--country', 'US'])).toMatch(/price\s+25\.5 USD \(fixed\)/);
    await expect(create(['--price', '1000', '--price-rand', '10'])).rejects.toThrow(
      'Give --price (in the quote unit) or --price-rand, not both.',
    );
    await expect(create(['--price-rand', '10.505'])).rejects.toThrow(
      '--price-rand must be rand with at most 2 decimals, like 10.50.',
    );
    await expect(create(['--price-rand', '0x10'])).rejects.toThrow('--price-rand must be rand');
    await expect(create(['--price-rand', '25'], ['--country', 'US'])).rejects.toThrow(
      '--price-rand is for JSE listings (--country ZA); give --price in the quote unit.',
    );
  });
});
