import { createHash } from 'node:crypto';
import { CsvError, parse } from 'csv-parse/sync';
import { parseAmount, type Currency } from '@imali/money';

/**
 * The bank statement CSV (decision 0059, README "Statement format"): UTF-8, one header row
 * `date,description,reference,amount,balance`, then one row per bank line, oldest first. Pure: no
 * database; the service adds what needs one (a file imported before, a line of another statement).
 */
export const STATEMENT_HEADER = ['date', 'description', 'reference', 'amount', 'balance'] as const;
/** The trust account the statements are of is a rand account. */
export const STATEMENT_CURRENCY: Currency = 'ZAR';
/** A month of a busy trust account fits many times over; more is a wrong file. */
export const MAX_STATEMENT_LINES = 10_000;
export const MAX_STATEMENT_BYTES = 2 * 1024 * 1024;
const MAX_TEXT = 200;
/** How many bad lines an error names (a wrong file would otherwise list thousands). */
export const MAX_REPORTED_PROBLEMS = 50;

export interface StatementProblem {
  /** The line of the file (the header is line 1); 0 for the file as a whole. */
  line: number;
  message: string;
}

export class StatementFormatError extends Error {
  constructor(readonly problems: StatementProblem[]) {
    super(
      `The statement was not imported: ${problems
        .map((p) => (p.line ? `line ${p.line}: ${p.message}` : p.message))
        .join('; ')}`,
    );
    this.name = 'StatementFormatError';
  }
}

export interface ParsedStatementLine {
  lineNo: number;
  postedOn: string;
  description: string;
  reference: string;
  amountMinor: bigint;
  balanceMinor: bigint;
  bankLineKey: string;
}

export interface ParsedStatement {
  fileSha256: string;
  currency: Currency;
  lines: ParsedStatementLine[];
  creditTotalMinor: bigint;
  debitTotalMinor: bigint;
  firstDate: string;
  lastDate: string;
}

// Exactly two decimals, an optional leading minus, nothing else: '1500.00', '-250.00'. A bank
// export with '1 500,00', 'R1500' or '1500' is a wrong export setting, refused rather than guessed.
const AMOUNT = /^-?\d{1,15}\.\d{2}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function money(text: string, currency: Currency, allowZero: boolean): bigint {
  // The pattern has already refused everything parseAmount would take that a statement must not.
  return parseAmount(text, currency, { allowNegative: true, allowZero });
}

/** The bank line's identity across statements: same day, reference, amount and running balance. */
export function bankLineKey(postedOn: string, reference: string, amountMinor: bigint, balanceMinor: bigint) {
  return createHash('sha256').update(`${postedOn}|${reference}|${amountMinor}|${balanceMinor}`).digest('hex');
}

