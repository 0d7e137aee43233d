// @vitest-environment happy-dom
import type { FeeScheduleJson, FeesChangePayload, LimitsChangePayload, MoneyLimitRow } from '@imali/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PayloadView } from './payload-view';

afterEach(cleanup);
const textOf = (el: Element) => (el.textContent ?? '').replace(/\s/g, ' ');
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => textOf(cell)));

const ZA: FeeScheduleJson = {
  country: 'ZA',
  version: 'ZA-2026-11',
  currency: 'ZAR',
  currencyExponent: 2,
  vatRate: '0.15',
  vatLabel: 'VAT',
  lines: [
    {
      code: 'brokerage',
      label: 'Brokerage',
      receiptBucket: 'brokerage',
      rate: '0.0025',
      base: 'consideration',
      side: 'both',
      minimumMinor: '1',
      rounding: { mode: 'HALF_UP', toMinor: 1 },
      vatApplies: true,
    },
    {
      code: 'stt',
      label: 'Securities Transfer Tax (STT)',
      receiptBucket: 'stt',
      rate: '0.0025',
      base: 'consideration',
      side: 'buy',
      rounding: { mode: 'HALF_UP', toMinor: 1 },
      vatApplies: false,
    },
  ],
};

const feesPayload = (schedule: FeeScheduleJson): FeesChangePayload => ({
  country: 'ZA',
  version: 'ZA-202612011000',
  baseVersion: 'ZA-2026-11',
  effectiveFrom: '2026-12-01T08:00:00.000Z',
  schedule,
  before: ZA,
  summary: 'ZA brokerage rate: 0.0025 → 0.003',
});

const limitRow = (currency: MoneyLimitRow['currency'], over: Partial<MoneyLimitRow> = {}): MoneyLimitRow => ({
  currency,
  minDeposit: currency === 'ZAR' ? '1000.00' : '50.00',
  minWithdrawal: '25.00',
  dailyWithdrawalCap: currency === 'ZAR' ? '100000.00' : null,
  ...over,
});
const CURRENCIES = ['ZAR', 'USD', 'EUR', 'GBP', 'INR'] as const;

describe('a fees.change payload', () => {
  it('shows the country, the effective time and each changed line from → to in % and money, not JSON', () => {
    const proposed: FeeScheduleJson = {
      ...ZA,
      version: 'ZA-202612011000',
      vatRate: '0.16',
      lines: [{ ...ZA.lines[0]!, rate: '0.003', minimumMinor: '500' }, ZA.lines[1]!],
    };
    render(<PayloadView action="fees.change" payload={feesPayload(proposed)} />);
    const changes = screen.getByRole('table', { name: 'Fee changes' });
    expect(rowsOf(changes)).toEqual([
      ['VAT', 'rate', '15%', '16%'],
      ['Brokerage', 'rate', '0.25%', '0.3%'],
      ['Brokerage', 'minimum', 'ZAR 0.01', 'ZAR 5.00'],
    ]);
    const box = changes.parentElement!;
    expect(textOf(box)).toMatch(/CountryZA/);
    expect(textOf(box)).toMatch(/VersionZA-2026-11 → ZA-202612011000/);
    // The effective time as the fees section writes it (en-ZA, the browser's time zone).
    const when = new Date('2026-12-01T08:00:00.000Z').toLocaleString('en-ZA', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(textOf(box)).toContain(`Effective from${when.replace(/\s/g, ' ')}`);
    // The schedules themselves are not dumped.
    expect(textOf(box)).not.toMatch(/receiptBucket|"rate"|\{/);
  });

  it('names a line added or removed in one phrase', () => {
    const added = {
      ...ZA.lines[1]!,
      code: 'levy',
      label: 'Investor protection levy',
      rate: '0.000002',
      side: 'sell' as const,
      minimumMinor: '100',
    };
    const proposed: FeeScheduleJson = { ...ZA, lines: [ZA.lines[0]!, added] };
    render(<PayloadView action="fees.change" payload={feesPayload(proposed)} />);
    expect(rowsOf(screen.getByRole('table', { name: 'Fee changes' }))).toEqual([
      ['Securities Transfer Tax (STT)', 'removed', '0.25% on buys', '—'],
      ['Investor protection levy', 'new fee', '—', '0.0002% on sales, minimum ZAR 1.00'],
    ]);
  });
});

describe('a limits.change payload', () => {
  it('shows each limit that changes from → to as money in its currency, and when', () => {
    const payload: LimitsChangePayload = {
      baseVersion: 3,
      effectiveFrom: null,
      before: CURRENCIES.map((c) => limitRow(c)),
      limits: CURRENCIES.map((c) =>
        c === 'ZAR'
          ? limitRow(c, { minDeposit: '500.00', dailyWithdrawalCap: null })
          : c === 'USD'
            ? limitRow(c, { dailyWithdrawalCap: '5000.00' })
            : limitRow(c),
      ),
      summary: 'ZAR minimum deposit: 1000.00 → 500.00; …',
    };
    render(<PayloadView action="limits.change" payload={payload} />);
    const changes = screen.getByRole('table', { name: 'Limit changes' });
    expect(rowsOf(changes)).toEqual([
      ['ZAR', 'Minimum deposit', 'ZAR 1,000.00', 'ZAR 500.00'],
      ['ZAR', 'Daily withdrawal cap', 'ZAR 100,000.00', 'no cap'],
      ['USD', 'Daily withdrawal cap', 'no cap', '$5,000.00'],
    ]);
    const box = changes.parentElement!;
    expect(textOf(box)).toMatch(/Effective fromas soon as approved/);
    expect(textOf(box)).toMatch(/Version3 → 4/);
  });
});

describe('other payloads', () => {
  it('are shown field by field, amounts in minor units as money', () => {
    render(
      <PayloadView
        action="withdrawal.pay"
        payload={{ withdrawalId: 7, currency: 'ZAR', amountMinor: '7500000', paymentReference: 'FNB-991' }}
      />,
    );
    const text = textOf(screen.getByText('Withdrawal id').parentElement!.parentElement!);
    expect(text).toMatch(/Withdrawal id7AmountZAR 75,000\.00CurrencyZARPayment referenceFNB-991/);
  });

  it('a fees.change of an unexpected shape falls back to its fields, nothing hidden', () => {
    render(<PayloadView action="fees.change" payload={{ country: 'ZA', note: 'old shape' }} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('old shape')).toBeTruthy();
  });
});
