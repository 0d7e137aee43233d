import type { StaffRole } from '@imali/contract';
import { createTestStaff } from '../../test/staff';
import type { TestApp } from '../../test/test-app';
import { staffActor } from '../staff/staff.service';
import { bearer, makeImage, multipart, signUp } from '../auth/auth.testing';

/** A client with a pending KYC submission, made through the client API (the real path). */
export async function clientWithSubmission(
  t: TestApp,
  form: { full_name?: string; id_no?: string; mobile?: string; dob?: string; back?: boolean } = {},
  network: { ip?: string; userAgent?: string } = {},
) {
  const { mobile, token } = await signUp(t);
  const upload = async () => {
    const body = multipart(await makeImage('jpeg'), { filename: 'id.jpg', contentType: 'image/jpeg' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/app/v1/image',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    return res.json().data.url as string;
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/identify/app/v1',
    headers: bearer(token),
    payload: {
      full_name: form.full_name ?? 'Naledi Khumalo',
      id_no: form.id_no ?? uniqueIdNo(),
      mobile: form.mobile ?? mobile,
      dob: form.dob ?? '1980-01-01',
      id_front_url: await upload(),
      id_back_url: form.back === false ? '' : await upload(),
    },
  });
  if (res.statusCode !== 200) throw new Error(`KYC submit failed: ${res.body}`);
  const [client] = await t.database.query<{ id: string }>('select id::text from clients where mobile = $1', [
    mobile,
  ]);
  const clientId = Number(client!.id);
  // Every injected request comes from 127.0.0.1 with the same user agent: give each test client a
  // network of its own, so only the sharing a test sets up is flagged.
  await t.database.query('update sessions set ip = $1, user_agent = $2 where client_id = $3', [
    network.ip ??
      `10.${clientId % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    network.userAgent ?? `test-agent-${clientId}`,
    clientId,
  ]);
  const [submission] = await t.database.query<{ id: string }>(
    'select id::text from kyc_submissions where client_id = $1 order by id desc limit 1',
    [clientId],
  );
  return { clientId, mobile, token, submissionId: Number(submission!.id) };
}

let idSeq = 0;
/** A 13-digit ID number no other test client has. */
export const uniqueIdNo = () =>
  `${Date.now() % 1e7}${String(++idSeq).padStart(6, '0')}`.slice(-13).padStart(13, '9');

/** A staff user (the staff module's test helper) and how services record them in the audit log. */
export async function testStaffActor(t: TestApp, roles: StaffRole[] = ['kyc_reviewer']) {
  const staff = await createTestStaff(t.app.ctx, roles);
  return { id: staff.id, actor: staffActor(staff), staffId: staff.id };
}
