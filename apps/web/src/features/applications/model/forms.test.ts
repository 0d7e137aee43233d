import { describe, expect, it } from 'vitest';
import { compensationFormSchema, evidenceFileProblem, loanFormSchema, money } from './forms';

describe('application forms', () => {
  it('compensation: clear messages for each field', () => {
    const result = compensationFormSchema.safeParse({
      accountId: '',
      amount: '1.234',
      reason: 'x',
      related_reference: '',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      accountId: 'Choose an account',
      amount: 'Amounts allow at most 2 decimal places',
      reason: 'Reason must be at least 3 characters',
      related_reference: 'Related order or transaction is required',
    });
  });

  it('loan: the term is a whole number of months between 3 and 24', () => {
    const base = {
      account_id: '1',
      amount: '10000',
      purpose: 'Car',
      monthly_income: '20000',
      monthly_expenses: '0',
    };
    expect(loanFormSchema.safeParse({ ...base, term_months: '12' }).success).toBe(true);
    const long = loanFormSchema.safeParse({ ...base, term_months: '36' });
    expect(long.error!.issues[0]!.message).toBe('The term is at most 24 months');
    const income = loanFormSchema.safeParse({ ...base, term_months: '12', monthly_income: '-1' });
    expect(income.error!.issues[0]!.message).toBe('Enter an amount (0 or more, at most 2 decimals)');
  });

  it('evidence follows the KYC upload rules', () => {
    expect(evidenceFileProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(evidenceFileProblem({ type: 'application/zip', size: 1000 })).toBe(
      'Only image files are allowed.',
    );
    expect(evidenceFileProblem({ type: 'image/jpeg', size: 21 * 1024 * 1024 })).toBe(
      'Image must be smaller than 20MB.',
    );
  });

  it('formats amounts for reading', () => {
    expect(money('1234567.5', 'ZAR')).toBe('ZAR 1,234,567.50');
    expect(money('916.80', 'ZAR')).toBe('ZAR 916.80');
  });
});
