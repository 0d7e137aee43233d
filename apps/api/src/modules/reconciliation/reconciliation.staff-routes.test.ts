import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestOpsApp, createTestStaff, signInStaffCookie } from '../../test/staff';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, type TestClient } from '../ledger/money-test-kit';
import { pendingDeposit, statementOf } from './reconciliation-test-kit';

// The staff API over HTTP (the ops app): permissions at the choke point, the import in each of its
// forms, the confirm once, reject. The rules themselves are tested in reconciliation.test.ts.
describe('reconciliation staff routes', () => {
  let t: TestApp;
  let ops: Awaited<ReturnType<typeof createTestOpsApp>>;
  let maker: Record<string, string>;
  let support: Record<string, string>;
  let checker: Record<string, string>;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    ops = await createTestOpsApp(t);
    maker = await signInStaffCookie(ops, await createTestStaff(t.app.ctx, ['payments_maker']));
    support = await signInStaffCookie(ops, await createTestStaff(t.app.ctx, ['support']));
    checker = await signInStaffCookie(ops, await createTestStaff(t.app.ctx, ['payments_checker']));
    client = await createTestClient(t.app.ctx);
  });
  afterAll(() => t.close());

  const call = (
    headers: Record<string, string>,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) =>
    ops.inject({
      method,
      url: `/ops/v1${url}`,
      headers: { ...headers, ...extra },
      payload: payload as string,
    });

  it('lists pending deposits to a reader; importing and confirming need their permissions', async () => {
    const d = await pendingDeposit(t.app.ctx, client, '1800.00');
    const list = await call(support, 'GET', '/deposits?status=pending');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((x: { id: number }) => x.id === d.id)).toMatchObject({
      reference: d.reference,
      amount: '1800.00',
    });
    const csv = statementOf([{ description: 'EFT CREDIT', reference: d.reference, amountMinor: 180000n }]);
    expect((await call(support, 'POST', '/reconciliation/statements', { csv })).statusCode).toBe(403);
    expect((await call(checker, 'POST', '/reconciliation/statements', { csv })).statusCode).toBe(403);
    expect((await ops.inject({ method: 'GET', url: '/ops/v1/reconciliation/statements' })).statusCode).toBe(
      401,
    );
  });

  it('imports as JSON or as a text/csv body, confirms a match once, and refuses the second', async () => {
    const d = await pendingDeposit(t.app.ctx, client, '2100.00');
    const csv = statementOf([{ description: 'EFT CREDIT', reference: d.reference, amountMinor: 210000n }]);
    const imported = await call(maker, 'POST', '/reconciliation/statements', csv, {
      'content-type': 'text/csv',
    });
    expect(imported.statusCode).toBe(200);
    const statement = imported.json().data;
    expect(statement.lines[0]).toMatchObject({ match: 'match', deposit: { id: d.id } });
    const again = await call(maker, 'POST', '/reconciliation/statements', { csv, fileName: 'again.csv' });
    expect(again.statusCode).toBe(409);
    expect((await call(support, 'GET', `/reconciliation/statements/${statement.id}`)).json().data.id).toBe(
      statement.id,
    );
    expect((await call(support, 'GET', '/reconciliation/statements')).json().data[0].id).toBe(statement.id);
    expect((await call(support, 'GET', '/reconciliation/statements/999999')).statusCode).toBe(404);

    const lineId = statement.lines[0].id;
    expect(
      (await call(support, 'POST', `/reconciliation/lines/${lineId}/confirm`, { depositId: d.id }))
        .statusCode,
    ).toBe(403);
    const confirmed = await call(maker, 'POST', `/reconciliation/lines/${lineId}/confirm`, {
      depositId: d.id,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      line: { match: 'confirmed' },
      deposit: { status: 'confirmed' },
    });
    const twice = await call(maker, 'POST', `/reconciliation/lines/${lineId}/confirm`, { depositId: d.id });
    expect(twice.statusCode).toBe(409);
    expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  });

  it('imports a statement sent as a file (multipart field "file")', async () => {
    const d = await pendingDeposit(t.app.ctx, client, '1300.00');
    const csv = statementOf([{ description: 'EFT CREDIT', reference: d.reference, amountMinor: 130000n }]);
    const boundary = '----imali-statement';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nov.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
    const res = await call(maker, 'POST', '/reconciliation/statements', body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.lines[0]).toMatchObject({ match: 'match', deposit: { id: d.id } });
    const audit = await t.database.query<{ actor: string; staff_id: string }>(
      `select actor, staff_id::text from audit_log where action = 'statement.import' and subject_id = $1`,
      [String(res.json().data.id)],
    );
    expect(audit).toEqual([
      { actor: expect.stringMatching(/^staff:\d+$/), staff_id: audit[0]!.actor.slice(6) },
    ]);
  });

  it('refuses a bad file naming its lines, and rejects a deposit with a reason', async () => {
    const bad = await call(maker, 'POST', '/reconciliation/statements', {
      csv: 'date,description,reference,amount,balance\n2026-01-01,A,B,1,1.00\n',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'The statement was not imported: line 2: Amount "1" must be like 1500.00 or -250.00.',
    );
    const d = await pendingDeposit(t.app.ctx, client, '1100.00');
    expect((await call(maker, 'POST', `/deposits/${d.id}/reject`, { reason: '' })).statusCode).toBe(400);
    expect((await call(maker, 'POST', '/deposits/999999/reject', { reason: 'x' })).statusCode).toBe(404);
    const rejected = await call(maker, 'POST', `/deposits/${d.id}/reject`, { reason: 'No payment received' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data.status).toBe('rejected');
    expect((await call(maker, 'POST', `/deposits/${d.id}/reject`, { reason: 'again' })).statusCode).toBe(409);
  });
});