export function sha256Hex(bytes: Buffer | string) {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Parses and checks a whole statement. Every bad line is reported with its line number (at most
 * MAX_REPORTED_PROBLEMS of them) and nothing is returned when any line is bad: a statement is
 * imported whole or not at all.
 */
export function parseStatementCsv(file: Buffer | string): ParsedStatement {
  const bytes = typeof file === 'string' ? Buffer.from(file, 'utf8') : file;
  if (bytes.length === 0) throw new StatementFormatError([{ line: 0, message: 'The file is empty.' }]);
  if (bytes.length > MAX_STATEMENT_BYTES) {
    throw new StatementFormatError([{ line: 0, message: 'The file is larger than 2 MB.' }]);
  }
  // Strict UTF-8: a Windows-1252 export would turn names into replacement characters silently.
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new StatementFormatError([{ line: 0, message: 'The file is not UTF-8 text.' }]);
  }

  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      // Column counts and blank lines are checked below, per line, so each is reported with its
      // number instead of the parser stopping at the first.
      relax_column_count: true,
      skip_empty_lines: false,
      trim: false,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 0;
      throw new StatementFormatError([{ line, message: `The file is not valid CSV (${error.code}).` }]);
    }
    throw error;
  }

  const problems: StatementProblem[] = [];
  const [header, ...rows] = records;
  if (!header || header.record.join(',') !== STATEMENT_HEADER.join(',')) {
    throw new StatementFormatError([
      { line: 1, message: `The first line must be the header "${STATEMENT_HEADER.join(',')}".` },
    ]);
  }
  if (rows.length === 0) {
    throw new StatementFormatError([{ line: 0, message: 'The statement has no lines.' }]);
  }
  if (rows.length > MAX_STATEMENT_LINES) {
    throw new StatementFormatError([
      { line: 0, message: `A statement has at most ${MAX_STATEMENT_LINES} lines.` },
    ]);
  }

  const currency = STATEMENT_CURRENCY;
  const lines: ParsedStatementLine[] = [];
  const seen = new Map<string, number>();
  let previous: { date: string; balanceMinor: bigint } | undefined;
  for (const { record, info } of rows) {
    const lineNo = info.lines;
    const bad = (message: string) => problems.push({ line: lineNo, message });
    if (record.length === 1 && record[0] === '') {
      bad('Blank line.');
      previous = undefined;
      continue;
    }
    if (record.length !== STATEMENT_HEADER.length) {
      bad(`Expected ${STATEMENT_HEADER.length} fields, found ${record.length}.`);
      previous = undefined;
      continue;
    }
    const [date, description, reference, amountText, balanceText] = record as [
      string,
      string,
      string,
      string,
      string,
    ];
    const before = problems.length;
    if (!validDate(date)) bad(`Date "${date}" is not a date like 2026-11-28.`);
    else if (previous && date < previous.date) bad(`Date ${date} is before the line above (oldest first).`);
    for (const [name, value] of [
      ['Description', description],
      ['Reference', reference],
    ] as const) {
      if (value !== value.trim()) bad(`${name} has spaces at its start or end.`);
      if (value.length > MAX_TEXT) bad(`${name} is longer than ${MAX_TEXT} characters.`);
      if (/[\r\n]/.test(value)) bad(`${name} spans more than one line.`);
    }
    let amountMinor: bigint | undefined;
    let balanceMinor: bigint | undefined;
    if (!AMOUNT.test(amountText)) bad(`Amount "${amountText}" must be like 1500.00 or -250.00.`);
    else {
      amountMinor = money(amountText, currency, true);
      if (amountMinor === 0n) bad('Amount is zero.');
    }
    if (!AMOUNT.test(balanceText)) bad(`Balance "${balanceText}" must be like 1500.00 or -250.00.`);
    else balanceMinor = money(balanceText, currency, true);
    if (
      amountMinor !== undefined &&
      balanceMinor !== undefined &&
      previous &&
      previous.balanceMinor + amountMinor !== balanceMinor
    ) {
      // The running balance proves no line between two others was dropped or edited.
      bad(`Balance ${balanceText} is not the balance above plus the amount ${amountText}.`);
    }
    if (problems.length > before || amountMinor === undefined || balanceMinor === undefined) {
      previous = balanceMinor !== undefined && validDate(date) ? { date, balanceMinor } : undefined;
      continue;
    }
    const key = bankLineKey(date, reference, amountMinor, balanceMinor);
    const first = seen.get(key);
    if (first !== undefined) {
      bad(`The same bank line as line ${first}.`);
      continue;
    }
    seen.set(key, lineNo);
    lines.push({
      lineNo,
      postedOn: date,
      description,
      reference,
      amountMinor,
      balanceMinor,
      bankLineKey: key,
    });
    previous = { date, balanceMinor };
  }
  if (problems.length > 0) throw new StatementFormatError(problems.slice(0, MAX_REPORTED_PROBLEMS));

  let creditTotalMinor = 0n;
  let debitTotalMinor = 0n;
  for (const line of lines) {
    if (line.amountMinor > 0n) creditTotalMinor += line.amountMinor;
    else debitTotalMinor += line.amountMinor;
  }
  return {
    fileSha256: sha256Hex(bytes),
    currency,
    lines,
    creditTotalMinor,
    debitTotalMinor,
    firstDate: lines[0]!.postedOn,
    lastDate: lines[lines.length - 1]!.postedOn,
  };
}

/** 'DEP-7K3M9Q2XRT' as a bank prints it: upper case, no separators. */
const DEPOSIT_REFERENCE = /DEP([0-9ABCDEFGHJKMNPQRSTVWXYZ]{10})/;

/**
 * The deposit reference (as the client sees it, 'DEP-…') a bank line carries: banks upper-case
 * references and drop or change the hyphen, and some print the payer's reference only in the
 * description; the reference column is read first.
 */
export function depositReferenceOf(reference: string, description: string): string | undefined {
  for (const field of [reference, description]) {
    const match = DEPOSIT_REFERENCE.exec(field.toUpperCase().replace(/[^0-9A-Z]/g, ''));
    if (match) return `DEP-${match[1]}`;
  }
  return undefined;
}
