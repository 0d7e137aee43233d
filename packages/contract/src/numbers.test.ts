import { describe, expect, it } from 'vitest';
import { applicationBody, loanFields } from './applications';
import { fundPreviewQuery, fundSubscribeBody } from './funds';
import { ipoPreviewQuery, ipoSubscribeBody } from './ipo';
import { amountString, idParam, rateString, transferBody, withdrawalBody } from './ledger';
import { newsIdParams, newsListQuery, rankingQuery, sparklineQuery } from './market';
import { isPlainDecimal, isPlainInteger, plainIdOf, typedText } from './numbers';
import { statQuery } from './portfolio';
import { previewQuery, quantityString, receiptQuery, sellBody, stockBuyBody } from './trading';

/** Text JavaScript's Number() or z.coerce would read as a number, none of it plain. */
const LENIENT = ['0x10', '+5', ' 10 ', '10 ', ' 10', '1e3', '1_000', '1,000', '١٠', '10.', '.5', '-0', '-5'];
const NOT_NUMBERS = ['Infinity', '-Infinity', 'NaN', '', ' ', '0b11', '0o17', '10\u00a0', '１０'];

describe('plain numbers (numbers.ts)', () => {
  it('isPlainInteger: ASCII digits only, bounded length', () => {
    for (const ok of ['0', '7', '10', '007', '123456789012345']) expect(isPlainInteger(ok), ok).toBe(true);
    for (const bad of [...LENIENT, ...NOT_NUMBERS, '1.5', '1234567890123456'])
      expect(isPlainInteger(bad), bad).toBe(false);
    expect(isPlainInteger(10)).toBe(false);
    expect(isPlainInteger('1234', 3)).toBe(false);
  });

  it('isPlainDecimal: digits, one point with digits on both sides, bounded decimals', () => {
    for (const ok of ['0', '10', '10.5', '10.50', '0.000001']) expect(isPlainDecimal(ok, 6), ok).toBe(true);
    for (const bad of [...LENIENT, ...NOT_NUMBERS, '1.2.3', '1.0000001'])
      expect(isPlainDecimal(bad, 6), bad).toBe(false);
    expect(isPlainDecimal('10.5', 0)).toBe(false);
    expect(isPlainDecimal(10.5, 2)).toBe(false);
  });

  it('plainIdOf: a positive id in plain digits, else undefined', () => {
    expect(plainIdOf('12')).toBe(12);
    for (const bad of ['0', '0x10', ' 12', '+12', '1e3', '١٢', 12])
      expect(plainIdOf(bad), String(bad)).toBe(undefined);
  });

  it('typedText (forms): trims what was typed, then the contract rule', () => {
    expect(typedText(amountString).parse(' 10.50 ')).toBe('10.50');
    expect(typedText(amountString).safeParse(' 0x10 ').success).toBe(false);
  });
});

