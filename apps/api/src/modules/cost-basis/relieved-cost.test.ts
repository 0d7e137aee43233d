import { describe, expect, it } from 'vitest';
import { relievedCost, type LotFigures } from './relieved-cost';

/** The arithmetic alone (decision 0040), without a database: average and FIFO, half-up, emptying. */
describe('relievedCost', () => {
  it('average: q × cost ÷ quantity, half-up to the minor unit', () => {
    // 40 shares costing 460,012 cents; selling 10 relieves 115,003 exactly.
    const position = { quantity: '40.000000', costMinor: 460_012n, method: 'average' as const };
    expect(relievedCost(position, [], '10')).toEqual({ costMinor: 115_003n, method: 'average', lots: [] });
    // 3 shares costing 1,000: one share is 333.33… → 333; two are 666.66… → 667.
    const three = { quantity: '3', costMinor: 1_000n, method: 'average' as const };
    expect(relievedCost(three, [], '1').costMinor).toBe(333n);
    expect(relievedCost(three, [], '2').costMinor).toBe(667n);
    // Exactly half a cent rounds up: 2 shares costing 5, one relieves 2.5 → 3.
    expect(relievedCost({ quantity: '2', costMinor: 5n, method: 'average' }, [], '1').costMinor).toBe(3n);
    // Fractional units: 0.5 of 1.5 units costing 1,001 is 333.66… → 334.
    expect(
      relievedCost({ quantity: '1.5', costMinor: 1_001n, method: 'average' }, [], '0.500000').costMinor,
    ).toBe(334n);
  });

  it('average: a sale that empties the position relieves all of its cost', () => {
    const position = { quantity: '3.000000', costMinor: 1_000n, method: 'average' as const };
    // 333 + 667 would be 1,000 anyway; after a first sale of 1 (333), the last 2 take 667, not 2/2 × 667 rounded.
    expect(relievedCost(position, [], '3').costMinor).toBe(1_000n);
    expect(
      relievedCost({ quantity: '2', costMinor: 667n, method: 'average' }, [], '2.000000').costMinor,
    ).toBe(667n);
    // Never more than the position holds.
    expect(relievedCost(position, [], '5').costMinor).toBe(1_000n);
  });

  it('fifo: the oldest lots first, a partly consumed lot pro rata, half-up', () => {
    // Decision 0040's example: 10 @ $100 (A), then 30 @ $120 (B); closing 30 costs A and 20 of B.
    const lots: LotFigures[] = [
      { id: 1, quantity: '10.000000', costMinor: 100_000n },
      { id: 2, quantity: '30.000000', costMinor: 360_001n },
    ];
    const position = { quantity: '40.000000', costMinor: 460_001n, method: 'fifo' as const };
    const relief = relievedCost(position, lots, '30');
    // 20/30 of 360,001 = 240,000.66… → 240,001.
    expect(relief).toEqual({
      costMinor: 100_000n + 240_001n,
      method: 'fifo',
      lots: [
        { id: 1, emptied: true },
        { id: 2, emptied: false, quantity: '10.000000', costMinor: 120_000n },
      ],
    });
    // Exactly half rounds up: 1 of 2 units costing 3 gives up 1.5 → 2.
    const half = relievedCost(
      { quantity: '2', costMinor: 3n, method: 'fifo' },
      [{ id: 7, quantity: '2', costMinor: 3n }],
      '1',
    );
    expect(half.costMinor).toBe(2n);
    expect(half.lots).toEqual([{ id: 7, emptied: false, quantity: '1.000000', costMinor: 1n }]);
  });

  it('fifo: a sale of every unit empties every lot and relieves the whole cost', () => {
    const lots: LotFigures[] = [
      { id: 3, quantity: '0.250000', costMinor: 2_501n },
      { id: 4, quantity: '1.750000', costMinor: 17_499n },
      { id: 5, quantity: '1', costMinor: 9_999n },
    ];
    const position = { quantity: '3', costMinor: 29_999n, method: 'fifo' as const };
    const relief = relievedCost(position, lots, '3.000000');
    expect(relief.costMinor).toBe(29_999n);
    expect(relief.lots).toEqual(lots.map((l) => ({ id: l.id, emptied: true })));
    // Lots it does not reach are left alone.
    expect(relievedCost(position, lots, '0.25').lots).toEqual([{ id: 3, emptied: true }]);
  });
});
