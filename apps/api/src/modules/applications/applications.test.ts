import { ApplicationMessages } from '@imali/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runJob } from '../../jobs/index';
import { bonusExpiryJob } from '../../jobs/bonus-expiry';
import { markPinVerified } from '../session/session.service';
import { deleteOrphanUploads } from '../uploads/uploads.service';
import { checkLedger } from '../ledger/ledger-check.service';
import { createTestClient, expectNothingChanged, fund, publishRates } from '../ledger/money-test-kit';
import { NPN, insertQuote, instrumentId, shiftIntoSession, tradingApi } from '../orders/orders-test-kit';
import {
  applicationsApi,
  fundedReference,
  loanBody,
  setFlags,
  uploadEvidence,
} from './applications-test-kit';
import {
  approveApplication,
  forfeitBonus,
  rejectApplication,
  reclaimDueBonuses,
} from './applications.service';

const OPS = 'ops:tester';

describe('applications: trial bonus, compensation, loan', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_TIME_SHIFT_MS: String(shiftIntoSession('JSE')) });
    await publishRates(t.app.ctx);
  });
  afterAll(() => t.close());

  // Sessions end long before 30 days pass, so expiry is brought forward in the database instead.
  // By the app's clock, not the database's now(): the job decides by the app's clock.
  const expire = (id: number) =>
    t.database.query(`update applications set expires_at = $2 where id = $1`, [
      id,
      new Date(t.app.ctx.clock.now().getTime() - 60_000),
    ]);
  const ledgerOk = async () => expect((await checkLedger(t.app.ctx)).problems).toEqual([]);
  const entriesOf = (applicationId: number) =>
    t.database.query<{ kind: string; amount: string; house: string; client: string }>(
      `select ae.kind, ae.amount_minor::text as amount,
              (select a.purpose from postings p join accounts a on a.id = p.account_id
                where p.entry_id = ae.entry_id and a.kind = 'house') as house,
              (select p.amount_minor::text from postings p join accounts a on a.id = p.account_id
                where p.entry_id = ae.entry_id and a.kind = 'client') as client
       from application_entries ae where ae.application_id = $1 order by ae.entry_id`,
      [applicationId],
    );

  describe('flags hide panels and refuse their endpoints', () => {
    it('with every flag off: 403 on offer, accept, claim, loan and preview, nothing written; the list is empty', async () => {
      const client = await createTestClient(t.app.ctx);
      const api = applicationsApi(t, client);
      const reference = await fundedReference(t, client);
      const evidence = await uploadEvidence(t, client);
      await expectNothingChanged(t, async () => {
        const answers = [
          await api.offer(),
          await api.apply({ type: 'trial', terms_version: 'x', accept_terms: true }),
          await api.apply({
            type: 'compensation',
            account_id: client.accounts.ZAR,
            amount: '100',
            reason: 'Order executed late',
            related_reference: reference,
            evidence_urls: [evidence],
          }),
          await api.apply(loanBody(client)),
          await api.preview(loanBody(client)),
        ];
        expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
        expect(answers.map((r) => r.json().message)).toEqual([
          ApplicationMessages.trialNotAllowed,
          ApplicationMessages.trialNotAllowed,
          ApplicationMessages.compensationNotAllowed,
          ApplicationMessages.loanNotAllowed,
          ApplicationMessages.loanNotAllowed,
        ]);
      });
      const list = await api.list();
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toEqual([]);
    });

    it('each flag opens only its own panel', async () => {
      const client = await createTestClient(t.app.ctx);
      const api = applicationsApi(t, client);
      await setFlags(t, client, { loan: true });
      expect((await api.preview(loanBody(client))).statusCode).toBe(200);
      expect((await api.offer()).statusCode).toBe(403);
      await setFlags(t, client, { loan: false, bonus: true });
      expect((await api.offer()).statusCode).toBe(200);
      expect((await api.preview(loanBody(client))).statusCode).toBe(403);
    });

    it('needs approved KYC', async () => {
      const client = await createTestClient(t.app.ctx, { kyc: 'pending' });
      expect((await applicationsApi(t, client).list()).statusCode).toBe(403);
    });
  });

  describe('trial bonus', () => {
    it('shows the whole terms, credits the bonus through the ledger once, and refuses a second', async () => {
      const client = await createTestClient(t.app.ctx);
      await setFlags(t, client, { bonus: true });
      const api = applicationsApi(t, client);
      const offer = (await api.offer()).json().data;
      expect(offer).toMatchObject({ currency: 'ZAR', amount: '500.00', valid_days: 30, taken: false });
      expect(offer.conditions.join(' ')).toContain('cannot be withdrawn');
      expect(offer.conditions.join(' ')).toContain('expires 30 days after');

      const stale = await api.apply({ type: 'trial', terms_version: 'trial-0', accept_terms: true });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(ApplicationMessages.trialTermsChanged);
      const unaccepted = await api.apply({
        type: 'trial',
        terms_version: offer.version,
        accept_terms: false,
      });
      expect(unaccepted.statusCode).toBe(400);

      const accepted = await api.apply({ type: 'trial', terms_version: offer.version, accept_terms: true });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const app = accepted.json().data;
      expect(app).toMatchObject({
        type: 'trial',
        status: 'active',
        amount: '500.00',
        trial: { reclaimed: '0.00', not_withdrawable: '500.00' },
      });
      expect(app.trial.conditions).toEqual(offer.conditions);
      expect(await api.zar()).toMatchObject({ balance: '500.00', available: '500.00' });
      expect(await entriesOf(app.id)).toEqual([
        { kind: 'bonus_credit', amount: '50000', house: 'bonus', client: '50000' },
      ]);

      const again = await api.apply({ type: 'trial', terms_version: offer.version, accept_terms: true });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(ApplicationMessages.trialTaken);
      expect((await api.offer()).json().data.taken).toBe(true);
      expect((await api.list()).json().data).toHaveLength(1);
      await ledgerOk();
    });

    it('bonus money can be invested but not withdrawn or converted; own money still can', async () => {
      const client = await createTestClient(t.app.ctx);
      await setFlags(t, client, { bonus: true });
      const api = applicationsApi(t, client);
      const offer = (await api.offer()).json().data;
      await api.apply({ type: 'trial', terms_version: offer.version, accept_terms: true });
      await fund(t.app.ctx, client, 'ZAR', '1000');
      const card = await api.post(
        '/api/bankcard/app/v1',
        { bank_name: 'FNB', card_no: '62501234567890', holder_name: 'Money Tester' },
        null,
      );
      expect(card.statusCode, card.body).toBe(200);
      const cardId = card.json().data.id;

      const tooMuch = await api.withdraw({
        amount: '1000.01',
        account_id: client.accounts.ZAR,
        receiver: cardId,
      });
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().message).toBe(ApplicationMessages.bonusNotWithdrawable);
      const convert = await api.post('/api/caccount/app/v1/transfer', {
        from_account: client.accounts.ZAR,
        to_account: client.accounts.USD,
        amount: '1100',
        rate: '0.0542',
      });
      expect(convert.statusCode).toBe(409);
      expect(convert.json().message).toBe(ApplicationMessages.bonusNotWithdrawable);
      const own = await api.withdraw({ amount: '1000', account_id: client.accounts.ZAR, receiver: cardId });
      expect(own.statusCode, own.body).toBe(200);

      // Invested: a buy spends the bonus like any cash (the withdrawal spent the PIN).
      await markPinVerified(t.app.ctx, client.sessionId);
      const trading = tradingApi(t, client);
      const quote = await insertQuote(t, {
        clientId: client.clientId,
        instrumentId: await instrumentId(t, NPN),
        price: '10000',
      });
      const buy = await trading.buy({
        ...NPN,
        quantity: '2',
        account_id: client.accounts.ZAR,
        quote_id: quote,
      });
      expect(buy.statusCode, buy.body).toBe(200);
      await ledgerOk();
    });

    it('expiry takes the bonus back through the ledger (job, rerun is a no-op); invested bonus later', async () => {
      const client = await createTestClient(t.app.ctx);
      await setFlags(t, client, { bonus: true });
      const api = applicationsApi(t, client);
      const offer = (await api.offer()).json().data;
      const app = (
        await api.apply({ type: 'trial', terms_version: offer.version, accept_terms: true })
      ).json().data;
      // R200 of the bonus invested in 2 shares at R100 (+ fees).
      const trading = tradingApi(t, client);
      const npn = await instrumentId(t, NPN);
      const quote = await insertQuote(t, { clientId: client.clientId, instrumentId: npn, price: '10000' });
      const buy = await trading.buy({
        ...NPN,
        quantity: '2',
        account_id: client.accounts.ZAR,
        quote_id: quote,
      });
      expect(buy.statusCode, buy.body).toBe(200);
      const cashAfterBuy = (await api.zar()).available;

      // Not due yet: nothing happens.
      await reclaimDueBonuses(t.app.ctx);
      expect((await api.list()).json().data[0].status).toBe('active');

      await expire(app.id);
      const run = await runJob(t.app.ctx, bonusExpiryJob);
      expect(run.ran).toBe(true);
      const [expired] = (await api.list()).json().data;
      expect(expired).toMatchObject({ status: 'expired', trial: { reclaimed: cashAfterBuy } });
      expect(await api.zar()).toMatchObject({ balance: '0.00' });
      const left = expired.trial.not_withdrawable;
      expect(Number(left)).toBeGreaterThan(0);
      await ledgerOk();

      // A rerun finds nothing to take (no cash), writes nothing.
      await expectNothingChanged(t, () => runJob(t.app.ctx, bonusExpiryJob));

      // Selling brings cash back (less the fees the bonus paid), and a deposit more: the next run
      // takes the rest of the bonus.
      const sellQuote = await insertQuote(t, {
        clientId: client.clientId,
        instrumentId: npn,
        price: '10000',
      });
      const sold = await trading.sell(buy.json().data.order.id, {
        ttype: 'standard',
        price: '100',
        quote_id: sellQuote,
      });
      expect(sold.statusCode, sold.body).toBe(200);
      await fund(t.app.ctx, client, 'ZAR', '1000');
      await runJob(t.app.ctx, bonusExpiryJob);
      const [after] = (await api.list()).json().data;
      expect(after.trial.reclaimed).toBe('500.00');
      expect(after.trial.not_withdrawable).toBe('0.00');
      const kinds = (await entriesOf(app.id)).map((e) => e.kind);
      expect(kinds).toEqual(['bonus_credit', 'bonus_reclaim', 'bonus_reclaim']);
      await ledgerOk();
    });

    it('an operator forfeits an active bonus with a reason the client sees; only once', async () => {
      const client = await createTestClient(t.app.ctx);
      await setFlags(t, client, { bonus: true });
      const api = applicationsApi(t, client);
      const offer = (await api.offer()).json().data;
      const app = (
        await api.apply({ type: 'trial', terms_version: offer.version, accept_terms: true })
      ).json().data;
      const { reclaimedMinor } = await forfeitBonus(t.app.ctx, app.id, 'Bonus abuse: multiple accounts', OPS);
      expect(reclaimedMinor).toBe(50_000n);
      const [row] = (await api.list()).json().data;
      expect(row).toMatchObject({
        status: 'forfeited',
        decision_reason: 'Bonus abuse: multiple accounts',
        trial: { reclaimed: '500.00', not_withdrawable: '0.00' },
      });
      expect(await api.zar()).toMatchObject({ balance: '0.00' });
      await expect(forfeitBonus(t.app.ctx, app.id, 'again', OPS)).rejects.toThrow('already forfeited');
      await expect(approveApplication(t.app.ctx, app.id, OPS)).rejects.toThrow('not approved by an operator');
      await ledgerOk();
    });
  });

  describe('compensation', () => {
    async function claim(overrides: object = {}) {
      const client = await createTestClient(t.app.ctx);
      await setFlags(t, client, { compensation: true });
      const api = applicationsApi(t, client);
      const reference = await fundedReference(t, client);
      const body = {
        type: 'compensation',
        account_id: client.accounts.ZAR,
        amount: '250.50',
        reason: 'My order was filled at the wrong price',
        related_reference: reference,
        evidence_urls: [await uploadEvidence(t, client)],
        ...overrides,
      };
      return { client, api, body };
    }

    it('a claim is pending with its evidence; approval credits it from the compensation account', async () => {
      const { client, api, body } = await claim();
      const res = await api.apply(body);
      expect(res.statusCode, res.body).toBe(200);
      const app = res.json().data;
      expect(app).toMatchObject({
        type: 'compensation',
        status: 'pending',
        amount: '250.50',
        related_reference: body.related_reference,
        evidence_urls: body.evidence_urls,
        decision_reason: null,
      });
      // The evidence is the client's own file, readable by them, and kept by the orphan cleanup.
      await t.database.query(
        `update uploads set created_at = now() - interval '2 days' where id = (select upload_id from application_evidence where application_id = $1)`,
        [app.id],
      );
      await deleteOrphanUploads(t.app.ctx);
      const file = await api.get(app.evidence_urls[0]);
      expect(file.statusCode).toBe(200);
      expect(await api.zar()).toMatchObject({ balance: '1000.00' });

      await approveApplication(t.app.ctx, app.id, OPS);
      expect((await api.list()).json().data[0]).toMatchObject({ status: 'approved' });
      expect(await api.zar()).toMatchObject({ balance: '1250.50', available: '1250.50' });
      expect(await entriesOf(app.id)).toEqual([
        { kind: 'compensation_credit', amount: '25050', house: 'compensation', client: '25050' },
      ]);
      const audit = await t.database.query<{ action: string; actor: string }>(
        `select action, actor from audit_log where subject_type = 'application' and subject_id = $1 order by id`,
        [String(app.id)],
      );
      expect(audit).toEqual([
        { action: 'application.compensation.submit', actor: `client:${client.clientId}` },
        { action: 'application.compensation.approve', actor: OPS },
      ]);
      await expect(approveApplication(t.app.ctx, app.id, OPS)).rejects.toThrow(
        ApplicationMessages.notPending,
      );
      await ledgerOk();
    });

    it('a rejection moves no money and shows its reason', async () => {
      const { api, body } = await claim();
      const app = (await api.apply(body)).json().data;
      await expectNothingChanged(t, async () => {
        await expect(rejectApplication(t.app.ctx, app.id, '  ', OPS)).rejects.toThrow('needs a reason');
      });
      const before = await api.zar();
      await rejectApplication(t.app.ctx, app.id, 'The price was within the quoted spread.', OPS);
      expect((await api.list()).json().data[0]).toMatchObject({
        status: 'rejected',
        decision_reason: 'The price was within the quoted spread.',
      });
      expect(await api.zar()).toEqual(before);
      expect(await entriesOf(app.id)).toEqual([]);
      await ledgerOk();
    });

    it('refuses bad input with clear messages and writes nothing', async () => {
      const { client, api, body } = await claim();
      const other = await createTestClient(t.app.ctx);
      const foreignEvidence = await uploadEvidence(t, other);
      const cases: [object, number, string][] = [
        [{ amount: '-5' }, 400, 'Amount must not be negative'],
        [{ amount: '1.234' }, 400, 'Amounts allow at most 2 decimal places'],
        [{ reason: 'x' }, 400, 'Reason must be at least 3 characters'],
        [{ related_reference: 'WDR-NOTMINE' }, 400, 'No order or transaction of yours has this reference.'],
        [{ evidence_urls: [] }, 400, 'Upload at least one evidence file'],
        [{ evidence_urls: [foreignEvidence] }, 400, ApplicationMessages.evidenceInvalid],
        [{ account_id: 999_999 }, 404, 'Account not found.'],
      ];
      await expectNothingChanged(t, async () => {
        for (const [overrides, status, message] of cases) {
          const res = await api.apply({ ...body, ...overrides });
          expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
          expect(res.json().message).toContain(message);
        }
      });
      expect(client).toBeDefined();
    });
  });

  describe('loan', () => {
    it('the preview discloses rate, instalment, total repayable and cost, affordability and the schedule; writes nothing', async () => {
      const client = await createTestClient(t.app.ctx);
      await setFlags(t, client, { loan: true });
      const api = applicationsApi(t, client);
      let res: Awaited<ReturnType<typeof api.preview>> | undefined;
      await expectNothingChanged(t, async () => {
        res = await api.preview(loanBody(client));
      });
      expect(res!.statusCode, res!.body).toBe(200);
      const quote = res!.json().data;
      expect(quote).toMatchObject({
        currency: 'ZAR',
        amount: '10000.00',
        term_months: 12,
        annual_rate: '18.00',
        instalment: '916.80',
        total_repayable: '11001.61',
        total_cost_of_credit: '1001.61',
        affordability: {
          disposable_income: '8000.00',
          instalment_share: '11.46',
          max_share: '50',
          affordable: true,
        },
      });
      expect(quote.schedule).toHaveLength(12);
      expect(quote.schedule[11]).toMatchObject({ instalment: '916.81', balance_after: '0.00' });
    });

    it('an unaffordable or out-of-range loan is refused (400), nothing written', async () => {
      const client = await createTestClient(t.app.ctx);
      await setFlags(t, client, { loan: true });
      const api = applicationsApi(t, client);
      await expectNothingChanged(t, async () => {
        const poor = await api.apply(loanBody(client, { monthly_income: '3000', monthly_expenses: '1200' }));
        expect(poor.statusCode).toBe(400);
        expect(poor.json().message).toBe(ApplicationMessages.loanUnaffordable);
        const big = await api.apply(loanBody(client, { amount: '50000.01' }));
        expect(big.statusCode).toBe(400);
        expect(big.json().message).toBe('A loan is between 1000.00 and 50000.00 ZAR.');
        const long = await api.apply(loanBody(client, { term_months: 36 }));
        expect(long.statusCode).toBe(400);
        expect(long.json().message).toContain('at most 24 months');
      });
    });

    it('approval disburses from the loans account and stores the schedule the client sees; reject shows a reason', async () => {
      const client = await createTestClient(t.app.ctx);
      await setFlags(t, client, { loan: true });
      const api = applicationsApi(t, client);
      const key = 'loan-key-1';
      const submitted = await api.apply(loanBody(client), key);
      expect(submitted.statusCode, submitted.body).toBe(200);
      const replay = await api.apply(loanBody(client), key);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      const app = submitted.json().data;
      expect(app).toMatchObject({
        status: 'pending',
        reason: 'Home repairs',
        loan: {
          term_months: 12,
          annual_rate: '18.00',
          instalment: '916.80',
          total_repayable: '11001.61',
          schedule: [],
        },
      });
      await approveApplication(t.app.ctx, app.id, OPS);
      const [approved] = (await api.list()).json().data;
      expect(approved.status).toBe('approved');
      expect(approved.loan.schedule).toHaveLength(12);
      expect(approved.loan.schedule[0]).toMatchObject({ seq: 1, instalment: '916.80', interest: '150.00' });
      expect(await api.zar()).toMatchObject({ balance: '10000.00' });
      expect(await entriesOf(app.id)).toEqual([
        { kind: 'loan_disbursement', amount: '1000000', house: 'loans', client: '1000000' },
      ]);

      const second = (await api.apply(loanBody(client, { amount: '2000', term_months: 6 }))).json().data;
      await rejectApplication(t.app.ctx, second.id, 'Existing loan outstanding.', OPS);
      const rows = (await api.list()).json().data;
      expect(rows[0]).toMatchObject({
        id: second.id,
        status: 'rejected',
        decision_reason: 'Existing loan outstanding.',
      });
      await ledgerOk();
    });
    it('one pending loan application at a time (LOAN_MAX_PENDING=1): a second is refused (409), nothing written', async () => {
      const client = await createTestClient(t.app.ctx);
      await setFlags(t, client, { loan: true });
      const api = applicationsApi(t, client);
      const first = await api.apply(loanBody(client));
      expect(first.statusCode, first.body).toBe(200);
      await expectNothingChanged(t, async () => {
        for (const res of [
          await api.apply(loanBody(client, { amount: '1000', term_months: 3 })),
          await api.preview(loanBody(client, { amount: '1000', term_months: 3 })),
        ]) {
          expect(res.statusCode).toBe(409);
          expect(res.json()).toMatchObject({
            code: 'CONFLICT',
            message: ApplicationMessages.loanPendingLimit(1),
            data: null,
          });
        }
      });
      // Once it is decided, the client may apply again.
      await rejectApplication(t.app.ctx, first.json().data.id, 'Not now.', OPS);
      expect((await api.apply(loanBody(client, { amount: '1000', term_months: 3 }))).statusCode).toBe(200);
    });

    it("affordability counts the client's approved loan still running: preview and submit", async () => {
      const client = await createTestClient(t.app.ctx);
      await setFlags(t, client, { loan: true });
      const api = applicationsApi(t, client);
      // 10 000 over 12 months: 916.80 a month of the 8000.00 left after expenses.
      const first = (await api.apply(loanBody(client))).json().data;
      await approveApplication(t.app.ctx, first.id, OPS);

      // 30 000 over 12 months is 2750.40 a month: alone 34.38 %, with the first 45.84 %: fits.
      const fits = await api.preview(loanBody(client, { amount: '30000' }));
      expect(fits.statusCode, fits.body).toBe(200);
      expect(fits.json().data.affordability).toMatchObject({
        disposable_income: '8000.00',
        other_loans_instalments: '916.80',
        instalment_share: '45.84',
        affordable: true,
      });
      // 40 000 is 3667.20 a month: alone 45.84 % (affordable on its own), with the first 57.30 %.
      const stacked = await api.preview(loanBody(client, { amount: '40000' }));
      expect(stacked.json().data.affordability).toMatchObject({
        other_loans_instalments: '916.80',
        instalment_share: '57.30',
        affordable: false,
      });
      expect(stacked.json().data.affordability.summary).toContain("with your other loans' 916.80 ZAR");
      await expectNothingChanged(t, async () => {
        const refused = await api.apply(loanBody(client, { amount: '40000' }));
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(ApplicationMessages.loanUnaffordable);
      });
      const accepted = await api.apply(loanBody(client, { amount: '30000' }));
      expect(accepted.statusCode, accepted.body).toBe(200);
    });

    it("a loan in another currency than the client's other loans is refused (409), nothing written", async () => {
      const client = await createTestClient(t.app.ctx);
      await setFlags(t, client, { loan: true });
      const api = applicationsApi(t, client);
      const first = (await api.apply(loanBody(client))).json().data;
      await approveApplication(t.app.ctx, first.id, OPS);
      await expectNothingChanged(t, async () => {
        const usd = await api.apply(loanBody(client, { account_id: client.accounts.USD, amount: '1000' }));
        expect(usd.statusCode).toBe(409);
        expect(usd.json().message).toBe(ApplicationMessages.loanOtherCurrency('ZAR'));
      });
    });

    it('a loan whose schedule has run out no longer counts', async () => {
      const client = await createTestClient(t.app.ctx);
      await setFlags(t, client, { loan: true });
      const api = applicationsApi(t, client);
      const first = (await api.apply(loanBody(client))).json().data;
      await approveApplication(t.app.ctx, first.id, OPS);
      await t.database.query(
        `update loan_instalments set due_on = due_on - interval '2 years' where application_id = $1`,
        [first.id],
      );
      const quote = (await api.preview(loanBody(client, { amount: '40000' }))).json().data;
      expect(quote.affordability).toMatchObject({ other_loans_instalments: '0.00', affordable: true });
    });
  });
});
