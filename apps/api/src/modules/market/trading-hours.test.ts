import { describe, expect, it } from 'vitest';
import { demoClock, marketClosedMessage } from './trading-hours';

const HOUR_MS = 3_600_000;
/** An instant given in South African time (UTC+2, no daylight saving). */
const sast = (local: string) => Date.parse(`${local}:00+02:00`);

describe('the demo clock (npm run demo)', () => {
  it('on a Saturday starts at 10:00 SAST on the Friday before', () => {
    const now = sast('2026-11-28T04:00');
    const demo = demoClock(now);
    expect(demo.at.toISOString()).toBe('2026-11-27T08:00:00.000Z');
    expect(demo.shiftMs).toBe(-18 * HOUR_MS);
    expect(demo.description).toContain('2026-11-27 10:00 SAST');
    expect(demo.description).toContain('MARKET_TIME_SHIFT_MS=-64800000');
  });

  it('on a Monday before the open starts at 10:00 on the Friday before', () => {
    const demo = demoClock(sast('2026-11-30T07:30'));
    expect(demo.at.toISOString()).toBe(new Date(sast('2026-11-27T10:00')).toISOString());
  });

  it('on a public holiday (Day of Reconciliation, Wednesday 16 December) starts on the Tuesday', () => {
    const demo = demoClock(sast('2026-12-16T11:00'));
    expect(demo.at.toISOString()).toBe(new Date(sast('2026-12-15T10:00')).toISOString());
  });

  it('keeps the real time while the JSE trades with an hour or more to go', () => {
    const now = sast('2026-11-30T12:00');
    expect(demoClock(now)).toMatchObject({ shiftMs: 0, at: new Date(now) });
  });

  it('late in a session or after the close starts at 10:00 that day', () => {
    for (const time of ['16:30', '18:00', '23:59']) {
      const demo = demoClock(sast(`2026-11-30T${time}`));
      expect(demo.at.toISOString(), time).toBe(new Date(sast('2026-11-30T10:00')).toISOString());
    }
  });
});

describe('the closed-market message', () => {
  const saturday = new Date(sast('2026-11-28T12:00'));
  const opens = 'The JSE is closed. It opens at 2026-11-30 09:00 SAST.';

  it('says when the market opens and, outside production, how to try the demo', () => {
    expect(marketClosedMessage({ NODE_ENV: 'development', DEMO_CLOCK: false }, 'JSE', saturday)).toBe(
      `${opens} Try the demo: npm run demo.`,
    );
    expect(marketClosedMessage({ NODE_ENV: 'production', DEMO_CLOCK: false }, 'JSE', saturday)).toBe(opens);
    expect(marketClosedMessage({ NODE_ENV: 'development', DEMO_CLOCK: true }, 'JSE', saturday)).toBe(
      `${opens} Restart the demo to trade again: npm run demo.`,
    );
  });

  it('gives no demo hint for an exchange the demo does not open', () => {
    const config = { NODE_ENV: 'development', DEMO_CLOCK: false } as const;
    expect(marketClosedMessage(config, 'NASDAQ', saturday)).toBe(
      'The NASDAQ is closed. It opens at 2026-11-30 09:30 EST.',
    );
  });

  it('is null while the market trades', () => {
    const config = { NODE_ENV: 'development', DEMO_CLOCK: false } as const;
    expect(marketClosedMessage(config, 'JSE', new Date(sast('2026-11-30T09:00')))).toBeNull();
    expect(marketClosedMessage(config, 'JSE', new Date(sast('2026-11-30T17:00')))).not.toBeNull();
  });
});
