import { describe, expect, it } from 'vitest';
import { buildStatementCsv } from './demo-statement';
import { depositReferenceOf, parseStatementCsv, StatementFormatError } from './statement-csv';

const HEADER = 'date,description,reference,amount,balance';

function problemsOf(csv: string | Buffer) {
  try {
    parseStatementCsv(csv);
  } catch (error) {
    if (error instanceof StatementFormatError) return error.problems;
    throw error;
  }
  throw new Error('parsed without a problem');
}

describe('bank statement CSV', () => {
  it('reads a good file: signed amounts in minor units, the running balance, totals, a stable hash', () => {
    const csv = [
      HEADER,
      '2026-11-27,EFT CREDIT THANDI NKOSI,DEP-7K3M9Q2XRT,1500.00,11500.00',
      '2026-11-27,"FNB APP PAYMENT FROM SMITH, J",DEP7K3M9Q2XRA,2000.50,13500.50',
      '2026-11-28,MONTHLY ACCOUNT FEE,,-65.00,13435.50',
      '',
    ].join('\r\n');
    const parsed = parseStatementCsv(csv);
    expect(parsed.currency).toBe('ZAR');
    expect(
      parsed.lines.map((l) => [l.lineNo, l.postedOn, l.reference, l.amountMinor, l.balanceMinor]),
    ).toEqual([
      [2, '2026-11-27', 'DEP-7K3M9Q2XRT', 150000n, 1150000n],
      [3, '2026-11-27', 'DEP7K3M9Q2XRA', 200050n, 1350050n],
      [4, '2026-11-28', '', -6500n, 1343550n],
    ]);
    expect(parsed.lines[1]!.description).toBe('FNB APP PAYMENT FROM SMITH, J');
    expect(parsed.creditTotalMinor).toBe(350050n);
    expect(parsed.debitTotalMinor).toBe(-6500n);
    expect([parsed.firstDate, parsed.lastDate]).toEqual(['2026-11-27', '2026-11-28']);
    expect(parsed.fileSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(parseStatementCsv(Buffer.from(csv)).fileSha256).toBe(parsed.fileSha256);
    // A byte-order mark (spreadsheet exports write one) is not part of the header.
    expect(parseStatementCsv(`\uFEFF${csv}`).lines).toHaveLength(3);
  });

  it('reports every bad line with its line number and returns nothing', () => {
    const csv = [
      HEADER,
      '2026-11-27,OK,DEP-7K3M9Q2XRT,1500.00,1500.00', // 2 good
      '2026-02-30,BAD DATE,X,10.00,1510.00', // 3
      '27/11/2026,BAD DATE FORMAT,X,10.00,1520.00', // 4
      '2026-11-27,NO CENTS,X,1500,3020.00', // 5
      '2026-11-27,COMMA,X,"1,500.00",4520.00', // 6
      '2026-11-27,THREE DECIMALS,X,10.001,4530.00', // 7
      '2026-11-27,CURRENCY SIGN,X,R10.00,4540.00', // 8
      '2026-11-27,ZERO,X,0.00,4540.00', // 9
      '2026-11-27,TOO FEW,X,10.00', // 10
      '2026-11-27,TOO,MANY,10.00,4550.00,1', // 11
      '', // 12 blank
      '2026-11-28,GOOD AGAIN,Y,10.00,4560.00', // 13
      '2026-11-28,WRONG BALANCE,Y,10.00,9999.00', // 14
      '2026-11-27,EARLIER DATE,Y,10.00,10009.00', // 15
      '2026-11-28, PADDED,Y,10.00,10019.00', // 16
      `2026-11-28,${'L'.repeat(201)},Y,10.00,10029.00`, // 17
    ].join('\n');
    const problems = problemsOf(csv);
    expect(problems.map((p) => p.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17]);
    const at = (line: number) => problems.filter((p) => p.line === line).map((p) => p.message);
    expect(at(3)).toEqual(['Date "2026-02-30" is not a date like 2026-11-28.']);
    expect(at(5)).toEqual(['Amount "1500" must be like 1500.00 or -250.00.']);
    expect(at(6)).toEqual(['Amount "1,500.00" must be like 1500.00 or -250.00.']);
    expect(at(9)).toEqual(['Amount is zero.']);
    expect(at(10)).toEqual(['Expected 5 fields, found 4.']);
    expect(at(11)).toEqual(['Expected 5 fields, found 6.']);
    expect(at(12)).toEqual(['Blank line.']);
    expect(at(14)).toEqual(['Balance 9999.00 is not the balance above plus the amount 10.00.']);
    expect(at(15)).toEqual(['Date 2026-11-27 is before the line above (oldest first).']);
    expect(at(16)).toEqual(['Description has spaces at its start or end.']);
    expect(at(17)).toEqual(['Description is longer than 200 characters.']);
    expect(() => parseStatementCsv(csv)).toThrow(/^The statement was not imported: line 3: Date/);
  });

  it('refuses the same bank line twice in one file, naming the first', () => {
    // Only a zero amount could repeat date, reference, amount and balance with a running balance;
    // a file that repeats a line with its balance broken is caught by both checks.
    const csv = [HEADER, '2026-11-27,A,R1,10.00,10.00', '2026-11-27,A,R1,10.00,10.00'].join('\n');
    expect(problemsOf(csv)).toEqual([
      { line: 3, message: 'Balance 10.00 is not the balance above plus the amount 10.00.' },
    ]);
  });

  it('refuses a wrong header, an empty file, a file of only a header, broken quoting and non-UTF-8 bytes', () => {
    expect(problemsOf('Date,Description,Reference,Amount,Balance\n2026-11-27,A,B,1.00,1.00')).toEqual([
      { line: 1, message: 'The first line must be the header "date,description,reference,amount,balance".' },
    ]);
    expect(problemsOf('')).toEqual([{ line: 0, message: 'The file is empty.' }]);
    expect(problemsOf(`${HEADER}\n`)).toEqual([{ line: 0, message: 'The statement has no lines.' }]);
    const quote = problemsOf(`${HEADER}\n2026-11-27,A,B,1.00,1.00\n2026-11-27,"OPEN,B,1.00,2.00\n`);
    expect(quote).toHaveLength(1);
    expect(quote[0]!.message).toMatch(/^The file is not valid CSV/);
    expect(
      problemsOf(
        Buffer.from([...Buffer.from(`${HEADER}\n2026-11-27,CAF`), 0xe9, ...Buffer.from(',B,1.00,1.00')]),
      ),
    ).toEqual([{ line: 0, message: 'The file is not UTF-8 text.' }]);
  });

  it('reads the deposit reference as banks print it: upper-cased, with or without the hyphen, or in the description', () => {
    expect(depositReferenceOf('DEP-7K3M9Q2XRT', '')).toBe('DEP-7K3M9Q2XRT');
    expect(depositReferenceOf('dep 7k3m9q2xrt', '')).toBe('DEP-7K3M9Q2XRT');
    expect(depositReferenceOf('DEP7K3M9Q2XRT', 'ANYTHING')).toBe('DEP-7K3M9Q2XRT');
    expect(depositReferenceOf('', 'INTERNET TRF DEP7K3M9Q2XRT THANDI')).toBe('DEP-7K3M9Q2XRT');
    expect(depositReferenceOf('INV 2291', 'EFT CREDIT UNKNOWN PAYER')).toBeUndefined();
    expect(depositReferenceOf('DEP-7K3M9', '')).toBeUndefined();
  });

  it('writes what it reads: a built statement parses back to its lines', () => {
    const csv = buildStatementCsv(
      [
        {
          date: '2026-11-27',
          description: 'EFT CREDIT "QUOTED", NAME',
          reference: 'DEP-7K3M9Q2XRT',
          amountMinor: 150000n,
        },
        { date: '2026-11-28', description: 'FEE', reference: '', amountMinor: -6500n },
      ],
      -1000n,
    );
    const parsed = parseStatementCsv(csv);
    expect(parsed.lines.map((l) => [l.description, l.amountMinor, l.balanceMinor])).toEqual([
      ['EFT CREDIT "QUOTED", NAME', 150000n, 149000n],
      ['FEE', -6500n, 142500n],
    ]);
  });
});
