import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config/env';
import { orderNeedsOwnPin } from './limits';

describe('orders that need a PIN of their own', () => {
  it('are those above PIN_EACH_ORDER_ABOVE for their currency (R50,000 by default)', () => {
    const config = testConfig();
    expect(orderNeedsOwnPin(config, 'ZAR', 5_000_000n)).toBe(false);
    expect(orderNeedsOwnPin(config, 'ZAR', 5_000_001n)).toBe(true);
    const strict = testConfig({ PIN_EACH_ORDER_ABOVE: 'ZAR=0' });
    expect(orderNeedsOwnPin(strict, 'ZAR', 1n)).toBe(true);
    expect(orderNeedsOwnPin(strict, 'USD', 10_000_000n)).toBe(false);
  });
});
