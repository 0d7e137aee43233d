import { ErrorCode } from '@imali/contract';
import { CURRENCIES, formatMinor } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import { applicationLedgerProblems } from '../applications/applications.service';
import * as repo from './ledger-check.repository';
import { HOLD_PURPOSES, HOUSE_PURPOSES } from './ledger.service';

export interface LedgerCheckReport {
  ok: boolean;
  problems: string[];
  text: string;
}

/**
 * Verifies every ledger invariant over the whole database, whatever wrote it: each entry sums to
 * zero per currency and has all the postings it declares (at least two); postings sum to zero per
 * currency overall; each transfer's debit and credit are in its entry; each client balance equals
 * the sum of its postings; no client balance is negative and held stays within it; every house
 * account purpose exists in every currency; held equals the active holds of every purpose; each
 * hold is on a client account, its reference exists and justifies its state (withdrawal: active
 * while pending), and a captured hold's entry debits what it captured; every withdrawal has the
 * one hold its status calls for; every confirmed deposit and paid withdrawal has its posting.
 * Orders (issue 12), cash and positions together: every order has the one hold its status calls
 * for; its position (Σ movements) is its quantity while holding and 0 otherwise, never negative;
 * its buy entry debits exactly consideration + fees and its sell entry credits exactly
 * consideration − fees; every position movement names its order's trade entry; the kept count of
 * executed orders per account and product (the standing's order_num) equals the orders'.
 */
export async function checkLedger(ctx: AppContext): Promise<LedgerCheckReport> {
  const problems: string[] = [];
  const report = (label: string, rows: Record<string, unknown>[]) => {
    for (const row of rows) problems.push(`${label}: ${JSON.stringify(row)}`);
  };
  report('entry does not sum to zero', await repo.unbalancedEntries(ctx.db));
  report(
    'entry with fewer than two postings or not as many as it declares',
    await repo.entriesOffTheirPostingCount(ctx.db),
  );
  report('transfer differs from its entry', await repo.transfersOffTheirEntries(ctx.db));
  report('balance differs from postings', await repo.accountsOffTheirPostings(ctx.db));
  report('negative balance or held outside balance', await repo.accountsBreakingBalanceRules(ctx.db));
  report('house account missing', await repo.missingHouseAccounts(ctx.db, HOUSE_PURPOSES, CURRENCIES));
  report('held differs from active holds', await repo.heldOffActiveHolds(ctx.db));
  report('hold on a house account', await repo.holdsOffClientAccounts(ctx.db));
  report('hold whose reference ledger check cannot verify', await repo.holdsWithUnknownReference(ctx.db));
  report('hold not justified by its reference', await repo.holdsOffTheirReferences(ctx.db));
  report('captured hold without its posting', await repo.capturedHoldsWithoutPosting(ctx.db));
  report('withdrawal and hold disagree', await repo.withdrawalsOffTheirHolds(ctx.db));
  report('decision without its posting', await repo.decidedWithoutEntry(ctx.db));
  report('order and hold disagree', await repo.ordersOffTheirHolds(ctx.db));
  report('subscription and hold disagree', await repo.subscriptionsOffTheirHolds(ctx.db));
  report('position differs from its order', await repo.positionsOffTheirOrders(ctx.db));
  report('negative position', await repo.negativePositions(ctx.db));
  report('order differs from its entries', await repo.ordersOffTheirEntries(ctx.db));
  report('position movement without its trade entry', await repo.movementsOffTheirEntries(ctx.db));
  // Applications (issue 14): bonus, compensation and loans house accounts, each application's entries.
  const applications = await applicationLedgerProblems(ctx);
  report('house account differs from its applications', applications.house);
  report('application differs from its entries', applications.entries);
  report('portfolio position differs from its orders', await repo.portfolioPositionsOffTheirOrders(ctx.db));
  report('FIFO lots differ from their position', await repo.costLotsOffTheirPositions(ctx.db));
  report('executed-order count differs from the orders', await repo.executedCountsOffTheirOrders(ctx.db));
  report('client posting whose entry names another client', await repo.clientPostingsOffTheirEntries(ctx.db));

  const figures = await repo.ledgerFigures(ctx.db);
  const c = figures.counts;
  const lines = [
    `entries ${c.entries}, postings ${c.postings}, client accounts ${c.client_accounts}, ` +
      `pending deposits ${c.pending_deposits}, pending withdrawals ${c.pending_withdrawals}, ` +
      `active holds ${c.active_holds}`,
  ];
  const amount = (rows: Record<string, unknown>[], currency: string, key: string, field: string) =>
    BigInt(String(rows.find((r) => r.currency === currency && r[key] === field)?.total ?? '0'));
  for (const cur of CURRENCIES) {
    const f = (minor: bigint) => formatMinor(minor, cur);
    const client = figures.clients.find((r) => r.currency === cur);
    const total = BigInt(String(figures.postingTotals.find((r) => r.currency === cur)?.total ?? '0'));
    const held = HOLD_PURPOSES.map((p) => `${p} ${f(amount(figures.activeHolds, cur, 'purpose', p))}`);
    const house = HOUSE_PURPOSES.map((p) => `${p} ${f(amount(figures.house, cur, 'purpose', p))}`);
    lines.push(
      `${cur}: clients ${f(BigInt(String(client?.balance ?? '0')))} ` +
        `(held ${f(BigInt(String(client?.held ?? '0')))}: ${held.join(', ')}), all postings ${f(total)}`,
      `  ${cur} house: ${house.join(', ')}`,
    );
    if (total !== 0n) problems.push(`${cur}: postings do not sum to zero`);
  }
  const ok = problems.length === 0;
  lines.push(ok ? 'ledger check: OK' : `ledger check: FAILED (${problems.length} problems)`, ...problems);
  return { ok, problems, text: lines.join('\n') };
}

/** For the ops CLI: the report text, or a thrown error (non-zero exit) carrying it when broken. */
export async function assertLedgerSound(ctx: AppContext): Promise<string> {
  const result = await checkLedger(ctx);
  if (!result.ok) throw new DomainError(ErrorCode.Internal, result.text, 500);
  return result.text;
}
