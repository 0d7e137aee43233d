/** Test helpers for applications: flags, an uploaded evidence image, a transaction reference. */
import type { TestApp } from '../../test/test-app';
import { makeImage, multipart } from '../auth/auth.testing';
import { clientApi, fund, newKey, type TestClient } from '../ledger/money-test-kit';

export const APPLICATION_URL = '/api/client/app/v1/application';

export async function setFlags(
  t: TestApp,
  client: TestClient,
  flags: { bonus?: boolean; compensation?: boolean; loan?: boolean },
) {
  await t.database.query(
    `update clients set allow_bonus = coalesce($2, allow_bonus), allow_compensation = coalesce($3, allow_compensation),
       allow_loan = coalesce($4, allow_loan) where id = $1`,
    [client.clientId, flags.bonus ?? null, flags.compensation ?? null, flags.loan ?? null],
  );
}

export async function mobileOf(t: TestApp, client: TestClient) {
  const [row] = await t.database.query<{ mobile: string }>('select mobile from clients where id = $1', [
    client.clientId,
  ]);
  return row!.mobile;
}

export async function uploadEvidence(t: TestApp, client: TestClient) {
  const body = multipart(await makeImage('png'), { filename: 'evidence.png', contentType: 'image/png' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/client/app/v1/image',
    headers: { ...body.headers, authorization: `Bearer ${client.token}` },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return res.json().data.url as string;
}

/** Funds the client's ZAR account through a real deposit and returns the deposit's reference. */
export async function fundedReference(t: TestApp, client: TestClient, amount = '1000') {
  const id = await fund(t.app.ctx, client, 'ZAR', amount);
  const [row] = await t.database.query<{ reference: string }>(
    'select reference from deposits where id = $1',
    [id],
  );
  return row!.reference;
}

export function applicationsApi(t: TestApp, client: TestClient) {
  const api = clientApi(t, client);
  return {
    ...api,
    list: () => api.get(APPLICATION_URL),
    apply: (body: object, key: string = newKey()) => api.post(APPLICATION_URL, body, key),
    offer: () => api.get(`${APPLICATION_URL}/trial_offer`),
    preview: (body: object) => api.post(`${APPLICATION_URL}/loan_preview`, body, null),
    zar: async () =>
      (await api.get('/api/account/app/v1'))
        .json()
        .data.find((a: { currency: string }) => a.currency === 'ZAR') as {
        balance: string;
        available: string;
        held: string;
      },
  };
}

export const loanBody = (client: TestClient, overrides: object = {}) => ({
  type: 'loan',
  account_id: client.accounts.ZAR,
  amount: '10000',
  term_months: 12,
  purpose: 'Home repairs',
  monthly_income: '20000',
  monthly_expenses: '12000',
  ...overrides,
});
