import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../lib/md5';
import type { TestApp } from '../../test/test-app';
import {
  bearer,
  createIdentityTestApp,
  makeImage,
  multipart,
  newMobile,
  register,
  signUp,
} from '../../modules/auth/auth.testing';
import { parseOpsArgv, runOps } from '../run';
import { staffActor, type StaffPrincipal } from '../../modules/staff/staff.service';
import { opsStaff } from '../ops-staff.testing';

/** The signed-in staff user the commands run as, and its audit actor (`staff:<id>`). */
let staff: StaffPrincipal;
let ACTOR: string;

describe('ops commands of the identity area (through the registry)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createIdentityTestApp();
    staff = await opsStaff(t.app.ctx);
    ACTOR = staffActor(staff);
  });
  afterAll(() => t.close());

  const ops = (...argv: string[]) => runOps(t.app.ctx, argv, staff);

  let idCounter = 0;
  /** A KYC submission with its own ID number unless one is given. */
  async function submitKyc(token: string, idNo = `75010150${String((idCounter += 1)).padStart(5, '0')}`) {
    const body = multipart(await makeImage('png'));
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/client/app/v1/image',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identify/app/v1',
      headers: bearer(token),
      payload: {
        full_name: 'Sipho Dlamini',
        id_no: idNo,
        mobile: '612300000',
        dob: '1975-01-01',
        id_front_url: upload.json().data.url,
        id_back_url: '',
      },
    });
    expect(res.statusCode).toBe(200);
  }

  it('parses options with values, inline values and bare flags', () => {
    expect(parseOpsArgv(['kyc', 'reject', '612345678', '--reason', 'blurred image'])).toEqual({
      positionals: ['kyc', 'reject', '612345678'],
      flags: { reason: 'blurred image' },
    });
    expect(parseOpsArgv(['invite', 'create', '--advisor=Ann Lee', '--code', 'abc123'])).toEqual({
      positionals: ['invite', 'create'],
      flags: { advisor: 'Ann Lee', code: 'abc123' },
    });
    expect(parseOpsArgv(['kyc', 'list', '--verbose']).flags).toEqual({ verbose: true });
  });

  it('help lists every identity command', async () => {
    const help = await ops('help');
    for (const usage of [
      'invite create --advisor NAME [--code CODE]',
      'invite list',
      'kyc list [--status pending|approved|rejected]',
      'kyc approve <mobile>',
      'kyc reject <mobile> --reason TEXT',
      'code show <mobile>',
      'client show <mobile>',
    ]) {
      expect(help).toContain(usage);
    }
    expect(await ops()).toBe(help);
  });

  it('rejects unknown commands and missing arguments with a clear message', async () => {
    await expect(ops('fly', 'away')).rejects.toThrow(/Unknown command: fly away/);
    await expect(ops('kyc', 'approve')).rejects.toThrow(/A mobile number is required/);
    await expect(ops('kyc', 'reject', '612345678')).rejects.toThrow(/A reason is required/);
    await expect(ops('invite', 'create')).rejects.toThrow(/advisor name is required/);
    await expect(ops('kyc', 'list', '--status', 'weird')).rejects.toThrow(/Unknown status/);
  });

  it('invite create / list / disable, audited; the new code admits a client', async () => {
    const out = await ops('invite', 'create', '--advisor', 'Lerato Mokoena', '--code', 'lerato1');
    expect(out).toBe('Invitation code LERATO1 created for advisor Lerato Mokoena.');
    const generated = await ops('invite', 'create', '--advisor', 'Lerato Mokoena');
    const code = /code (\S+) created/.exec(generated)![1]!;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await expect(ops('invite', 'create', '--advisor', 'X', '--code', 'LERATO1')).rejects.toThrow(
      /already exists/,
    );

    expect((await register(t, newMobile(), 'secret123', 'LERATO1')).statusCode).toBe(200);
    const list = await ops('invite', 'list');
    expect(list).toMatch(/LERATO1\s+Lerato Mokoena\s+yes\s+1/);
    expect(list).toContain(code);

    expect(await ops('invite', 'disable', 'lerato1')).toBe('Invitation code LERATO1 disabled.');
    expect((await register(t, newMobile(), 'secret123', 'LERATO1')).statusCode).toBe(400);
    const [entry] = await t.database.query<{ actor: string }>(
      "select actor from audit_log where action = 'invite.create' and subject_id = 'LERATO1'",
    );
    expect(entry!.actor).toBe(ACTOR);
  });

  it('kyc list / approve / reject change what the client sees', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await submitKyc(a.token);
    await submitKyc(b.token);

    const pending = await ops('kyc', 'list', '--status', 'pending');
    expect(pending).toContain(a.mobile);
    expect(pending).toContain(b.mobile);

    expect(await ops('kyc', 'approve', a.mobile)).toBe(`KYC of ${a.mobile} approved by ${ACTOR}.`);
    expect(await ops('kyc', 'reject', b.mobile, '--reason', 'ID photo unreadable')).toBe(
      `KYC of ${b.mobile} rejected by ${ACTOR}: ID photo unreadable`,
    );
    const get = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/app/v1/client_info', headers: bearer(token) });
    expect((await get(a.token)).json().data.kycStatus).toBe('approved');
    expect((await get(b.token)).json().data).toMatchObject({
      kycStatus: 'rejected',
      kyc_reason: 'ID photo unreadable',
    });

    const after = await ops('kyc', 'list', '--status', 'pending');
    expect(after).not.toContain(a.mobile);
    expect(await ops('kyc', 'list', '--status', 'approved')).toContain(a.mobile);
    await expect(ops('kyc', 'approve', a.mobile)).rejects.toThrow(/No pending KYC submission/);
    await expect(ops('kyc', 'approve', '799999990')).rejects.toThrow(/No client with mobile/);
  });

  it('code show prints the last verification code sent to a mobile', async () => {
    const { mobile } = await signUp(t);
    expect(await ops('code', 'show', mobile)).toBe(`No message has been sent to ${mobile}.`);
    await t.app.inject({ method: 'POST', url: '/api/client/app/v1/code', payload: { username: mobile } });
    const out = await ops('code', 'show', mobile);
    const code = /^Code\s+(\d{6})$/m.exec(out)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(out).toContain('no (outbox only)');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/app/v1/reset_pwd',
      payload: { username: mobile, code, password: md5('brand-new') },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('client show prints the profile, KYC and PIN state and recent audit entries', async () => {
    const { mobile, token } = await signUp(t);
    await submitKyc(token);
    await ops('kyc', 'approve', mobile);
    const out = await ops('client', 'show', mobile);
    expect(out).toMatch(/^Mobile\s+/m);
    expect(out).toContain(mobile);
    expect(out).toMatch(/^KYC\s+approved$/m);
    expect(out).toMatch(/^PIN\s+not set$/m);
    expect(out).toMatch(/^Active sessions\s+1$/m);
    expect(out).toContain('kyc.approve');
    expect(out).toContain('kyc.submit');
    await expect(ops('client', 'show', '799999991')).rejects.toThrow(/No client/);
    await expect(ops('client', 'show', 'abc')).rejects.toThrow(/Not a 9-digit mobile/);
  });

  it('a second client with an approved ID number: flagged in kyc list, approval refused unless overridden (audited)', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    await submitKyc(first.token, '8802025009089');
    await ops('kyc', 'approve', first.mobile);
    await submitKyc(second.token, '880202 5009 089');
    const list = await ops('kyc', 'list', '--status', 'pending');
    const row = list.split('\n').find((l) => l.startsWith(second.mobile))!;
    expect(row).toContain(`! ${first.mobile}`);
    await expect(ops('kyc', 'approve', second.mobile)).rejects.toThrow(
      `is already approved for ${first.mobile}. Approve only with --override-reason`,
    );
    expect(
      await ops(
        'kyc',
        'approve',
        second.mobile,
        '--override-reason',
        'Same person, second profile for a trust',
      ),
    ).toContain('override: Same person');
    const [audit] = await t.database.query<{ after: Record<string, unknown> }>(
      `select after from audit_log where action = 'kyc.approve' and subject_id =
         (select id::text from clients where mobile = $1)`,
      [second.mobile],
    );
    expect(audit!.after).toMatchObject({
      duplicateIdNumberOf: [first.mobile],
      overrideReason: 'Same person, second profile for a trust',
    });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two approvals of one ID number at once: exactly one goes through (PostgreSQL)',
    async () => {
      for (let round = 0; round < 3; round += 1) {
        const clients = [await signUp(t), await signUp(t), await signUp(t)];
        const idNo = `770303500${round}083`;
        for (const c of clients) await submitKyc(c.token, idNo);
        const results = await Promise.allSettled(clients.map((c) => ops('kyc', 'approve', c.mobile)));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      }
    },
  );
});
