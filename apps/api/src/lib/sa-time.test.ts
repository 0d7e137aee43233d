import { describe, expect, it } from 'vitest';
import { saDateTimeText, saDayStart, saDayStartOfDate } from './sa-time';

describe('South African day', () => {
  it('starts at 22:00 UTC the evening before', () => {
    expect(saDayStart(new Date('2026-03-10T21:59:59Z')).toISOString()).toBe('2026-03-09T22:00:00.000Z');
    expect(saDayStart(new Date('2026-03-10T22:00:00Z')).toISOString()).toBe('2026-03-10T22:00:00.000Z');
    expect(saDayStartOfDate('2026-03-10')?.toISOString()).toBe('2026-03-09T22:00:00.000Z');
  });

  it('refuses dates that do not exist', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-01-01', '2026-1-01', 'x']) {
      expect(saDayStartOfDate(bad)).toBeUndefined();
    }
  });

  it('prints local time', () => {
    expect(saDateTimeText(new Date('2026-03-10T22:30:05Z'))).toBe('2026-03-11 00:30:05');
  });
});
