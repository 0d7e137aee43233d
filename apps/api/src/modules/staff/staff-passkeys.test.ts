import type { WebauthnCreationOptions, WebauthnRequestOptions } from '@imali/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assertionHeader, SoftAuthenticator } from '../../test/soft-authenticator';
import {
  createTestOpsApp,
  createTestStaff,
  nextTotpCode,
  opsOriginOf,
  signInStaffCookie,
  stepUpHeaders,
  type TestStaff,
} from '../../test/staff';
import { verifyAuditChain } from '../audit/audit.service';
import { APPROVALS_TEST_CONFIG, pendingWithdrawal, withdrawalState } from '../approvals/approvals-test-kit';
import { StaffMessages } from './staff.service';

type Headers = { cookie: string; origin: string };

describe('staff passkeys (decision 0066)', () => {
  let t: TestApp;
  let ops: AppInstance;
  let origin: string;
  let maker: TestStaff;
  let checker: TestStaff;
  let makerHeaders: Headers;
  let checkerHeaders: Headers;
  let authenticator: SoftAuthenticator;

  beforeAll(async () => {
    t = await createTestApp(APPROVALS_TEST_CONFIG);
    ops = await createTestOpsApp(t);
    origin = opsOriginOf(ops);
    maker = await createTestStaff(t.app.ctx, ['payments_maker']);
    checker = await createTestStaff(t.app.ctx, ['payments_checker']);
    makerHeaders = await signInStaffCookie(ops, maker);
    checkerHeaders = await signInStaffCookie(ops, checker);
    authenticator = new SoftAuthenticator(origin);
  });
  afterAll(() => t?.close());
  // Each test spends a few TOTP codes: the next 30-second step, rather than waiting for it.
  beforeEach(() => t.clock.advance(30_000));

  const post = (url: string, headers: Record<string, string>, payload: unknown = {}) =>
    ops.inject({ method: 'POST', url, headers, payload: payload as object });
  const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

  /** Registers `auth` for `staff` through the routes: options, then the answer with a TOTP step-up. */
  async function register(staff: TestStaff, headers: Headers, auth: SoftAuthenticator, name = 'Work laptop') {
    const options = await post('/ops/v1/staff/passkeys/options', headers);
    expect(options.statusCode).toBe(200);
    const credential = auth.register(data<WebauthnCreationOptions>(options));
    return post('/ops/v1/staff/passkeys', await stepUpHeaders(ops, staff, headers), { name, credential });
  }

  const stepUpOptions = async (headers: Headers, method: string, path: string, body: unknown) =>
    post('/ops/v1/auth/passkey/step-up-options', headers, { method, path, body });

  const loginOptions = async (email: string) => {
    const res = await post('/ops/v1/auth/passkey/options', { origin }, { email });
    expect(res.statusCode).toBe(200);
    return data<WebauthnRequestOptions>(res);
  };

  it('registers a passkey with a TOTP step-up (a passkey will not do), lists it, audited; /auth/me counts it', async () => {
    // The creation options: a discoverable credential, verified, for the console's host.
    const options = data<WebauthnCreationOptions>(
      await post('/ops/v1/staff/passkeys/options', checkerHeaders),
    );
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: checker.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const credential = authenticator.register(options);
    // No code: refused, nothing kept.
    const none = await post('/ops/v1/staff/passkeys', checkerHeaders, { name: 'Work laptop', credential });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('INVALID_CODE');
    const added = await post('/ops/v1/staff/passkeys', await stepUpHeaders(ops, checker, checkerHeaders), {
      name: 'Work laptop',
      credential,
    });
    expect(added.statusCode).toBe(200);
    expect(data(added)).toMatchObject({ name: 'Work laptop', transports: ['internal'], lastUsedAt: null });
    // The same answer again: its challenge is spent.
    const again = await post('/ops/v1/staff/passkeys', await stepUpHeaders(ops, checker, checkerHeaders), {
      name: 'Again',
      credential,
    });
    expect(again.statusCode).toBe(400);

    const list = await ops.inject({ method: 'GET', url: '/ops/v1/staff/passkeys', headers: checkerHeaders });
    expect(data<{ name: string }[]>(list).map((p) => p.name)).toEqual(['Work laptop']);
    const me = await ops.inject({ method: 'GET', url: '/ops/v1/auth/me', headers: checkerHeaders });
    expect(data(me)).toMatchObject({ passkeys: 1 });
    const [audit] = await t.database.query<{ actor: string; staff_id: string }>(
      `select actor, staff_id::text from audit_log where action = 'staff.passkey_add' and staff_id = $1`,
      [checker.id],
    );
    expect(audit).toEqual({ actor: `staff:${checker.id}`, staff_id: String(checker.id) });
    const [stored] = await t.database.query<{ credential_id: string; counter: string }>(
      'select credential_id, counter::text from staff_passkeys where staff_user_id = $1',
      [checker.id],
    );
    expect(stored).toEqual({ credential_id: authenticator.id, counter: '0' });
  });

  it('signs in with password + passkey: the same session as with a code; a wrong password or a replay fails and counts', async () => {
    const options = await loginOptions(checker.email);
    // Discoverable passkeys: the options name no credential, whoever asks.
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.rpId).toBe('localhost');
    const credential = authenticator.assert(options);
    const res = await post(
      '/ops/v1/auth/passkey/login',
      { origin },
      {
        email: checker.email,
        password: checker.password,
        credential,
      },
    );
    expect(res.statusCode).toBe(200);
    expect(data(res)).toMatchObject({ id: checker.id, roles: ['payments_checker'], passkeys: 1 });
    expect(String(res.headers['set-cookie'])).toMatch(/^imali_staff=[\w-]{43}; HttpOnly; SameSite=Strict/);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    expect(
      (await ops.inject({ method: 'GET', url: '/ops/v1/auth/me', headers: { cookie } })).statusCode,
    ).toBe(200);
    const [login] = await t.database.query<{ after: { secondFactor?: string } }>(
      `select after from audit_log where action = 'staff.login' and staff_id = $1 order by id desc limit 1`,
      [checker.id],
    );
    expect(login!.after.secondFactor).toBe('passkey');

    // The same assertion again: its challenge is spent. The answer is a wrong code's, and it counts.
    const replay = await post(
      '/ops/v1/auth/passkey/login',
      { origin },
      {
        email: checker.email,
        password: checker.password,
        credential,
      },
    );
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: StaffMessages.invalidCredentials,
    });
    // A right passkey with a wrong password: the same.
    const wrongPassword = await post(
      '/ops/v1/auth/passkey/login',
      { origin },
      {
        email: checker.email,
        password: 'not the password at all',
        credential: authenticator.assert(await loginOptions(checker.email)),
      },
    );
    expect(wrongPassword.statusCode).toBe(401);
    const [row] = await t.database.query<{ failed_logins: number }>(
      'select failed_logins from staff_users where id = $1',
      [checker.id],
    );
    expect(row!.failed_logins).toBe(2);
    // A challenge for another user's pending sign-in does not sign this one in.
    const forMaker = authenticator.assert(await loginOptions(maker.email));
    const crossed = await post(
      '/ops/v1/auth/passkey/login',
      { origin },
      {
        email: checker.email,
        password: checker.password,
        credential: forMaker,
      },
    );
    expect(crossed.statusCode).toBe(401);
    // A good sign-in clears the count (as with a code).
    const good = await post(
      '/ops/v1/auth/passkey/login',
      { origin },
      {
        email: checker.email,
        password: checker.password,
        credential: authenticator.assert(await loginOptions(checker.email)),
      },
    );
    expect(good.statusCode).toBe(200);
  });

  it('locks after STAFF_LOGIN_MAX_FAILURES bad passkey sign-ins, as with wrong codes', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    const auth = new SoftAuthenticator(origin);
    expect((await register(staff, await signInStaffCookie(ops, staff), auth)).statusCode).toBe(200);
    const max = t.app.ctx.config.STAFF_LOGIN_MAX_FAILURES;
    const spent = auth.assert(await loginOptions(staff.email));
    const first = await post(
      '/ops/v1/auth/passkey/login',
      { origin },
      {
        email: staff.email,
        password: staff.password,
        credential: spent,
      },
    );
    expect(first.statusCode).toBe(200);
    for (let i = 0; i < max - 1; i++) {
      const replay = await post(
        '/ops/v1/auth/passkey/login',
        { origin },
        {
          email: staff.email,
          password: staff.password,
          credential: spent,
        },
      );
      expect(replay.statusCode).toBe(401);
    }
    const last = await post(
      '/ops/v1/auth/passkey/login',
      { origin },
      {
        email: staff.email,
        password: staff.password,
        credential: spent,
      },
    );
    expect(last.statusCode).toBe(401);
    // Locked now: even a good passkey waits.
    const locked = await post(
      '/ops/v1/auth/passkey/login',
      { origin },
      {
        email: staff.email,
        password: staff.password,
        credential: auth.assert(await loginOptions(staff.email)),
      },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('LOGIN_LOCKED');
  });

  it('approves a payout with a passkey step-up bound to the exact request; replay, another request, expiry all 401', async () => {
    const w = await pendingWithdrawal(t, '60000');
    const asked = await post(`/ops/v1/withdrawals/${w.withdrawalId}/pay`, makerHeaders, {
      paymentReference: 'FNB-PK-1',
    });
    expect(asked.statusCode).toBe(202);
    const request = data<{ request: { id: number; payloadHash: string } }>(asked).request;
    const url = `/ops/v1/approvals/${request.id}/approve`;
    const body = { payloadHash: request.payloadHash };

    // A challenge for another request (another body) does not approve this one.
    const otherOptions = data<WebauthnRequestOptions>(
      await stepUpOptions(checkerHeaders, 'POST', url, { payloadHash: '0'.repeat(64) }),
    );
    expect(otherOptions.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    const forOther = assertionHeader(authenticator.assert(otherOptions));
    const refused = await post(url, { ...checkerHeaders, 'x-step-up-assertion': forOther }, body);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'INVALID_CODE', message: StaffMessages.stepUpInvalid });
    expect((await withdrawalState(t, w)).status).toBe('pending');

    // An expired challenge (5 minutes): refused.
    const late = assertionHeader(
      authenticator.assert(
        data<WebauthnRequestOptions>(await stepUpOptions(checkerHeaders, 'POST', url, body)),
      ),
    );
    t.clock.advance(5 * 60_000 + 1_000);
    checkerHeaders = await signInStaffCookie(ops, checker);
    expect((await post(url, { ...checkerHeaders, 'x-step-up-assertion': late }, body)).statusCode).toBe(401);

    // A garbled header: the same answer.
    expect((await post(url, { ...checkerHeaders, 'x-step-up-assertion': 'not-json' }, body)).statusCode).toBe(
      401,
    );

    // The right one: approved and paid, once.
    const options = data<WebauthnRequestOptions>(await stepUpOptions(checkerHeaders, 'POST', url, body));
    const header = assertionHeader(authenticator.assert(options));
    const approved = await post(url, { ...checkerHeaders, 'x-step-up-assertion': header }, body);
    expect(approved.statusCode).toBe(200);
    expect(data(approved)).toMatchObject({ status: 'approved', outcome: { status: 'paid' } });
    expect(await withdrawalState(t, w)).toMatchObject({ status: 'paid', payment_reference: 'FNB-PK-1' });
    const [decision] = await t.database.query<{ step_up_hash: string | null }>(
      'select step_up_hash from approval_decisions where request_id = $1',
      [request.id],
    );
    expect(decision!.step_up_hash).toMatch(/^[0-9a-f]{64}$/);
    // The same assertion again: 401 before anything is looked at.
    const replay = await post(url, { ...checkerHeaders, 'x-step-up-assertion': header }, body);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('INVALID_CODE');
  });

  it('a user with no passkey gets 409 for step-up options; another user’s passkey is not theirs', async () => {
    const res = await stepUpOptions(makerHeaders, 'POST', '/ops/v1/withdrawals/1/pay', {
      paymentReference: 'X',
    });
    expect(res.statusCode).toBe(409);
    // The checker's authenticator signs a challenge issued to the maker: not the maker's passkey.
    const makerAuth = new SoftAuthenticator(origin);
    const options = await post('/ops/v1/staff/passkeys/options', makerHeaders);
    // Issued but never registered: the maker still has none.
    makerAuth.register(data<WebauthnCreationOptions>(options));
    expect((await stepUpOptions(makerHeaders, 'POST', '/ops/v1/x', null)).statusCode).toBe(409);
  });

  it('removes a passkey with a TOTP step-up (not with the passkey); then it signs in and steps up no more', async () => {
    const staff = await createTestStaff(t.app.ctx, ['staff_admin']);
    let headers = await signInStaffCookie(ops, staff);
    const auth = new SoftAuthenticator(origin);
    const added = await register(staff, headers, auth, 'Key');
    expect(added.statusCode).toBe(200);
    const id = data<{ id: number }>(added).id;
    const url = `/ops/v1/staff/passkeys/${id}`;
    // The passkey cannot remove itself: a code is needed.
    const withPasskey = await ops.inject({
      method: 'DELETE',
      url,
      headers: {
        ...headers,
        'x-step-up-assertion': assertionHeader(
          auth.assert(data<WebauthnRequestOptions>(await stepUpOptions(headers, 'DELETE', url, null))),
        ),
      },
    });
    expect(withPasskey.statusCode).toBe(401);
    expect(withPasskey.json().code).toBe('INVALID_CODE');
    // Another user cannot remove it (404), even with their code.
    const other = await ops.inject({
      method: 'DELETE',
      url,
      headers: await stepUpHeaders(ops, checker, checkerHeaders),
    });
    expect(other.statusCode).toBe(404);

    // A step-up challenge issued before the removal, answered after it: refused.
    const pending = data<WebauthnRequestOptions>(
      await stepUpOptions(headers, 'POST', '/ops/v1/staff/9999999/disable', null),
    );
    // Two codes spent in this step and the next: move past both rather than wait.
    t.clock.advance(60_000);
    headers = await signInStaffCookie(ops, staff);
    const removed = await ops.inject({
      method: 'DELETE',
      url,
      headers: await stepUpHeaders(ops, staff, headers),
    });
    expect(removed.statusCode).toBe(200);
    const [audit] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'staff.passkey_remove' and staff_id = $1`,
      [staff.id],
    );
    expect(audit!.n).toBe(1);
    const late = await post('/ops/v1/staff/9999999/disable', {
      ...headers,
      'x-step-up-assertion': assertionHeader(auth.assert(pending)),
    });
    expect(late.statusCode).toBe(401);
    const signIn = await post(
      '/ops/v1/auth/passkey/login',
      { origin },
      {
        email: staff.email,
        password: staff.password,
        credential: auth.assert(await loginOptions(staff.email)),
      },
    );
    expect(signIn.statusCode).toBe(401);
    expect(data(await ops.inject({ method: 'GET', url: '/ops/v1/auth/me', headers }))).toMatchObject({
      passkeys: 0,
    });
    expect(await verifyAuditChain(t.app.ctx)).toMatchObject({ intact: true });
  });

  it('refuses an assertion without user verification, and one from another origin', async () => {
    const staff = await createTestStaff(t.app.ctx, ['support']);
    const headers = await signInStaffCookie(ops, staff);
    const auth = new SoftAuthenticator(origin);
    expect((await register(staff, headers, auth)).statusCode).toBe(200);
    const unverified = await post(
      '/ops/v1/auth/passkey/login',
      { origin },
      {
        email: staff.email,
        password: staff.password,
        credential: auth.assert(await loginOptions(staff.email), { userVerified: false }),
      },
    );
    expect(unverified.statusCode).toBe(401);
    // Signed on another site's page (its origin in clientDataJSON), relayed here: refused.
    const elsewhere = await post(
      '/ops/v1/auth/passkey/login',
      { origin },
      {
        email: staff.email,
        password: staff.password,
        credential: auth.assert(await loginOptions(staff.email), { origin: 'https://ops.evil.example' }),
      },
    );
    expect(elsewhere.statusCode).toBe(401);
    // A TOTP sign-in still works beside the passkey (in the next step: two codes are spent).
    t.clock.advance(30_000);
    expect(
      (
        await post(
          '/ops/v1/auth/login',
          { origin },
          {
            email: staff.email,
            password: staff.password,
            totpCode: await nextTotpCode(ops.ctx, staff),
          },
        )
      ).statusCode,
    ).toBe(200);
  });
});
