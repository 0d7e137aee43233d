import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { formatMinor } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { listPendingDepositsWithClient } from '../deposits/deposits.service';
import { STATEMENT_CURRENCY, STATEMENT_HEADER } from './statement-csv';

export interface StatementLineInput {
  date: string;
  description: string;
  reference: string;
  amountMinor: bigint;
}

/**
 * Writes bank lines as a statement CSV in the documented format, the running balance worked out
 * from `openingBalanceMinor` (the balance before the first line).
 */
export function buildStatementCsv(lines: StatementLineInput[], openingBalanceMinor = 0n): string {
  let balance = openingBalanceMinor;
  const rows = lines.map((line) => {
    balance += line.amountMinor;
    return [
      line.date,
      line.description,
      line.reference,
      formatMinor(line.amountMinor, STATEMENT_CURRENCY),
      formatMinor(balance, STATEMENT_CURRENCY),
    ];
  });
  return stringify([[...STATEMENT_HEADER], ...rows], { record_delimiter: 'unix' });
}

/**
 * The demo's bank statement: one credit per pending rand deposit, as a bank prints it (the
 * reference upper-cased, its hyphen kept, dropped or only in the description, in turn), so every
 * demo deposit is matched; plus a payment with no deposit reference and a bank charge, so the
 * console shows an unmatched line and a debit. Built from the pending deposits when called, so it
 * always matches them.
 */
export async function demoStatementCsv(ctx: AppContext, date = ctx.clock.now().toISOString().slice(0, 10)) {
  const pending = (await listPendingDepositsWithClient(ctx)).filter(
    (d) => d.deposit.currency === STATEMENT_CURRENCY,
  );
  const lines: StatementLineInput[] = pending.map(({ deposit, clientName }, i) => {
    const payer = (clientName ?? 'CLIENT').toUpperCase().slice(0, 60);
    const compact = deposit.reference.replace('-', '');
    switch (i % 3) {
      case 0:
        return {
          date,
          description: `EFT CREDIT ${payer}`,
          reference: deposit.reference,
          amountMinor: deposit.amountMinor,
        };
      case 1:
        return {
          date,
          description: `FNB APP PAYMENT FROM ${payer}`,
          reference: compact,
          amountMinor: deposit.amountMinor,
        };
      default:
        return {
          date,
          description: `INTERNET TRF ${compact} ${payer}`,
          reference: '',
          amountMinor: deposit.amountMinor,
        };
    }
  });
  lines.push(
    { date, description: 'EFT CREDIT UNKNOWN PAYER', reference: 'INV 2291', amountMinor: 250_000n },
    { date, description: 'MONTHLY ACCOUNT FEE', reference: '', amountMinor: -6_500n },
  );
  return buildStatementCsv(lines, 125_000_000n);
}

export const DEMO_STATEMENT_FILE = 'demo-bank-statement.csv';

/**
 * Writes the demo statement to `DATA_DIR/demo-bank-statement.csv` (for the demo seed, after the
 * console queues are seeded: the README points staff at it) and returns its path.
 */
export async function writeDemoStatementFile(ctx: AppContext) {
  const file = path.join(ctx.config.dataDir, DEMO_STATEMENT_FILE);
  await mkdir(ctx.config.dataDir, { recursive: true });
  await writeFile(file, await demoStatementCsv(ctx));
  return file;
}
