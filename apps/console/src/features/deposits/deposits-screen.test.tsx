// @vitest-environment happy-dom
import type { BankStatementDetail, BankStatementLine, StaffDeposit } from '@imali/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { opsError, stubOpsNetwork } from '../../test/ops-network';
import { renderConsole, staffMe } from '../../test/render';
import { statementProblems } from './deposits-api';

const net = stubOpsNetwork();
afterEach(cleanup);
/** What a row reads, with Intl's no-break spaces as plain ones. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s+/g, ' ');

const deposit = (
  id: number,
  reference: string,
  amount: string,
  extra: Partial<StaffDeposit> = {},
): StaffDeposit => ({
  id,
  reference,
  clientId: 7,
  clientName: 'Thandi Demo',
  clientMobile: '612345678',
  accountId: 70,
  currency: 'ZAR',
  amount,
  status: 'pending',
  proofFileId: `proof-${id}`,
  proofUrl: `/ops/v1/files/proof-${id}`,
  createdAt: '2026-11-27T08:00:00.000Z',
  ageSeconds: 7200,
  ...extra,
});

const FIRST = deposit(11, 'DEP-7K3M9Q2XRT', '5000.00');
const SECOND = deposit(12, 'DEP-8P4N2W6YHA', '12500.00', { ageSeconds: 600 });
const ELSEWHERE = deposit(13, 'DEP-9Q5R3T7ZJB', '800.00', {
  clientName: 'Sipho Dlamini',
  clientMobile: '698765432',
});

const line = (lineNo: number, fields: Partial<BankStatementLine>): BankStatementLine => ({
  id: 100 + lineNo,
  statementId: 3,
  lineNo,
  date: '2026-11-27',
  description: 'EFT CREDIT',
  reference: '',
  amount: '0.00',
  balance: '0.00',
  status: 'open',
  duplicateOfLineId: null,
  depositReference: null,
  match: 'no_match',
  deposit: null,
  confirmedAt: null,
  confirmedBy: null,
  ...fields,
});

const MATCH_LINE = line(2, {
  description: 'EFT CREDIT THANDI DEMO',
  reference: 'DEP-7K3M9Q2XRT',
  amount: '5000.00',
  balance: '105000.00',
  depositReference: 'DEP-7K3M9Q2XRT',
  match: 'match',
  deposit: FIRST,
});

const STATEMENT: BankStatementDetail = {
  id: 3,
  fileName: 'fnb-2026-11-27.csv',
  fileSha256: 'a'.repeat(64),
  currency: 'ZAR',
  lineCount: 4,
  creditTotal: '5300.00',
  debitTotal: '-65.00',
  firstDate: '2026-11-27',
  lastDate: '2026-11-28',
  importedAt: '2026-11-28T09:00:00.000Z',
  importedBy: 'staff:4',
  counts: { match: 1, amountMismatch: 0, noMatch: 1, confirmed: 0, duplicate: 0 },
  lines: [
    MATCH_LINE,
    line(3, { description: 'PAYMENT FROM UNKNOWN', amount: '300.00', balance: '105300.00' }),
    line(4, {
      description: 'MONTHLY ACCOUNT FEE',
      amount: '-65.00',
      balance: '105235.00',
      match: 'debit',
      date: '2026-11-28',
    }),
  ],
  depositsWithoutLine: [SECOND],
};
const { lines: _lines, depositsWithoutLine: _without, ...SUMMARY } = STATEMENT;

describe('deposits', () => {
  beforeEach(() => {
    net.on('me', () => staffMe(['payments_maker']));
    net.on('deposits', () => [FIRST, SECOND, ELSEWHERE]);
    net.on('statements', () => []);
  });

  it('lists pending deposits with amount, reference, age and proof; j/k and Enter open one with its proof image', async () => {
    renderConsole('/deposits');
    const user = userEvent.setup();
    const list = await screen.findByRole('listbox', { name: 'Pending deposits' });
    const rows = within(list).getAllByRole('option');
    expect(rows).toHaveLength(3);
    expect(text(rows[0]!)).toContain('Thandi Demo');
    expect(text(rows[0]!)).toContain('ZAR 5,000.00');
    expect(text(rows[0]!)).toContain('DEP-7K3M9Q2XRT');
    expect(text(rows[0]!)).toContain('2 h');
    expect(text(rows[1]!)).toContain('ZAR 12,500.00');
    expect(text(rows[1]!)).toContain('10 min');
    expect(within(rows[0]!).getByRole('img').getAttribute('src')).toBe('/ops/v1/files/proof-11');

    list.focus();
    await user.keyboard('jj{ArrowUp}{Enter}');
    const detail = await screen.findByRole('article', { name: /Deposit DEP-8P4N2W6YHA/ });
    const proof = within(detail).getByRole('img', { name: 'Proof of payment for DEP-8P4N2W6YHA' });
    expect(proof.getAttribute('src')).toBe('/ops/v1/files/proof-12');
    expect(within(detail).getByRole('link', { name: 'Open full size' }).getAttribute('href')).toBe(
      '/ops/v1/files/proof-12',
    );
  });

  it('a proof the browser cannot show as an image (a PDF) becomes a link to open it', async () => {
    renderConsole('/deposits');
    const user = userEvent.setup();
    await user.click(await screen.findByText('DEP-9Q5R3T7ZJB'));
    const detail = await screen.findByRole('article', { name: /Deposit DEP-9Q5R3T7ZJB/ });
    fireEvent.error(within(detail).getByRole('img', { name: 'Proof of payment for DEP-9Q5R3T7ZJB' }));
    const link = await within(detail).findByRole('link', {
      name: 'Open the proof of payment for DEP-9Q5R3T7ZJB (PDF)',
    });
    expect(link.getAttribute('href')).toBe('/ops/v1/files/proof-13');
    expect(within(detail).queryByRole('img')).toBeNull();
  });

  it('rejects a deposit only with a reason', async () => {
    net.on('depositReject', () => ({ ...SECOND, status: 'rejected' }));
    renderConsole('/deposits');
    const user = userEvent.setup();
    await user.click(await screen.findByText('DEP-8P4N2W6YHA'));
    const detail = await screen.findByRole('article', { name: /Deposit DEP-8P4N2W6YHA/ });
    await user.click(within(detail).getByRole('button', { name: 'Reject deposit' }));
    expect(within(detail).getByText('A reason is required.')).toBeTruthy();
    expect(net.calls('depositReject')).toHaveLength(0);
    await user.type(
      within(detail).getByLabelText(/Reason for rejecting/),
      'No payment arrived after 30 days.',
    );
    await user.click(within(detail).getByRole('button', { name: 'Reject deposit' }));
    await waitFor(() => expect(net.calls('depositReject')).toHaveLength(1));
    expect(net.calls('depositReject')[0]!.params.id).toBe('12');
    expect(net.calls('depositReject')[0]!.body).toEqual({ reason: 'No payment arrived after 30 days.' });
  });

  it('an import the server refuses lists each bad line; a second import of the same file shows the 409', async () => {
    net.on('statementImport', ({ body }) =>
      (body as { csv: string }).csv.includes('1 500,00')
        ? opsError(
            400,
            'INVALID_INPUT',
            'The statement was not imported: line 2: amount "1 500,00" is not rands with two decimals (1500.00); line 4: balance 900.00 is not the balance above plus the amount (1000.00)',
          )
        : opsError(409, 'CONFLICT', 'This statement file was already imported (statement 3).'),
    );
    renderConsole('/deposits');
    const user = userEvent.setup();
    const input = await screen.findByLabelText(/Statement file/);
    await user.click(screen.getByRole('button', { name: 'Import statement' }));
    expect(screen.getByText('Choose a statement file.')).toBeTruthy();

    const bad = 'date,description,reference,amount,balance\n2026-11-27,X,DEP-1,1 500,00,1\n';
    await user.upload(input, new File([bad], 'bad.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import statement' }));
    const problems = await screen.findByRole('list', { name: 'Problems in the statement' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'line 2: amount "1 500,00" is not rands with two decimals (1500.00)',
      'line 4: balance 900.00 is not the balance above plus the amount (1000.00)',
    ]);
    expect(screen.getByText(/Nothing was changed/)).toBeTruthy();
    expect(net.calls('statementImport')[0]!.body).toEqual({ csv: bad, fileName: 'bad.csv' });

    await user.upload(input, new File(['date,description,reference,amount,balance\n'], 'again.csv'));
    await user.click(screen.getByRole('button', { name: 'Import statement' }));
    expect(
      await screen.findByText('Not imported: This statement file was already imported (statement 3).'),
    ).toBeTruthy();
  });

  it('an imported statement shows the match with the statement line, the reference and the proof side by side; confirm credits it', async () => {
    let confirmed = false;
    const confirmedLine: BankStatementLine = {
      ...MATCH_LINE,
      status: 'confirmed',
      match: 'confirmed',
      deposit: { ...FIRST, status: 'confirmed' },
      confirmedAt: '2026-11-28T09:05:00.000Z',
      confirmedBy: 'staff:4',
    };
    net.on('statementImport', () => STATEMENT);
    net.on('statements', () => (confirmed ? [SUMMARY] : []));
    net.on('statement', () =>
      confirmed
        ? {
            ...STATEMENT,
            counts: { ...STATEMENT.counts, match: 0, confirmed: 1 },
            lines: [confirmedLine, ...STATEMENT.lines.slice(1)],
          }
        : STATEMENT,
    );
    net.on('lineConfirm', () => {
      confirmed = true;
      return { line: confirmedLine, deposit: { ...FIRST, status: 'confirmed' }, entryId: 501 };
    });
    renderConsole('/deposits');
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText(/Statement file/),
      new File(['date,description,reference,amount,balance\n'], 'fnb-2026-11-27.csv'),
    );
    await user.click(screen.getByRole('button', { name: 'Import statement' }));
    expect(await screen.findByText('Statement 3 imported: 4 lines, 1 to confirm.')).toBeTruthy();

    const card = await screen.findByRole('article', { name: 'Match: line 2, deposit DEP-7K3M9Q2XRT' });
    expect(within(card).getByText('EFT CREDIT THANDI DEMO')).toBeTruthy();
    expect(within(card).getAllByText('DEP-7K3M9Q2XRT')).toHaveLength(2);
    expect(within(card).getAllByText('ZAR 5,000.00')).toHaveLength(2);
    expect(
      within(card).getByRole('img', { name: 'Proof of payment for DEP-7K3M9Q2XRT' }).getAttribute('src'),
    ).toBe('/ops/v1/files/proof-11');

    const unmatched = screen.getByRole('table', { name: /Unmatched lines/ });
    expect(within(unmatched).getByText('PAYMENT FROM UNKNOWN')).toBeTruthy();
    expect(within(unmatched).getByText('no match')).toBeTruthy();
    const other = screen.getByRole('table', { name: /Debits and duplicates/ });
    expect(within(other).getByText('MONTHLY ACCOUNT FEE')).toBeTruthy();
    expect(within(other).getByText('debit')).toBeTruthy();
    const without = screen.getByRole('table', { name: /Pending deposits without a line/ });
    expect(within(without).getByText('DEP-8P4N2W6YHA')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Confirm DEP-7K3M9Q2XRT' }));
    expect(
      await screen.findByText(
        'Line 2 confirmed: ZAR 5,000.00 credited to Thandi Demo (deposit DEP-7K3M9Q2XRT).',
      ),
    ).toBeTruthy();
    expect(net.calls('lineConfirm')[0]!.params.lineId).toBe('102');
    expect(net.calls('lineConfirm')[0]!.body).toEqual({ depositId: 11 });
    const done = await screen.findByRole('table', { name: /Confirmed \(1\)/ });
    expect(within(done).getByText('confirmed')).toBeTruthy();
    expect(screen.queryByRole('article', { name: /Match: line 2/ })).toBeNull();
  });

  it('a second confirmation (409) is shown clearly', async () => {
    net.on('statements', () => [SUMMARY]);
    net.on('statement', () => STATEMENT);
    net.on('lineConfirm', () => opsError(409, 'CONFLICT', 'This statement line is already confirmed.'));
    renderConsole('/deposits');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: /Match: line 2/ });
    await user.click(within(card).getByRole('button', { name: 'Confirm DEP-7K3M9Q2XRT' }));
    const alert = await screen.findByText(
      'Line 2 was not confirmed: This statement line is already confirmed.',
    );
    expect(alert.closest('[role="alert"]')).toBeTruthy();
  });

  it('without deposits.confirm and deposits.reconcile (support) there is no import, reject or confirm', async () => {
    net.on('me', () => staffMe(['support']));
    net.on('statements', () => [SUMMARY]);
    net.on('statement', () => STATEMENT);
    renderConsole('/deposits');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: /Match: line 2/ });
    expect(within(card).getByRole('img', { name: /Proof of payment/ })).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText(/Statement file/)).toBeNull();
    await user.click(screen.getAllByText('DEP-8P4N2W6YHA')[0]!);
    const detail = await screen.findByRole('article', { name: /Deposit DEP-8P4N2W6YHA/ });
    expect(within(detail).queryByRole('button', { name: 'Reject deposit' })).toBeNull();
  });
});

describe('statementProblems', () => {
  it('splits the server message into one problem per line, and leaves other messages alone', () => {
    expect(statementProblems('The statement was not imported: line 1: the header must be x; y')).toEqual({
      lead: expect.stringContaining('Nothing was changed') as string,
      problems: ['line 1: the header must be x; y'],
    });
    expect(statementProblems('Something else')).toBeNull();
  });
});
