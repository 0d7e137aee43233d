import { ErrorCode } from '@imali/contract';
import { formatMinor } from '@imali/money';
import type { AppContext } from '../../lib/context';
import { DAY_MS, saDateTimeText, saDayStartOfDate } from '../../lib/sa-time';
import { DomainError } from '../../plugins/errors';
import * as repo from './ledger.repository';
import { ownAccount } from './ledger.service';

function dayStart(date: string): Date {
  const start = saDayStartOfDate(date);
  if (!start) throw new DomainError(ErrorCode.InvalidInput, 'Invalid date format.', 400);
  return start;
}

/** A CSV field: quoted when needed; text that a spreadsheet would run as a formula is defused. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The account's statement for [from, to] (dates inclusive, SAST). The first line carries the
 * opening balance; each following line is one posting, and the running balance of the last line is
 * the balance at the end of the range (today: the account balance).
 */
export async function statementCsv(
  ctx: AppContext,
  clientId: number,
  accountId: number,
  range: { from?: string; to?: string },
): Promise<{ csv: string; filename: string }> {
  const account = await ownAccount(ctx, clientId, accountId);
  const from = range.from ? dayStart(range.from) : new Date(0);
  const to = range.to ? new Date(dayStart(range.to).getTime() + DAY_MS) : new Date('9999-12-31T00:00:00Z');
  if (from >= to)
    throw new DomainError(ErrorCode.InvalidInput, 'The start date must not be after the end date.', 400);
  const opening = await repo.sumPostingsBefore(ctx.db, account.id, from);
  const lines = await repo.postingsBetween(ctx.db, account.id, from, to);
  const c = account.currency;
  const out = [['date', 'description', 'reference', 'debit', 'credit', 'balance'].join(',')];
  out.push(['', 'Opening balance', '', '', '', formatMinor(opening, c)].map(field).join(','));
  let running = opening;
  for (const line of lines) {
    running += line.amountMinor;
    out.push(
      [
        saDateTimeText(line.createdAt),
        line.description,
        line.reference,
        line.amountMinor < 0n ? formatMinor(-line.amountMinor, c) : '',
        line.amountMinor > 0n ? formatMinor(line.amountMinor, c) : '',
        formatMinor(running, c),
      ]
        .map(field)
        .join(','),
    );
  }
  const filename = `statement-${account.currency}-${account.id}-${range.from ?? 'start'}-${range.to ?? 'now'}.csv`;
  return { csv: `${out.join('\r\n')}\r\n`, filename };
}