describe('every number field refuses lenient text with its own message', () => {
  const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.success ? 'accepted' : r.error!.issues[0]!.message;

  it('amounts, quantities, prices, rates and monthly figures (text fields)', () => {
    for (const bad of [...LENIENT, ...NOT_NUMBERS]) {
      expect(issue(amountString.safeParse(bad)), bad).toMatch(
        /^(Enter a valid amount|Amount must not be negative)$/,
      );
      expect(issue(quantityString.safeParse(bad)), bad).toMatch(
        /^(Enter a valid quantity|Enter a quantity)$/,
      );
      expect(issue(rateString.safeParse(bad)), bad).toBe('Enter a valid rate');
      expect(issue(sellBody.safeParse({ ttype: 'standard', price: bad })), bad).toBe('Enter a valid price');
      expect(issue(loanFields.shape.monthly_income.safeParse(bad)), bad).toBe(
        'Enter an amount (0 or more, at most 2 decimals)',
      );
    }
    expect(amountString.parse('10')).toBe('10');
    expect(quantityString.parse('10')).toBe('10');
    expect(sellBody.parse({ ttype: 'standard', price: '652.56' }).price).toBe('652.56');
  });

  it('a JSON number where text is expected is refused', () => {
    expect(issue(amountString.safeParse(10))).toBe('Enter a valid amount');
    expect(issue(quantityString.safeParse(10))).toBe('Enter a valid quantity');
    expect(issue(quantityString.safeParse(undefined))).toBe('Enter a quantity');
    expect(issue(sellBody.safeParse({ ttype: 'standard', price: 652.56 }))).toBe('Enter a valid price');
    expect(issue(rateString.safeParse(0.0542))).toBe('Enter a valid rate');
  });

  it('whole numbers in a body are JSON numbers: text (plain or not), fractions and −0 are refused', () => {
    const loan = {
      type: 'loan',
      account_id: 1,
      amount: '10000',
      term_months: 12,
      purpose: 'Home repairs',
      monthly_income: '20000',
      monthly_expenses: '12000',
    };
    expect(applicationBody.safeParse(loan).success).toBe(true);
    for (const term of ['12', '0x10', '+5', ' 10 ', 12.5, -0, Infinity, NaN, null]) {
      expect(issue(applicationBody.safeParse({ ...loan, term_months: term })), String(term)).toBe(
        'The term is a whole number of months',
      );
    }
    expect(issue(applicationBody.safeParse({ ...loan, term_months: 36 }))).toBe(
      'The term is at most 24 months',
    );
    for (const id of ['1', ' 1', '0x1', 1.5, 0, -1, -0]) {
      expect(issue(applicationBody.safeParse({ ...loan, account_id: id })), String(id)).toBe(
        'Choose an account',
      );
      expect(
        issue(withdrawalBody.safeParse({ amount: '500', account_id: 1, receiver: id })),
        String(id),
      ).toBe('Choose a bank card');
    }
    const body = { from_account: 1, to_account: 2, amount: '100', rate: '0.0542' };
    expect(transferBody.safeParse(body).success).toBe(true);
    expect(transferBody.safeParse({ ...body, from_account: '1' }).success).toBe(false);
    expect(ipoSubscribeBody.parse({ lots: 3 })).toEqual({ lots: 3 });
    for (const lots of ['3', '0x3', 3.5, 0, -0]) {
      expect(issue(ipoSubscribeBody.safeParse({ lots })), String(lots)).toBe('Lots must be a whole number');
    }
    expect(fundSubscribeBody.parse({ amount: '1000', account_id: '' }).account_id).toBe(undefined);
    expect(fundSubscribeBody.safeParse({ amount: '1000', account_id: '5' }).success).toBe(false);
    expect(
      stockBuyBody.safeParse({
        symbol: 'NPN',
        market: 'JSE',
        country: 'ZA',
        quantity: '10',
        account_id: '1',
        quote_id: 'q',
      }).success,
    ).toBe(false);
  });

  it('whole numbers in a query string or path are plain digits', () => {
    expect(rankingQuery.parse({ kind: 'gainers' }).limit).toBe(10);
    expect(rankingQuery.parse({ kind: 'gainers', limit: '16' }).limit).toBe(16);
    expect(newsListQuery.parse({ limit: '5' }).limit).toBe(5);
    expect(sparklineQuery.parse({ country: 'ZA', symbol: 'NPN', points: '30' }).points).toBe(30);
    expect(ipoPreviewQuery.parse({ lots: '3', account_id: '7' })).toEqual({ lots: 3, account_id: 7 });
    expect(fundPreviewQuery.parse({ amount: '1000', account_id: '' })).toEqual({ amount: '1000' });
    expect(statQuery.parse({ account_id: '' })).toEqual({});
    expect(statQuery.parse({ account_id: '7' })).toEqual({ account_id: 7 });
    for (const bad of [...LENIENT, ...NOT_NUMBERS].filter((b) => b !== '')) {
      expect(issue(rankingQuery.safeParse({ kind: 'gainers', limit: bad })), bad).toBe(
        'Limit must be a whole number from 1 to 50.',
      );
      expect(issue(newsIdParams.safeParse({ id: bad })), bad).toBe('Article not found.');
      expect(issue(idParam.safeParse({ id: bad })), bad).toBe('Invalid id.');
      expect(issue(receiptQuery.safeParse({ did: bad })), bad).toBe('Order not found.');
      expect(issue(statQuery.safeParse({ account_id: bad })), bad).toBe('Choose an account');
      expect(issue(previewQuery.safeParse({ ttype: 'standard', account_id: bad })), bad).toBe(
        'Choose an account',
      );
      expect(issue(ipoPreviewQuery.safeParse({ lots: bad })), bad).toBe('Lots must be a whole number');
      expect(issue(sparklineQuery.safeParse({ country: 'ZA', symbol: 'NPN', points: bad })), bad).toBe(
        'Points must be a whole number.',
      );
    }
    expect(issue(rankingQuery.safeParse({ kind: 'gainers', limit: '51' }))).toBe(
      'Limit must be a whole number from 1 to 50.',
    );
    expect(issue(ipoPreviewQuery.safeParse({ lots: '' }))).toBe('Enter a number of lots');
  });
});
