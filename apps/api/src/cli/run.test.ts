import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, STAFF_PERMISSIONS } from '@imali/contract';
import { createTestApp, type TestApp } from '../test/test-app';
import { wiring } from '../modules/wiring';
import { opsCommandsOf } from './commands/index';
import { opsStaff } from './ops-staff.testing';
import { runOps } from './run';
import { readSession, writeSession, type StoredSession } from './session-file';
import { staffActor } from '../modules/staff/staff.service';

describe('runOps as a staff user: each command its own permission', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every command (products’ operator actions too) declares a permission of the contract', () => {
    for (const command of opsCommandsOf(wiring.products)) {
      expect(STAFF_PERMISSIONS, command.path.join(' ')).toContain(command.permission);
    }
  });

  it('a command the staff user lacks the permission for is refused with 403 naming it, and nothing changes', async () => {
    const support = await opsStaff(t.app.ctx, ['support']);
    const auditor = await opsStaff(t.app.ctx, ['auditor']);
    const before = await t.database.query<{ n: string }>('select count(*)::text as n from audit_log');
    const refused = runOps(t.app.ctx, ['instrument', 'suspend', 'NPN'], support);
    await expect(refused).rejects.toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    await expect(runOps(t.app.ctx, ['instrument', 'suspend', 'NPN'], support)).rejects.toThrow(
      '"instrument suspend" needs the permission market.manage, which your roles (support) do not grant. Nothing was done.',
    );
    const [npn] = await t.database.query<{ tradable: boolean }>(
      "select tradable from instruments where symbol = 'NPN' and country = 'ZA'",
    );
    expect(npn!.tradable).toBe(true);
    await expect(
      runOps(t.app.ctx, ['invite', 'create', '--advisor', 'Nope', '--code', 'NOPE1'], auditor),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect(await t.database.query("select 1 from invitation_codes where code = 'NOPE1'")).toEqual([]);
    expect(await t.database.query<{ n: string }>('select count(*)::text as n from audit_log')).toEqual(
      before,
    );
  });

  it('with the permission the command runs and the audit actor is staff:<id>', async () => {
    const productOps = await opsStaff(t.app.ctx, ['product_ops']);
    expect(await runOps(t.app.ctx, ['instrument', 'suspend', 'NPN'], productOps)).toContain('suspended');
    const [entry] = await t.database.query<{ actor: string }>(
      "select actor from audit_log where action = 'instrument.suspend' order by seq desc limit 1",
    );
    expect(entry!.actor).toBe(staffActor(productOps));
    expect(entry!.actor).toBe(`staff:${productOps.id}`);
    await runOps(t.app.ctx, ['instrument', 'resume', 'NPN'], productOps);
  });

  it('help lists only the commands the caller may run', async () => {
    const kyc = await opsStaff(t.app.ctx, ['kyc_reviewer']);
    const help = await runOps(t.app.ctx, ['help'], kyc);
    expect(help).toContain('kyc approve <mobile>');
    expect(help).toContain('client show <mobile>');
    expect(help).not.toContain('deposit confirm');
    expect(help).not.toContain('ipo allot');
    expect(help).not.toContain('market key');
    const listed = opsCommandsOf(wiring.products).filter((c) => help.includes(`  ${c.usage}  `));
    expect(listed.every((c) => ROLE_PERMISSIONS.kyc_reviewer.includes(c.permission))).toBe(true);
    const nobody = await opsStaff(t.app.ctx, []);
    expect(await runOps(t.app.ctx, ['help'], nobody)).toContain('(none: your roles grant no ops command)');
  });

  it('an unknown command is refused as before', async () => {
    await expect(runOps(t.app.ctx, ['nope'], await opsStaff(t.app.ctx))).rejects.toThrow(
      'Unknown command: nope',
    );
  });
});

describe('the CLI session file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-ops-session-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const session: StoredSession = {
    token: 'a'.repeat(43),
    staffId: 9001,
    email: 'kyc@imali.test',
    expiresAt: new Date().toISOString(),
    via: 'direct',
  };

  it('is written 0600 and read back; a wider file written before is narrowed', () => {
    const file = path.join(dir, 'ops-session.json');
    writeSession(file, session);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readSession(file)).toEqual(session);
    fs.chmodSync(file, 0o644);
    writeSession(file, session);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('is refused when group or others may read it', () => {
    const file = path.join(dir, 'wide.json');
    writeSession(file, session);
    for (const mode of [0o640, 0o604, 0o660, 0o666]) {
      fs.chmodSync(file, mode);
      expect(() => readSession(file)).toThrow(/readable by others \(it must be 0600\)/);
    }
  });

  it('none is undefined; a file that is not a session is refused', () => {
    expect(readSession(path.join(dir, 'missing.json'))).toBeUndefined();
    const file = path.join(dir, 'junk.json');
    fs.writeFileSync(file, 'not json', { mode: 0o600 });
    expect(() => readSession(file)).toThrow(/not a session file/);
  });
});
