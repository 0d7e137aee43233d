import { ErrorCode } from '@imali/contract';
import { formatMinor, isCurrency } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DomainError } from '../../plugins/errors';
import * as repo from './ledger.repository';

export interface LedgerCheckReport {
  ok: boolean;
  problems: string[];
  text: string;
}

/**
 * Verifies every ledger invariant over the whole database: each entry sums to zero per
 * currency and has at least two postings; each transfer's debit and credit are in its entry;
 * each client balance equals the sum of its postings; no client balance is negative and held
 * stays within it; held equals the active holds; every withdrawal's hold matches its status;
 * every confirmed deposit and paid withdrawal has its posting.
 */
export async function checkLedger(ctx: AppContext): Promise<LedgerCheckReport> {
  const problems: string[] = [];
  const report = (label: string, rows: Record<string, unknown>[]) => {
    for (const row of rows) problems.push(`${label}: ${JSON.stringify(row)}`);
  };
  report('entry does not sum to zero', await repo.unbalancedEntries(ctx.db));
  report('entry with fewer than two postings', await repo.entriesWithoutTwoPostings(ctx.db));
  report('transfer differs from its entry', await repo.transfersOffTheirEntries(ctx.db));
  report('balance differs from postings', await repo.accountsOffTheirPostings(ctx.db));
  report('negative balance or held outside balance', await repo.accountsBreakingBalanceRules(ctx.db));
  report('held differs from active holds', await repo.heldOffActiveHolds(ctx.db));
  report('withdrawal and hold disagree', await repo.withdrawalsOffTheirHolds(ctx.db));
  report('decision without its posting', await repo.decidedWithoutEntry(ctx.db));

  const figures = await repo.ledgerFigures(ctx.db);
  const c = figures.counts as Record<string, string>;
  const lines = [
    `entries ${c.entries}, postings ${c.postings}, client accounts ${c.client_accounts}, ` +
      `pending deposits ${c.pending_deposits}, pending withdrawals ${c.pending_withdrawals}`,
  ];
  for (const row of figures.perCurrency as Record<string, string>[]) {
    const cur = row.currency!;
    if (!isCurrency(cur)) continue;
    const f = (k: string) => formatMinor(BigInt(row[k] ?? '0'), cur);
    lines.push(
      `${cur}: clients ${f('client_balance')} (held ${f('client_held')}), bank clearing ${f('bank_clearing')}, ` +
        `fx ${f('fx')}, fees ${f('fees')}, all postings ${f('postings_total')}`,
    );
    if (BigInt(row.postings_total ?? '0') !== 0n) problems.push(`${cur}: postings do not sum to zero`);
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
