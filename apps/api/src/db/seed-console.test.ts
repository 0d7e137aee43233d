import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../lib/md5';
import { verifyAuditChain } from '../modules/audit/audit.service';
import { checkLedger } from '../modules/ledger/ledger-check.service';
import { createTestApp, type TestApp } from '../test/test-app';
import { DEMO, seedDemo } from './seed';
import { DEMO_QUEUES, seedConsoleQueues, type ConsoleQueuesResult } from './seed-console';

describe('console demo queues seed', () => {
  let t: TestApp;
  let seeded: ConsoleQueuesResult;
  beforeAll(async () => {
    t = await createTestApp();
    // Before the demo seed there is no demo client: nothing is seeded.
    expect(await seedConsoleQueues(t.app.ctx)).toBeUndefined();
    expect(await seedDemo(t.app.ctx)).toBe(true);
    seeded = (await seedConsoleQueues(t.app.ctx))!;
  });
  afterAll(() => t.close());

  const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
  const imageOf = async (uploadId: string) => {
    const [row] = await q<{ mime: string; content: Buffer; owner_client_id: number }>(
      'select mime, content, owner_client_id::int as owner_client_id from uploads where id = $1',
      [uploadId],
    );
    return { ...row!, meta: await sharp(row!.content).metadata() };
  };
  const clientIdOf = async (mobile: string) =>
    (await q<{ id: number }>('select id::int as id from clients where mobile = $1', [mobile]))[0]!.id;

  it('uses the demo client and invitation code of seed.ts', () => {
    expect(DEMO_QUEUES.deposits.mobile).toBe(DEMO.mobile);
    expect(DEMO_QUEUES.kyc.duplicateOfMobile).toBe(DEMO.mobile);
  });

  it('KYC review: Sipho pending with two ID images and the demo client’s ID number (duplicate flag)', async () => {
    const siphoId = await clientIdOf(DEMO_QUEUES.kyc.mobile);
    const [client] = await q<{ name: string; kyc_status: string; invite_code: string }>(
      'select name, kyc_status, invite_code from clients where id = $1',
      [siphoId],
    );
    expect(client).toEqual({
      name: 'Sipho Mokoena',
      kyc_status: 'pending',
      invite_code: DEMO.invitationCode,
    });
    const submissions = await q<{ id_no: string; status: string; front: string; back: string }>(
      `select id_no, status, id_front_upload_id::text as front, id_back_upload_id::text as back
         from kyc_submissions where client_id = $1`,
      [siphoId],
    );
    expect(submissions).toHaveLength(1);
    expect(submissions[0]).toMatchObject({ id_no: '9001014800086', status: 'pending' });
    expect([submissions[0]!.front, submissions[0]!.back]).toEqual([
      seeded.kyc.frontUploadId,
      seeded.kyc.backUploadId,
    ]);
    for (const id of [seeded.kyc.frontUploadId, seeded.kyc.backUploadId]) {
      const image = await imageOf(id);
      expect(image.mime).toBe('image/png');
      expect(image.owner_client_id).toBe(siphoId);
      expect([image.meta.width, image.meta.height]).toEqual([640, 400]);
    }
    // The demo client's ID number is the same: the KYC list flags it.
    const [demoSubmission] = await q<{ id_no: string }>(
      `select k.id_no from kyc_submissions k join clients c on c.id = k.client_id where c.mobile = $1`,
      [DEMO.mobile],
    );
    expect(demoSubmission!.id_no).toBe(DEMO_QUEUES.kyc.idNo);
    const { list } = await import('../modules/kyc/kyc.service');
    const pending = await list(t.app.ctx, 'pending');
    expect(pending.map((p) => [p.clientMobile, p.duplicateIdOf])).toEqual([
      [DEMO_QUEUES.kyc.mobile, [DEMO.mobile]],
    ]);
    // He signs in with the demo password.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/app/v1/login',
      payload: { username: DEMO_QUEUES.kyc.mobile, password: md5(DEMO_QUEUES.password), remember: false },
    });
    expect(login.statusCode).toBe(200);
  });

  it('the demo client’s card number is refused for Sipho without an approval, and the refusal is audited', async () => {
    const siphoId = await clientIdOf(DEMO_QUEUES.kyc.mobile);
    expect(seeded.sharedCardSaved).toBe(false);
    const cards = await q<{ client_id: number; card_no: string }>(
      'select client_id::int as client_id, card_no from bank_cards where card_no = $1 and deleted_at is null',
      [DEMO_QUEUES.kyc.cardNo],
    );
    expect(cards).toEqual([{ client_id: await clientIdOf(DEMO.mobile), card_no: DEMO_QUEUES.kyc.cardNo }]);
    const refusals = await q('select 1 from audit_log where action = $1 and subject_id = $2', [
      'bankcard.shared_number_refused',
      String(siphoId),
    ]);
    expect(refusals).toHaveLength(1);
  });

  it('deposits: two pending EFT deposits of the demo client with proof images, references returned', async () => {
    const rows = await q<{
      id: number;
      reference: string;
      amount_minor: string;
      proof: string;
      status: string;
    }>(
      `select d.id::int as id, d.reference, d.amount_minor::text, d.proof_upload_id::text as proof, d.status
         from deposits d join clients c on c.id = d.client_id
        where c.mobile = $1 and d.status = 'pending' order by d.id`,
      [DEMO.mobile],
    );
    expect(rows.map((r) => r.amount_minor)).toEqual(['500000', '1250000']);
    expect(seeded.deposits.map((d) => [d.id, d.reference, d.amount, d.currency, d.proofUploadId])).toEqual(
      rows.map((r, i) => [r.id, r.reference, DEMO_QUEUES.deposits.amounts[i], 'ZAR', r.proof]),
    );
    for (const r of rows) {
      expect(r.reference).toMatch(/^DEP-/);
      const proof = await imageOf(r.proof);
      expect(proof.mime).toBe('image/png');
      expect(proof.meta.width).toBe(640);
    }
  });

  it('Lerato: approved, funded with R 250,000.00, a card and a pending withdrawal of R 75,000.00', async () => {
    const leratoId = await clientIdOf(DEMO_QUEUES.lerato.mobile);
    const [client] = await q<{
      name: string;
      kyc_status: string;
      allow_compensation: boolean;
      allow_loan: boolean;
    }>('select name, kyc_status, allow_compensation, allow_loan from clients where id = $1', [leratoId]);
    expect(client).toEqual({
      name: 'Lerato Dlamini',
      kyc_status: 'approved',
      allow_compensation: true,
      allow_loan: true,
    });
    const funding = await q<{ amount_minor: string; status: string; decided_by: string }>(
      'select amount_minor::text, status, decided_by from deposits where client_id = $1 order by id',
      [leratoId],
    );
    expect(funding).toEqual([
      { amount_minor: '15000000', status: 'confirmed', decided_by: 'system:seed' },
      { amount_minor: '10000000', status: 'confirmed', decided_by: 'system:seed' },
    ]);
    const [account] = await q<{ balance_minor: string; held_minor: string }>(
      `select balance_minor::text, held_minor::text from accounts where client_id = $1 and currency = 'ZAR'`,
      [leratoId],
    );
    expect(account).toEqual({ balance_minor: '25000000', held_minor: '7500000' });
    const withdrawals = await q<{ id: number; amount_minor: string; status: string; holder_name: string }>(
      'select id::int as id, amount_minor::text, status, holder_name from withdrawals where client_id = $1',
      [leratoId],
    );
    expect(withdrawals).toEqual([
      {
        id: seeded.lerato.withdrawal.id,
        amount_minor: '7500000',
        status: 'pending',
        holder_name: 'MS L DLAMINI',
      },
    ]);
  });

  it('applications: one pending compensation claim with evidence and one pending loan for Lerato', async () => {
    const leratoId = await clientIdOf(DEMO_QUEUES.lerato.mobile);
    const apps = await q<{
      id: number;
      type: string;
      status: string;
      amount_minor: string;
      related_reference: string;
    }>(
      'select id::int as id, type, status, amount_minor::text, related_reference from applications where client_id = $1 order by id',
      [leratoId],
    );
    expect(apps.map((a) => [a.type, a.status, a.amount_minor])).toEqual([
      ['compensation', 'pending', '185000'],
      ['loan', 'pending', '3000000'],
    ]);
    expect(apps[0]!.related_reference).toBe(seeded.lerato.fundingReferences[0]);
    const evidence = await q<{ upload_id: string }>(
      'select upload_id::text from application_evidence where application_id = $1',
      [apps[0]!.id],
    );
    expect(evidence).toHaveLength(1);
    expect((await imageOf(evidence[0]!.upload_id)).mime).toBe('image/png');
    const all = await q<{ type: string; n: string }>(
      `select type, count(*)::text as n from applications where status = 'pending' group by type order by type`,
    );
    expect(all).toEqual([
      { type: 'compensation', n: '1' },
      { type: 'loan', n: '1' },
    ]);
  });

  it('the ledger reconciles, the audit chain is intact, and a second call adds nothing', async () => {
    const check = await checkLedger(t.app.ctx);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect((await verifyAuditChain(t.app.ctx)).intact).toBe(true);

    const tables = [
      'clients',
      'uploads',
      'kyc_submissions',
      'deposits',
      'withdrawals',
      'bank_cards',
      'applications',
      'journal_entries',
      'audit_log',
      'idempotency_keys',
    ];
    const counts = async () =>
      Promise.all(
        tables.map(
          async (table) => (await q<{ n: string }>(`select count(*)::text as n from ${table}`))[0]!.n,
        ),
      );
    const before = await counts();
    const again = (await seedConsoleQueues(t.app.ctx))!;
    expect(again.created).toBe(0);
    expect(await counts()).toEqual(before);
    expect({ ...again, created: seeded.created }).toEqual(seeded);
    expect(seeded.created).toBeGreaterThan(0);
  });
});
