import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { transfer } from '../fx/fx.service';
import { checkLedger } from './ledger-check.service';
import { createTestClient, fund, newKey, publishRates, type TestClient } from './money-test-kit';

/**
 * The database's own guards, for writers that bypass the services: every entry balances per
 * currency and has all the postings it declares, at least two (checked at commit, whatever the
 * session sets), and takes none after that; a posting names an existing account in its currency;
 * no client balance below zero nor held above it; what an account is, by CHECK constraints
 * (migrations/0009_one_ledger.sql).
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

  /** An entry declaring `lines` postings (2 unless told). */
  const entry = (id: number, lines = 2) =>
    `insert into journal_entries (id, kind, description, reference, created_by, posting_count)
     overriding system value values (${id}, 'adjustment', 'guard test', 'GRD-${id}', 'ops:test', ${lines});`;
  /** Posting number `line` of an entry of `lines` postings. */
  const posting = (
    entryId: number,
    line: number,
    accountId: number,
    currency: string,
    amount: number,
    lines = 2,
  ) =>
    `insert into postings (entry_id, line_no, entry_lines, account_id, currency, amount_minor)
     values (${entryId}, ${line}, ${lines}, ${accountId}, '${currency}', ${amount});`;

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
    expect(await commitFails(`${entry(900001)}\n${posting(900001, 1, fxZar, 'ZAR', 100)}`)).toMatch(
      /fewer than two postings/,
    );
    expect(
      await commitFails(
        `${entry(900002)}\n${posting(900002, 1, fxZar, 'ZAR', 100)}\n${posting(900002, 2, alice.accounts.ZAR, 'ZAR', -99)}`,
      ),
    ).toMatch(/does not balance/);
    // Balanced in total but not per currency.
    expect(
      await commitFails(
        `${entry(900003)}\n${posting(900003, 1, fxZar, 'ZAR', 100)}\n${posting(900003, 2, fxUsd, 'USD', -100)}`,
      ),
    ).toMatch(/does not balance/);
    // Fewer postings than it declares, or declaring fewer than two.
    expect(
      await commitFails(
        `${entry(900007, 3)}\n${posting(900007, 1, fxZar, 'ZAR', 100, 3)}\n${posting(900007, 2, fxZar, 'ZAR', -100, 3)}`,
      ),
    ).toMatch(/has 2 of its 3 postings/);
    expect(await commitFails(entry(900008, 1))).toMatch(/journal_entries_two_postings/);
  });

  it('checks every entry at commit whatever the session sets', async () => {
    const broken = (id: number) => `${entry(id)}\n${posting(id, 1, fxZar, 'ZAR', 5)}`;
    // 0006 let a transaction-local setting exempt one entry; nothing reads it now.
    expect(
      await commitFails(`select set_config('imali.vouched_entry', '900004', true);\n${broken(900004)}`),
    ).toMatch(/fewer than two postings/);
    expect(await commitFails(`set local imali.vouched_entry = '900009';\n${broken(900009)}`)).toMatch(
      /fewer than two postings/,
    );
    // Replica mode skips ordinary triggers; this one is ENABLE ALWAYS.
    expect(await commitFails(`set local session_replication_role = replica;\n${broken(900010)}`)).toMatch(
      /fewer than two postings/,
    );
    // Checking at once instead of at commit only refuses sooner.
    expect(await commitFails(`set constraints all immediate;\n${broken(900011)}`)).toMatch(
      /fewer than two postings/,
    );
  });

  it('adds no posting to a committed entry', async () => {
    const [row] = await t.database.query<{ id: string; lines: number }>(
      `select id::text, posting_count as lines from journal_entries where kind = 'transfer' limit 1`,
    );
    const id = Number(row!.id);
    const lines = Number(row!.lines);
    // A balanced pair added to it, as lines past its count, under a false count, or reusing lines.
    const pair = (first: number, declared: number) =>
      `${posting(id, first, fxZar, 'ZAR', 100, declared)}\n${posting(id, first + 1, alice.accounts.ZAR, 'ZAR', -100, declared)}`;
    expect(await commitFails(pair(lines + 1, lines))).toMatch(/postings_line_within_entry/);
    expect(await commitFails(pair(lines + 1, lines + 2))).toMatch(/postings_entry_lines_fk/);
    expect(await commitFails(pair(1, lines))).toMatch(/postings_entry_line_idx/);
  });

  it("refuses a posting in another currency than its account's, or to no account at all", async () => {
    expect(
      await commitFails(
        `${entry(900005)}\n${posting(900005, 1, fxZar, 'USD', 100)}\n${posting(900005, 2, fxUsd, 'USD', -100)}`,
      ),
    ).toMatch(/postings_account_currency_fk/);
    expect(
      await commitFails(
        `${entry(900012)}\n${posting(900012, 1, 99999999, 'ZAR', 100)}\n${posting(900012, 2, fxZar, 'ZAR', -100)}`,
      ),
    ).toMatch(/violates foreign key constraint/);
  });

  it('keeps what an account is: kind, purpose, owner and currency rules on insert and update', async () => {
    const refusals = [
      `insert into accounts (kind, purpose, currency) values ('client', 'cash', 'ZAR');`,
      `insert into accounts (kind, purpose, currency) values ('house', 'fx', 'JPY');`,
      `insert into accounts (kind, purpose, currency) values ('house', 'jackpot', 'ZAR');`,
      `insert into accounts (kind, purpose, client_id, currency) values ('client', 'fx', ${alice.clientId}, 'EUR');`,
      `update accounts set purpose = 'fees' where id = ${alice.accounts.ZAR};`,
      `update accounts set kind = 'house' where id = ${alice.accounts.ZAR};`,
      `update accounts set client_id = null where id = ${alice.accounts.ZAR};`,
      `update accounts set currency = 'XYZ' where id = ${fxZar};`,
    ];
    for (const statement of refusals) {
      expect(await commitFails(statement), statement).toMatch(/violates check constraint/);
    }
  });

  it('refuses a negative client balance and held above the balance or below zero', async () => {
    const refusals = [
      `update accounts set balance_minor = -1 where id = ${alice.accounts.EUR};`,
      `update accounts set balance_minor = balance_minor - 100000000 where id = ${alice.accounts.ZAR};`,
      `update accounts set held_minor = balance_minor + 1 where id = ${alice.accounts.ZAR};`,
      `update accounts set held_minor = -1 where id = ${alice.accounts.ZAR};`,
      `update accounts set balance_minor = 5 where id = ${fxZar};`,
    ];
    for (const statement of refusals) {
      expect(await commitFails(statement), statement).toMatch(/violates check constraint/);
    }
  });

  it('declares the rules as constraints, with no transfer function beside postEntry', async () => {
    const names = await t.database.query<{ conname: string }>(
      `select conname from pg_constraint where conrelid in ('accounts'::regclass, 'postings'::regclass)`,
    );
    expect(names.map((n) => n.conname)).toEqual(
      expect.arrayContaining([
        'accounts_kind_check',
        'accounts_purpose_check',
        'accounts_currency_check',
        'accounts_owner',
        'accounts_client_purpose',
        'accounts_client_balance_non_negative',
        'accounts_held_within_balance',
        'postings_account_id_fkey',
        'postings_account_currency_fk',
        'postings_entry_lines_fk',
      ]),
    );
    const functions = await t.database.query<{ proname: string }>(
      `select proname from pg_proc where proname in ('ledger_transfer', 'accounts_identity_rules')`,
    );
    expect(functions).toEqual([]);
  });

  it('leaves a sound ledger after the refused writes', async () => {
    const report = await checkLedger(t.app.ctx);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  // Last: it leaves a broken entry behind on purpose.
  it('reports in ledger check an entry the commit-time check did not see', async () => {
    // Only the table's owner can switch the check off, and only by changing the schema.
    expect(
      await commitFails(
        `alter table journal_entries disable trigger journal_entries_balanced;
         ${entry(900006)}\n${posting(900006, 1, fxZar, 'ZAR', 7)}
         alter table journal_entries enable always trigger journal_entries_balanced;`,
      ),
    ).toBeUndefined();
    const report = await checkLedger(t.app.ctx);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(/entry does not sum to zero.*900006/);
    expect(report.problems.join('\n')).toMatch(/entry with fewer than two postings.*900006/);
  });
});
