import { describe, expect, it } from 'vitest';
import { defaultStatementRange, statementFileName, statementFormSchema } from './statement';

describe('statement form', () => {
  it('defaults to this month so far, in Johannesburg time', () => {
    // 22:30 UTC on 31 Oct is already 1 Nov in Johannesburg (UTC+2).
    expect(defaultStatementRange(new Date('2026-10-31T22:30:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-01',
    });
    expect(defaultStatementRange(new Date('2026-11-21T10:00:00Z'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-21',
    });
  });

  it('needs valid dates in order', () => {
    expect(
      statementFormSchema.safeParse({ accountId: '1', from: '2026-11-01', to: '2026-11-21' }).success,
    ).toBe(true);
    const reversed = statementFormSchema.safeParse({ accountId: '1', from: '2026-11-21', to: '2026-11-01' });
    expect(reversed.error?.issues[0]?.message).toBe('The end date must be on or after the start date.');
    const bad = statementFormSchema.safeParse({ accountId: '1', from: '21/11/2026', to: '2026-11-21' });
    expect(bad.error?.issues[0]?.message).toBe('Invalid date format.');
  });

  it('names the file after the account and the range', () => {
    expect(statementFileName('ZAR', '2026-11-01', '2026-11-21')).toBe(
      'imali-statement-ZAR-2026-11-01-to-2026-11-21.csv',
    );
  });
});
