// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverClock } from '@/lib/server-clock';
import { SystemClock } from './system-clock';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const text = () => screen.getByTestId('system-clock').textContent ?? '';

afterEach(() => {
  cleanup();
  serverClock.reset();
  vi.useRealTimers();
});

describe('the header clock (issue 24 point 9)', () => {
  it("shows the server's time, not the device's, and ticks on from it", () => {
    // The device says Saturday 04:00 SAST; the server's clock (npm run demo) is Friday 10:00 SAST.
    vi.useFakeTimers({
      now: Date.parse('2026-11-28T02:00:00.000Z'),
      toFake: ['Date', 'setInterval', 'clearInterval'],
    });
    const device = Date.now();
    serverClock.observe(Date.parse('2026-11-27T08:00:00.000Z'), device - 40, device + 40);
    render(<SystemClock />);
    expect(screen.getByTestId('system-clock').querySelector('time')?.textContent).toBe('10:00:00');
    expect(text()).toContain('Fri, Nov 27');
    expect(text()).not.toContain('04:00');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('system-clock').querySelector('time')?.textContent).toBe('10:00:03');
  });

  it('shows no time until a response has said the server’s, then the server’s', () => {
    vi.useFakeTimers({
      now: Date.parse('2026-11-28T02:00:00.000Z'),
      toFake: ['Date', 'setInterval', 'clearInterval'],
    });
    render(<SystemClock />);
    expect(screen.getByTestId('system-clock').querySelector('time')).toBeNull();
    expect(text()).toContain('--:--:--');
    act(() => serverClock.observe(Date.parse('2026-11-27T13:30:05.000Z'), Date.now(), Date.now()));
    expect(screen.getByTestId('system-clock').querySelector('time')?.textContent).toBe('15:30:05');
  });
});
