import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyCommands } from '../../cli/commands/money';
import { opsStaff } from '../../cli/ops-staff.testing';
import { staffActor, type StaffPrincipal } from '../staff/staff.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkLedger } from '../ledger/ledger-check.service';
import { clientApi, createTestClient, expectNothingChanged, type TestClient } from '../ledger/money-test-kit';

const DEPOSIT = '/api/deposit/app/v1';

function multipart(bytes: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = '----imali-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The staff user the ops commands run as (every role), one per test app. */
const opsStaffOf = new WeakMap<TestApp, StaffPrincipal>();
async function staffOfApp(t: TestApp) {
  let staff = opsStaffOf.get(t);
  if (!staff) opsStaffOf.set(t, (staff = await opsStaff(t.app.ctx)));
  return staff;
}

async function runOps(t: TestApp, words: string[], flags: Record<string, string> = {}) {
  const command = moneyCommands.find((c) => words.slice(0, c.path.length).join(' ') === c.path.join(' '))!;
  const staff = await staffOfApp(t);
  return command.run(
    t.app.ctx,
    { positionals: words.slice(command.path.length), flags },
    staffActor(staff),
    staff,
  );
}

describe('deposits', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;

  const upload = (
    client: TestClient,
    id: number,
    bytes: Buffer,
    name: string,
    type: string,
    field?: string,
  ) => {
    const { body, contentType } = multipart(bytes, name, type, field);
    return t.app.inject({
      method: 'POST',
      url: `${DEPOSIT}/${id}`,
      headers: { authorization: `Bearer ${client.token}`, 'content-type': contentType },
      payload: body,
    });
  };
  const zar = async (client: TestClient) =>
    (await clientApi(t, client).get('/api/account/app/v1'))
      .json()
      .data.find((a: { currency: string }) => a.currency === 'ZAR');

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createTestClient(t.app.ctx);
    bob = await createTestClient(t.app.ctx);
  });
  afterAll(() => t.close());

  it('creates a pending EFT deposit with a reference and payment instructions; nothing is credited yet', async () => {
    const res = await clientApi(t, alice).post(DEPOSIT, {
      account_id: alice.accounts.ZAR,
      amount: '1500.50',
      method: 'EFT',
    });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      account_id: alice.accounts.ZAR,
      currency: 'ZAR',
      amount: '1500.50',
      status: 'pending',
      method: 'EFT',
      proof_url: null,
    });
    expect(d.reference).toMatch(/^DEP-[0-9A-Z]{10}$/);
    expect(d.instructions.account_number).toBeTruthy();
    expect((await zar(alice)).balance).toBe('0.00');
    // Reopened from the records later, it still says where to pay.
    const listed = (await clientApi(t, alice).get(`${DEPOSIT}/list`)).json().data;
    expect(listed.find((x: { id: number }) => x.id === d.id)).toMatchObject({
      reference: d.reference,
      instructions: d.instructions,
    });
  });

  it('attaches an image or PDF proof, refuses other files and other clients', async () => {
    const api = clientApi(t, alice);
    const d = (await api.post(DEPOSIT, { account_id: alice.accounts.ZAR, amount: '1000' })).json().data;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const ok = await upload(alice, d.id, png, 'proof.png', 'image/png');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.proof_url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const okPdf = await upload(alice, d.id, pdf, 'proof.pdf', 'application/pdf');
    expect(okPdf.statusCode).toBe(200);

    await expectNothingChanged(t, async () => {
      const text = await upload(alice, d.id, Buffer.from('hello'), 'proof.txt', 'text/plain');
      expect(text.statusCode).toBe(415);
      const wrongField = await upload(alice, d.id, png, 'proof.png', 'image/png', 'other');
      expect(wrongField.statusCode).toBe(400);
      const someoneElse = await upload(bob, d.id, png, 'proof.png', 'image/png');
      expect(someoneElse.statusCode).toBe(404);
    });
  });

  it.each([
    ['negative', '-1000', 'Amount must not be negative'],
    ['zero', '0', 'Amount must be greater than 0'],
    ['too many decimals', '1000.001', 'Amounts allow at most 2 decimal places'],
    ['non-numeric', '1k', 'Enter a valid amount'],
    ['below the minimum', '999.99', 'Minimum deposit is 1000.00 ZAR.'],
  ])('refuses a %s amount and creates nothing', async (_label, amount, message) => {
    await expectNothingChanged(t, async () => {
      const res = await clientApi(t, alice).post(DEPOSIT, {
        account_id: alice.accounts.ZAR,
        amount,
        method: 'EFT',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_INPUT', message });
    });
  });

  it("refuses someone else's account, an unknown method and a missing key, creating nothing", async () => {
    await expectNothingChanged(t, async () => {
      const api = clientApi(t, alice);
      expect((await api.post(DEPOSIT, { account_id: bob.accounts.ZAR, amount: '1000' })).statusCode).toBe(
        404,
      );
      expect(
        (await api.post(DEPOSIT, { account_id: alice.accounts.ZAR, amount: '1000', method: 'CASH' }))
          .statusCode,
      ).toBe(400);
      expect(
        (await api.post(DEPOSIT, { account_id: alice.accounts.ZAR, amount: '1000' }, null)).statusCode,
      ).toBe(400);
    });
  });

  it('is credited when an operator confirms, once; the list shows it; the audit log records it', async () => {
    const api = clientApi(t, alice);
    const d = (await api.post(DEPOSIT, { account_id: alice.accounts.ZAR, amount: '2000' })).json().data;
    const before = await zar(alice);
    const listed = await runOps(t, ['deposit', 'list']);
    expect(listed).toContain(d.reference);
    const out = await runOps(t, ['deposit', 'confirm', String(d.id)]);
    expect(out).toContain('confirmed');
    const after = await zar(alice);
    expect(BigInt(after.balance.replace('.', '')) - BigInt(before.balance.replace('.', ''))).toBe(200000n);
    await expect(runOps(t, ['deposit', 'confirm', String(d.id)])).rejects.toThrow('already been decided');
    await expect(runOps(t, ['deposit', 'reject', String(d.id)], { reason: 'late' })).rejects.toThrow(
      'already been decided',
    );
    const history = (await api.get(`${DEPOSIT}/list`)).json().data;
    expect(history.find((x: { id: number }) => x.id === d.id)).toMatchObject({ status: 'confirmed' });
    const audit = await t.database.query<{ action: string; actor: string }>(
      `select action, actor from audit_log where subject_type = 'deposit' and subject_id = $1`,
      [String(d.id)],
    );
    expect(audit).toEqual([{ action: 'deposit.confirm', actor: staffActor(await staffOfApp(t)) }]);
  });

  it('is not credited when rejected; a reason is required', async () => {
    const api = clientApi(t, alice);
    const d = (await api.post(DEPOSIT, { account_id: alice.accounts.ZAR, amount: '3000' })).json().data;
    await expectNothingChanged(t, async () => {
      await expect(runOps(t, ['deposit', 'reject', String(d.id)])).rejects.toThrow('reason');
    });
    const before = await zar(alice);
    await runOps(t, ['deposit', 'reject', String(d.id)], { reason: 'No payment received' });
    expect(await zar(alice)).toEqual(before);
    const history = (await api.get(`${DEPOSIT}/list`)).json().data;
    expect(history.find((x: { id: number }) => x.id === d.id)).toMatchObject({
      status: 'rejected',
      reason: 'No payment received',
    });
    const proof = await upload(alice, d.id, Buffer.from('%PDF-1.4\n%%EOF\n'), 'p.pdf', 'application/pdf');
    expect(proof.statusCode).toBe(409);
  });

  it('passes ledger check', async () => {
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
    expect(await runOps(t, ['ledger', 'check'])).toContain('ledger check: OK');
  });
});
