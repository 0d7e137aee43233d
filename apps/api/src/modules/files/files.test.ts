import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestStaff, signInStaffCookie } from '../../test/staff';
import { attachProof, createDeposit } from '../deposits/deposits.service';
import { createTestClient, newKey, type TestClient } from '../ledger/money-test-kit';

describe('serving files: PDFs are downloads, images inline', () => {
  let t: TestApp;
  let alice: TestClient;
  /** A payments maker's session on the ops app (deposit proofs need deposits.read). */
  let staff: { cookie: string; origin: string };
  beforeAll(async () => {
    t = await createTestApp();
    alice = await createTestClient(t.app.ctx);
    staff = await signInStaffCookie(await t.ops(), await createTestStaff(t.app.ctx, ['payments_maker']));
  });
  afterAll(() => t.close());

  const proofOf = async (bytes: Buffer) => {
    const { data } = await createDeposit(
      t.app.ctx,
      alice.clientId,
      { clientId: alice.clientId, key: newKey(), requestHash: 'files' },
      { accountId: alice.accounts.ZAR, amount: '1500', method: 'EFT' },
    );
    const url = (await attachProof(t.app.ctx, alice.clientId, data.id, bytes)).proof_url!;
    return { url, id: url.split('/').pop()! };
  };
  const get = async (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  // /ops is the ops app's (its own port, decision 0057), with a staff session.
  const getOps = async (url: string) => (await t.ops()).inject({ method: 'GET', url, headers: staff });

  it('a PDF proof is served as an attachment, never inline, from /api/files and the ops route', async () => {
    // A PDF that would run script if a browser rendered it on our origin.
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    const { url, id } = await proofOf(pdf);
    for (const res of [await get(url, alice.token), await getOps(`/ops/v1/files/${id}`)]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${id}.pdf"`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(pdf)).toBe(true);
    }
  });

  it('an image stays inline on both routes', async () => {
    const png = await sharp({ create: { width: 6, height: 6, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const { url, id } = await proofOf(png);
    for (const res of [await get(url, alice.token), await getOps(`/ops/v1/files/${id}`)]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe('inline');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
