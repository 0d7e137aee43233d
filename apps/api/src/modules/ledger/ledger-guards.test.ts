import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { transfer } from '../fx/fx.service';
import { checkLedger } from './ledger-check.service';
import { createTestClient, fund, newKey, publishRates, type TestClient } from './money-test-kit';

/**
 * The database's own guards, for writers that bypass the services: every entry balances per
 * currency with at least two postings (checked at commit), a posting's currency is its account's.
 * ledger_transfer skips the commit-time re-read for the one entry it builds balanced itself
 * (migrations/0006_ledger_speed.sql); nothing else may.
 */
describe('ledger database guards', () => {
  let t: TestApp;
  let alice: TestClient;
  let fxZar: number;
  let fxUsd: number;

  /** Runs `statements` in one transaction; the error message it fails with, or undefined. */
  async function commitFails(statements: string): Promise<string | undefined> {
    return t.database.session(async (conn) => {
      try {
        await conn.execScript(`begin;\n${statements}\ncommit;`);
        return undefined;
      } catch (error) {
        await conn.execScript('rollback').catch(() => undefined);
        return (error as Error).message;
      }
    });
  }

  const entry = (id: number) =>
    `insert into journal_entries (id, kind, description, reference, created_by)
     overriding system value values (${id}, 'adjustment', 'guard test', 'GRD-${id}', 'ops:test');`;
  const posting = (entryId: number, accountId: number, currency: string, amount: number) =>
    `insert into postings (entry_id, account_id, currency, amount_minor) values (${entryId}, ${accountId}, '${currency}', ${amount});`;

  beforeAll(async () => {
    t = await createTestApp();
    await publishRates(t.app.ctx);
    alice = await createTestClient(t.app.ctx);
    await fund(t.app.ctx, alice, 'ZAR', '1000.00');
    const house = await t.database.query<{ id: string; currency: string }>(
      `select id::text, currency from accounts where kind = 'house' and purpose = 'fx'`,
    );
    fxZar = Number(house.find((h) => h.currency === 'ZAR')!.id);
    fxUsd = Number(house.find((h) => h.currency === 'USD')!.id);
    // A transfer first: on PGlite the checks below run on the connection it used.
    await transfer(
      t.app.ctx,
      alice.clientId,
      { clientId: alice.clientId, key: newKey(), requestHash: 'guard' },
      {
        fromAccountId: alice.accounts.ZAR,
        toAccountId: alice.accounts.USD,
        amount: '100.00',
        rate: '0.0542',
      },
    );
  });

  afterAll(async () => {
    await t.close();
  });

  it('refuses an entry that does not balance, or has a single posting, at commit', async () => {
    expect(await commitFails(`${entry(900001)}\n${posting(900001, fxZar, 'ZAR', 100)}`)).toMatch(
      /fewer than two postings/,
    );
    expect(
      await commitFails(
        `${entry(900002)}\n${posting(900002, fxZar, 'ZAR', 100)}\n${posting(900002, alice.accounts.ZAR, 'ZAR', -99)}`,
      ),
    ).toMatch(/does not balance/);
    // Balanced in total but not per currency.
    expect(
      await commitFails(
        `${entry(900003)}\n${posting(900003, fxZar, 'ZAR', 100)}\n${posting(900003, fxUsd, 'USD', -100)}`,
      ),
    ).toMatch(/does not balance/);
  });

  it('checks every entry but the one ledger_transfer vouched for in its own transaction', async () => {
    // A vouch left for another entry id exempts nothing else.
    expect(
      await commitFails(
        `select set_config('imali.vouched_entry', '1', true);\n${entry(900004)}\n${posting(900004, fxZar, 'ZAR', 5)}`,
      ),
    ).toMatch(/fewer than two postings/);
  });

  it("refuses a posting in another currency than its account's", async () => {
    expect(
      await commitFails(
        `${entry(900005)}\n${posting(900005, fxZar, 'USD', 100)}\n${posting(900005, fxUsd, 'USD', -100)}`,
      ),
    ).toMatch(/postings_account_currency_fk/);
  });

  it('keeps what an account is: kind, purpose, owner and currency rules on insert and update', async () => {
    const refusals = [
      `insert into accounts (kind, purpose, currency) values ('client', 'cash', 'ZAR');`,
      `insert into accounts (kind, purpose, currency) values ('house', 'fx', 'JPY');`,
      `insert into accounts (kind, purpose, client_id, currency) values ('client', 'fx', ${alice.clientId}, 'EUR');`,
      `update accounts set purpose = 'fees' where id = ${alice.accounts.ZAR};`,
      `update accounts set kind = 'house' where id = ${alice.accounts.ZAR};`,
      `update accounts set client_id = null where id = ${alice.accounts.ZAR};`,
      `update accounts set currency = 'XYZ' where id = ${fxZar};`,
      `update accounts set balance_minor = -1 where id = ${alice.accounts.EUR};`,
    ];
    for (const statement of refusals) {
      expect(await commitFails(statement), statement).toMatch(/violates check constraint/);
    }
  });

  it('leaves a sound ledger after the refused writes', async () => {
    const report = await checkLedger(t.app.ctx);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  // Last: it leaves a broken entry behind on purpose.
  it('reports in ledger check an entry the commit-time check was told to skip', async () => {
    expect(
      await commitFails(
        `select set_config('imali.vouched_entry', '900006', true);\n${entry(900006)}\n${posting(900006, fxZar, 'ZAR', 7)}`,
      ),
    ).toBeUndefined();
    const report = await checkLedger(t.app.ctx);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(/entry does not sum to zero.*900006/);
    expect(report.problems.join('\n')).toMatch(/entry with fewer than two postings.*900006/);
  });
});
