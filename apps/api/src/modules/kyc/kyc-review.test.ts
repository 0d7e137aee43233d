import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { TestApp } from '../../test/test-app';
import { bearer, createIdentityTestApp } from '../auth/auth.testing';
import { clientWithSubmission, testStaffActor, uniqueIdNo } from './kyc-review.testing';
import * as review from './kyc-review.service';
import * as kyc from './kyc.service';

describe('KYC review (service): queue, detail with duplicate flags, decisions', () => {
  let t: TestApp;
  let actor: string;
  beforeAll(async () => {
    t = await createIdentityTestApp();
    ({ actor } = await testStaffActor(t));
  });
  afterAll(() => t.close());

  const ctx = () => t.app.ctx;
  const flagsOf = async (submissionId: number) =>
    (await review.reviewDetail(ctx(), submissionId)).flags.map((f) => [f.kind, f.otherClientId]);

  it('the queue pages oldest first (or newest first) with age and flag counts', async () => {
    const made: Awaited<ReturnType<typeof clientWithSubmission>>[] = [];
    for (let i = 0; i < 3; i += 1) {
      made.push(await clientWithSubmission(t));
      t.clock.advance(1000);
    }
    const all = [];
    let cursor: string | undefined;
    do {
      const page = await review.queue(ctx(), { status: 'pending', sort: 'oldest', limit: 2, cursor });
      all.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const ids = all.map((i) => i.submissionId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining(made.map((m) => m.submissionId)));
    const first = all.find((i) => i.submissionId === made[0]!.submissionId)!;
    expect(first).toMatchObject({
      clientId: made[0]!.clientId,
      clientDisplayName: 'Naledi Khumalo',
      status: 'pending',
      duplicateFlagCount: 0,
    });
    expect(first.ageSeconds).toBeGreaterThanOrEqual(3);
    const newest = await review.queue(ctx(), { status: 'pending', sort: 'newest', limit: 1 });
    expect(newest.items[0]!.submissionId).toBe(Math.max(...ids));
    await expect(
      review.queue(ctx(), { status: 'pending', sort: 'oldest', limit: 2, cursor: 'garbage' }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('detail: fields, the images as staff file links, and the client', async () => {
    const a = await clientWithSubmission(t, { full_name: 'Thandi Mokoena', id_no: '900101 5009 087' });
    const d = await review.reviewDetail(ctx(), a.submissionId);
    expect(d).toMatchObject({
      submissionId: a.submissionId,
      status: 'pending',
      latest: true,
      client: { id: a.clientId, displayName: 'Thandi Mokoena', mobile: a.mobile, kycStatus: 'pending' },
      fields: { fullName: 'Thandi Mokoena', idNo: '900101 5009 087', mobile: a.mobile, dob: '1980-01-01' },
      flags: [],
      earlier: [],
    });
    expect(d.images.idFront.url).toBe(`/ops/v1/files/${d.images.idFront.uploadId}`);
    expect(d.images.idBack!.url).toBe(`/ops/v1/files/${d.images.idBack!.uploadId}`);
    await expect(review.reviewDetail(ctx(), 999_999)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('flags another client with the same ID number (compared normalised)', async () => {
    const idNo = uniqueIdNo();
    const a = await clientWithSubmission(t, { id_no: idNo });
    const b = await clientWithSubmission(t, {
      id_no: `${idNo.slice(0, 6)} ${idNo.slice(6)}`,
      full_name: 'Bongani Dube',
    });
    const d = await review.reviewDetail(ctx(), b.submissionId);
    expect(d.flags).toEqual([
      {
        kind: 'id_number',
        otherClientId: a.clientId,
        otherDisplayName: 'Naledi Khumalo',
        matched: d.fields.idNo,
        link: { clientId: a.clientId },
      },
    ]);
    expect(await flagsOf(a.submissionId)).toEqual([['id_number', b.clientId]]);
  });

  it('flags the same mobile: submitted as another client’s login mobile, or submitted by both', async () => {
    const a = await clientWithSubmission(t);
    const b = await clientWithSubmission(t, { mobile: a.mobile });
    expect(await flagsOf(b.submissionId)).toEqual([['mobile', a.clientId]]);
    // From a's side: b submitted a's login mobile.
    expect(await flagsOf(a.submissionId)).toEqual([['mobile', b.clientId]]);
  });

  it('flags the same bank card number, showing it masked only', async () => {
    const a = await clientWithSubmission(t);
    const b = await clientWithSubmission(t);
    const cardNo = `4000${String(a.clientId).padStart(12, '0')}`;
    for (const c of [a, b]) {
      await t.database.query(
        `insert into bank_cards (client_id, bank_name, card_no, holder_name) values ($1, 'FNB', $2, 'N Khumalo')`,
        [c.clientId, cardNo],
      );
    }
    const d = await review.reviewDetail(ctx(), b.submissionId);
    expect(d.flags).toEqual([
      expect.objectContaining({
        kind: 'bank_card',
        otherClientId: a.clientId,
        matched: `****${cardNo.slice(-4)}`,
      }),
    ]);
    expect(JSON.stringify(d)).not.toContain(cardNo);
    // A deleted card no longer counts.
    await t.database.query('update bank_cards set deleted_at = now() where client_id = $1', [a.clientId]);
    expect(await flagsOf(b.submissionId)).toEqual([]);
  });

  it('flags the same device (IP and user agent) and the same IP with another browser', async () => {
    const a = await clientWithSubmission(t, {}, { ip: '198.51.100.7', userAgent: 'Firefox/1' });
    const b = await clientWithSubmission(t, {}, { ip: '198.51.100.7', userAgent: 'Firefox/1' });
    const c = await clientWithSubmission(t, {}, { ip: '198.51.100.7', userAgent: 'Chrome/2' });
    const d = await review.reviewDetail(ctx(), a.submissionId);
    expect(d.flags.map((f) => [f.kind, f.otherClientId, f.matched]).sort()).toEqual(
      [
        ['device', b.clientId, '198.51.100.7'],
        ['ip', c.clientId, '198.51.100.7'],
      ].sort(),
    );
    const q = await review.queue(ctx(), { status: 'pending', sort: 'newest', limit: 3 });
    expect(q.items.find((i) => i.submissionId === a.submissionId)?.duplicateFlagCount).toBe(2);
  });

  it('each look-up can be served by an index (no scan that grows with the clients)', async () => {
    const plans: Record<string, string> = {
      kyc_submissions_id_no_norm_idx:
        "select client_id from kyc_submissions where upper(regexp_replace(id_no, '[^0-9A-Za-z]', '', 'g')) = 'X'",
      kyc_submissions_mobile_idx: "select client_id from kyc_submissions where mobile in ('712345678')",
      sessions_ip_idx: "select client_id from sessions where ip in ('1.2.3.4')",
      sessions_client_created_idx:
        'select ip from sessions where client_id = 1 order by created_at desc limit 20',
      bank_cards_card_no_idx:
        "select client_id, holder_name from bank_cards where card_no in ('1') and deleted_at is null",
      kyc_submissions_queue_idx:
        "select id from kyc_submissions where status = 'pending' order by created_at, id limit 25",
      clients_mobile_prefix_idx: "select id from clients where mobile like '7123%'",
      clients_name_prefix_idx: "select id from clients where lower(name) like 'nal%'",
    };
    // One transaction, so the setting and the plans are on one connection (PostgreSQL has a pool).
    // Tables this small are cheaper to scan: with scans off, the plan shows which index can serve.
    const explained = await ctx().db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const out: Record<string, string> = {};
      for (const [index, query] of Object.entries(plans)) {
        out[index] = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql.raw(`explain ${query}`)))
          .map((p) => p['QUERY PLAN'])
          .join('\n');
      }
      return out;
    });
    for (const [index, plan] of Object.entries(explained)) {
      expect(plan, index).not.toContain('Seq Scan');
      // bank_cards (client_id, card_no) is also an index on the number (a skip scan on PostgreSQL 18).
      if (index === 'bank_cards_card_no_idx') expect(plan).toMatch(/bank_cards_(card_no|client_card)_idx/);
      else expect(plan, index).toContain(index);
    }
  });

  it('approve: pending → approved, audited as the staff user; deciding again is 409', async () => {
    const a = await clientWithSubmission(t);
    const decided = await kyc.decideSubmission(ctx(), a.submissionId, { decision: 'approved', actor });
    expect(decided).toMatchObject({ submissionId: a.submissionId, clientId: a.clientId, status: 'approved' });
    const [client] = await t.database.query<{ kyc_status: string }>(
      'select kyc_status from clients where id = $1',
      [a.clientId],
    );
    expect(client!.kyc_status).toBe('approved');
    const [entry] = await t.database.query<{ actor: string; action: string; after: Record<string, unknown> }>(
      "select actor, action, after from audit_log where subject_type = 'client' and subject_id = $1 and action like 'kyc.%' order by seq desc limit 1",
      [String(a.clientId)],
    );
    expect(entry).toMatchObject({ actor, action: 'kyc.approve', after: { submissionId: a.submissionId } });
    for (const again of [
      () => kyc.decideSubmission(ctx(), a.submissionId, { decision: 'approved', actor }),
      () => kyc.decideSubmission(ctx(), a.submissionId, { decision: 'rejected', reason: 'x', actor }),
      () => kyc.requestDocument(ctx(), a.submissionId, { document: 'id_back', reason: 'blurred', actor }),
    ]) {
      await expect(again()).rejects.toMatchObject({ statusCode: 409 });
    }
    await expect(kyc.decideSubmission(ctx(), 999_999, { decision: 'approved', actor })).rejects.toMatchObject(
      {
        statusCode: 404,
      },
    );
  });

  it('approving an ID number another client holds approved needs an override reason', async () => {
    const idNo = uniqueIdNo();
    const a = await clientWithSubmission(t, { id_no: idNo });
    await kyc.decideSubmission(ctx(), a.submissionId, { decision: 'approved', actor });
    const b = await clientWithSubmission(t, { id_no: idNo });
    await expect(
      kyc.decideSubmission(ctx(), b.submissionId, { decision: 'approved', actor }),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
    const ok = await kyc.decideSubmission(ctx(), b.submissionId, {
      decision: 'approved',
      actor,
      overrideReason: 'Same person, second profile for a trust',
    });
    expect(ok.status).toBe('approved');
  });

  it('reject: the client sees the reason; a reason is required', async () => {
    const a = await clientWithSubmission(t);
    await expect(
      kyc.decideSubmission(ctx(), a.submissionId, { decision: 'rejected', reason: ' ', actor }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await kyc.decideSubmission(ctx(), a.submissionId, {
      decision: 'rejected',
      reason: 'Name does not match',
      actor,
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/app/v1/client_info',
      headers: bearer(a.token),
    });
    expect(profile.json().data).toMatchObject({ kycStatus: 'rejected', kyc_reason: 'Name does not match' });
  });

  it('request-document: a rejection naming the image; the client submits again through the same flow', async () => {
    const a = await clientWithSubmission(t);
    const decided = await kyc.requestDocument(ctx(), a.submissionId, {
      document: 'id_front',
      reason: 'the photo is blurred',
      actor,
    });
    expect(decided).toMatchObject({
      status: 'rejected',
      requestedDocument: 'id_front',
      reason: 'Please submit again with a new photo of the front of your ID: the photo is blurred',
    });
    // What the client app shows on its KYC status step (spec: rejected, with the reason).
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/app/v1/client_info',
      headers: bearer(a.token),
    });
    expect(profile.json().data).toMatchObject({ kycStatus: 'rejected', kyc_reason: decided.reason });
    const detail = await t.app.inject({
      method: 'GET',
      url: '/api/identify/app/v1/detail',
      headers: bearer(a.token),
    });
    expect(detail.json().data).toMatchObject({ status: 'rejected', reason: decided.reason });
    const [entry] = await t.database.query<{ action: string; after: Record<string, unknown> }>(
      "select action, after from audit_log where subject_type = 'client' and subject_id = $1 order by seq desc limit 1",
      [String(a.clientId)],
    );
    expect(entry).toMatchObject({ action: 'kyc.request_document', after: { requestedDocument: 'id_front' } });

    // The client submits again ("Submit again" on the status step): a new pending submission whose
    // detail shows the earlier one and what it asked for.
    const [old] = await t.database.query<{ id_front_upload_id: string; id_back_upload_id: string }>(
      'select id_front_upload_id, id_back_upload_id from kyc_submissions where id = $1',
      [a.submissionId],
    );
    const resubmit = await t.app.inject({
      method: 'POST',
      url: '/api/identify/app/v1',
      headers: bearer(a.token),
      payload: {
        full_name: 'Naledi Khumalo',
        id_no: uniqueIdNo(),
        mobile: a.mobile,
        dob: '1980-01-01',
        // The back image the reviewer did not ask about may be sent again as it was.
        id_front_url: `/api/files/${old!.id_back_upload_id}`,
        id_back_url: `/api/files/${old!.id_back_upload_id}`,
      },
    });
    expect(resubmit.statusCode).toBe(200);
    const page = await review.queue(ctx(), { status: 'pending', sort: 'newest', limit: 1 });
    const next = await review.reviewDetail(ctx(), page.items[0]!.submissionId);
    expect(next.client.id).toBe(a.clientId);
    expect(next.earlier).toEqual([
      expect.objectContaining({
        submissionId: a.submissionId,
        status: 'rejected',
        requestedDocument: 'id_front',
      }),
    ]);
    // The old submission is no longer the latest: it cannot be decided.
    expect((await review.reviewDetail(ctx(), a.submissionId)).latest).toBe(false);
  });

  it('the ops CLI path (by mobile) still decides through the same rules', async () => {
    const a = await clientWithSubmission(t);
    const decided = await kyc.approve(ctx(), a.mobile, 'ops:tester');
    expect(decided).toMatchObject({ status: 'approved', mobile: a.mobile, submissionId: a.submissionId });
    await expect(kyc.approve(ctx(), a.mobile, 'ops:tester')).rejects.toMatchObject({ statusCode: 409 });
  });
});
