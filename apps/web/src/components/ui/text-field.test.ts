import { describe, expect, it } from 'vitest';
import { filterDigits, filterNumber } from './text-field';

describe('input filters (spec section 5)', () => {
  it('digits-only strips non-digits and cuts at 9 by default', () => {
    expect(filterDigits('+27 61-234 5678 9')).toBe('276123456');
    expect(filterDigits('61a2b3')).toBe('6123');
    expect(filterDigits('1234567', 6)).toBe('123456');
  });
  it('number inputs keep an optional minus, digits and one decimal point', () => {
    expect(filterNumber('-12.5.3abc')).toBe('-12.53');
    expect(filterNumber('1-2')).toBe('12');
    expect(filterNumber('R 1 000,50')).toBe('100050');
  });
});
