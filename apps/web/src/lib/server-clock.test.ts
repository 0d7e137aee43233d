import { describe, expect, it } from 'vitest';
import { createServerClock } from './server-clock';

describe('the server clock', () => {
  it('is the device clock plus the offset a response showed, stamped mid round trip', () => {
    let device = 1_000_000;
    const clock = createServerClock(() => device);
    expect(clock.known()).toBe(false);
    expect(clock.now()).toBe(device);
    // Sent at 1_000_000, back at 1_000_200: the server stamped 5_000_100 around 1_000_100.
    clock.observe(5_000_100, 1_000_000, 1_000_200);
    expect(clock.known()).toBe(true);
    expect(clock.now()).toBe(1_000_000 + 4_000_000);
    device += 1_000;
    expect(clock.now()).toBe(5_001_000);
  });

  it('refines with a shorter round trip, ignores jitter from a longer one, follows a moved server clock', () => {
    const clock = createServerClock(() => 0);
    clock.observe(10_000, 0, 400); // offset 9_800 (±200)
    clock.observe(10_050, 0, 100); // shorter: offset 10_000
    expect(clock.now()).toBe(10_000);
    clock.observe(10_500, 0, 600); // longer, within a second: kept
    expect(clock.now()).toBe(10_000);
    clock.observe(-57_590_000, 0, 900); // the server's clock moved (a demo started): followed
    expect(clock.now()).toBe(-57_590_450);
  });

  it('ignores what cannot be a time', () => {
    const clock = createServerClock(() => 0);
    clock.observe(Number.NaN, 0, 10);
    clock.observe(100, 20, 10);
    expect(clock.known()).toBe(false);
  });
});
