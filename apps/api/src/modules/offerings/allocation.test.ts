import { describe, expect, it } from 'vitest';
import { allocateProRata, type AllocationRequest } from './allocation';

const req = (...requested: number[]): AllocationRequest[] =>
  requested.map((r, i) => ({ orderId: i + 1, requested: BigInt(r) }));
const allocated = (requests: AllocationRequest[], block: number) =>
  allocateProRata(requests, BigInt(block)).map((a) => Number(a.allocated));

describe('pro-rata allocation of an OTC block', () => {
  it('gives everyone their request when the block covers the demand', () => {
    expect(allocated(req(100, 200, 300), 600)).toEqual([100, 200, 300]);
    expect(allocated(req(1), 5000)).toEqual([1]);
    expect(allocated([], 5000)).toEqual([]);
  });

  it('3× oversubscribed: a third each, whole shares, exactly the block', () => {
    expect(allocated(req(3000, 6000, 6000), 5000)).toEqual([1000, 2000, 2000]);
  });

  it('rounds down and hands the leftover shares one at a time to the earliest requests', () => {
    // 10 shares among three equal requests: 3.33 each → 3, 3, 3 and one left for the first.
    expect(allocated(req(10, 10, 10), 10)).toEqual([4, 3, 3]);
    // 7 × 5/12 = 2.92, 5 × 5/12 = 2.08 → 2 + 2, one leftover to the earliest.
    expect(allocated(req(7, 5), 5)).toEqual([3, 2]);
    // Tiny requests may get nothing at all.
    expect(allocated(req(1000, 1, 1), 10)).toEqual([10, 0, 0]);
    expect(allocated(req(1, 1, 1), 2)).toEqual([1, 1, 0]);
  });

  it('never gives anyone more than asked, and Σ allocated = block size (random cases)', () => {
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 2000; round += 1) {
      const requests = req(...Array.from({ length: 1 + rand(30) }, () => 1 + rand(5000)));
      const total = requests.reduce((s, r) => s + r.requested, 0n);
      const block = 1n + BigInt(rand(Number(total) * 2));
      const out = allocateProRata(requests, block);
      const sum = out.reduce((s, a) => s + a.allocated, 0n);
      expect(sum).toBe(total < block ? total : block);
      for (const a of out) {
        expect(a.allocated >= 0n && a.allocated <= a.requested).toBe(true);
        // Pro rata to the share: within one share of the exact proportion.
        if (total > block) {
          const exactTimesTotal = a.requested * block;
          expect(a.allocated * total <= exactTimesTotal + total).toBe(true);
          expect(a.allocated * total >= exactTimesTotal - total).toBe(true);
        }
      }
    }
  });

  it('refuses nonsense input', () => {
    expect(() => allocateProRata(req(1), 0n)).toThrow();
    expect(() => allocateProRata(req(0), 10n)).toThrow();
  });
});
