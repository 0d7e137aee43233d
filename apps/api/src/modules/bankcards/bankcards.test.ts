import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyCommands } from '../../cli/commands/money';
import { createTestApp, type TestApp } from '../../test/test-app';
import { holderMatchesName } from './bankcards.service';
import {
  clientApi,
  createTestClient,
  expectNothingChanged,
  fund,
  type TestClient,
} from '../ledger/money-test-kit';

const CARDS = '/api/bankcard/app/v1';
const card = { bank_name: 'FNB', card_no: '62812345678', holder_name: 'Money Tester' };

describe('bank cards', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createTestClient(t.app.ctx);
    bob = await createTestClient(t.app.ctx);
  });
  afterAll(() => t.close());

  it('adds, lists, updates and deletes own cards', async () => {
    const api = clientApi(t, alice);
    const created = await api.post(CARDS, card, null);
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ ...card, id });

    expect((await api.get(`${CARDS}/list`)).json().data).toEqual([expect.objectContaining({ id, ...card })]);

    const put = await api.put(`${CARDS}/${id}`, { ...card, bank_name: 'Capitec' });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.bank_name).toBe('Capitec');

    // The spec's POST carries the id too: it updates that card.
    const viaPost = await api.post(CARDS, { ...card, id, holder_name: 'M. Tester' }, null);
    expect(viaPost.json().data).toMatchObject({ id, holder_name: 'M. Tester' });

    const del = await api.delete(`${CARDS}/${id}`);
    expect(del.statusCode).toBe(200);
    expect((await api.get(`${CARDS}/list`)).json().data).toEqual([]);
  });

  it.each([
    [{ ...card, bank_name: '' }, 'Bank name is required'],
    [{ ...card, bank_name: '   ' }, 'Bank name is required'],
    [{ ...card, card_no: '' }, 'Card number is required'],
    [{ ...card, card_no: '1234' }, 'Enter a valid card number'],
    [{ ...card, card_no: '123456789012345678901' }, 'Enter a valid card number'],
    [{ ...card, card_no: '1234-5678' }, 'Enter a valid card number'],
    [{ ...card, holder_name: '' }, 'Account holder name is required'],
    [{ bank_name: 'FNB', card_no: '62812345678' }, 'Account holder name is required'],
  ])('refuses %j with the spec message', async (body, message) => {
    await expectNothingChanged(t, async () => {
      const res = await clientApi(t, alice).post(CARDS, body, null);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_INPUT', message });
    });
  });

  it('refuses a duplicate card number', async () => {
    const api = clientApi(t, alice);
    await api.post(CARDS, { ...card, card_no: '11112222333' }, null);
    await expectNothingChanged(t, async () => {
      const res = await api.post(CARDS, { ...card, card_no: '11112222333' }, null);
      expect(res.statusCode).toBe(409);
    });
  });

  it("answers 404 for someone else's card on update and delete, changing nothing", async () => {
    const bobs = (await clientApi(t, bob).post(CARDS, { ...card, holder_name: 'MONEY TESTER' }, null)).json()
      .data;
    await expectNothingChanged(t, async () => {
      const api = clientApi(t, alice);
      expect((await api.put(`${CARDS}/${bobs.id}`, card)).statusCode).toBe(404);
      expect((await api.post(CARDS, { ...card, id: bobs.id }, null)).statusCode).toBe(404);
      expect((await api.delete(`${CARDS}/${bobs.id}`)).statusCode).toBe(404);
      expect((await api.delete(`${CARDS}/99999999`)).statusCode).toBe(404);
      expect((await api.get(`${CARDS}/list`)).json().data.map((c: { id: number }) => c.id)).not.toContain(
        bobs.id,
      );
    });
  });

  it('refuses to delete a card a pending withdrawal pays to', async () => {
    await fund(t.app.ctx, alice, 'ZAR', '2000');
    const api = clientApi(t, alice);
    const c = (await api.post(CARDS, { ...card, card_no: '99998888777' }, null)).json().data;
    const w = await api.withdraw({
      amount: '500',
      account_id: alice.accounts.ZAR,
      receiver: c.id,
    });
    expect(w.statusCode).toBe(200);
    await expectNothingChanged(t, async () => {
      const del = await api.delete(`${CARDS}/${c.id}`);
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe('This card is used by a pending withdrawal and cannot be deleted.');
    });
  });

  it('refuses a card number another client holds, flags it to operators, and allows it once an operator approves', async () => {
    const number = '45450000111';
    expect((await clientApi(t, alice).post(CARDS, { ...card, card_no: number }, null)).statusCode).toBe(200);
    await expectNothingChanged(t, async () => {
      const res = await clientApi(t, bob).post(CARDS, { ...card, card_no: number }, null);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This card number is registered to another client. Please contact support to have it approved.',
      );
    });
    const flags = await t.database.query<{ action: string; after: { cardEnding: string } }>(
      `select action, after from audit_log where action = 'bankcard.shared_number_refused' and subject_id = $1`,
      [String(bob.clientId)],
    );
    expect(flags).toEqual([{ action: 'bankcard.shared_number_refused', after: { cardEnding: '0111' } }]);
    // Editing another card to that number is refused the same way.
    const own = (await clientApi(t, bob).post(CARDS, { ...card, card_no: '45450000222' }, null)).json().data;
    const edit = await clientApi(t, bob).put(`${CARDS}/${own.id}`, { ...card, card_no: number });
    expect(edit.statusCode).toBe(409);

    const [mobile] = await t.database.query<{ mobile: string }>('select mobile from clients where id = $1', [
      bob.clientId,
    ]);
    const approve = moneyCommands.find((c) => c.path.join(' ') === 'bankcard approve-shared')!;
    await approve.run(
      t.app.ctx,
      { positionals: [mobile!.mobile, number], flags: { reason: 'Joint account, verified by phone' } },
      'ops:tester',
    );
    expect((await clientApi(t, bob).post(CARDS, { ...card, card_no: number }, null)).statusCode).toBe(200);
  });

  // PGlite has one connection: the race needs PostgreSQL.
  it.skipIf(!process.env.DATABASE_URL)(
    'two clients adding the same number at once: exactly one card is stored (PostgreSQL)',
    async () => {
      for (let round = 0; round < 5; round += 1) {
        const number = `7777000${round}123`;
        const racers = await Promise.all(Array.from({ length: 8 }, () => createTestClient(t.app.ctx)));
        const responses = await Promise.all(
          racers.map((c) => clientApi(t, c).post(CARDS, { ...card, card_no: number }, null)),
        );
        expect(responses.map((r) => r.statusCode).sort()).toEqual([200, ...Array(7).fill(409)]);
        const [row] = await t.database.query<{ n: number }>(
          'select count(*)::int as n from bank_cards where card_no = $1 and deleted_at is null',
          [number],
        );
        expect(Number(row!.n)).toBe(1);
      }
    },
  );

  it("refuses a holder name that is not the client's verified name, and accepts it as banks print it", async () => {
    const api = clientApi(t, alice);
    await expectNothingChanged(t, async () => {
      for (const holder of ['Someone Else', 'Money', 'M Smith', 'Tester Junior']) {
        const res = await api.post(CARDS, { ...card, card_no: '55550000111', holder_name: holder }, null);
        expect(res.statusCode, holder).toBe(400);
        expect(res.json().message).toBe(
          'The account holder must be you: enter the name on your verified ID (initials are fine).',
        );
      }
    });
    const ok = await api.post(CARDS, { ...card, card_no: '55550000111', holder_name: 'MR M. TÉSTER' }, null);
    expect(ok.statusCode).toBe(200);
  });
});

describe('holderMatchesName', () => {
  it.each([
    ['Naledi Khumalo', 'Naledi Khumalo', true],
    ['MRS N KHUMALO', 'Naledi Khumalo', true],
    ['Khumalo Naledi', 'Naledi Khumalo', true],
    ['N. Z. Khumalo', 'Naledi Zanele Khumalo', true],
    ['Nálèdi  khumalo', 'Naledi Khumalo', true],
    ['Khumalo', 'Naledi Khumalo', true],
    ['Naledi', 'Naledi Khumalo', false],
    ['T Khumalo', 'Naledi Khumalo', false],
    ['Naledi Mokoena', 'Naledi Khumalo', false],
    ['', 'Naledi Khumalo', false],
  ])('%s vs %s → %s', (holder, own, expected) => {
    expect(holderMatchesName(holder, own)).toBe(expected);
  });
});
