/**
 * The OTC block's allocation rule (allocation_rule 'pro_rata'; decision 0031). Pure and exact:
 * whole shares as bigint, no floating point.
 */

export interface AllocationRequest {
  orderId: number;
  /** Whole shares asked for (> 0). */
  requested: bigint;
}

export interface Allocation {
  orderId: number;
  requested: bigint;
  allocated: bigint;
}

/**
 * Allocates `blockSize` whole shares to `requests`, given earliest first (by request time, then
 * id: the order that breaks ties). When Σ requested ≤ block size everyone gets what they asked
 * for. Otherwise each gets floor(requested × blockSize / Σ requested), and the leftover shares
 * (fewer than the number of requests, since each floor loses less than one) go one at a time to
 * the earliest requests. No one gets more than they asked for (floor(r × B / R) < r when B < R,
 * so one more share still fits), and Σ allocated = block size exactly.
 */
export function allocateProRata(requests: readonly AllocationRequest[], blockSize: bigint): Allocation[] {
  if (blockSize <= 0n) throw new Error('block size must be positive');
  for (const r of requests) if (r.requested <= 0n) throw new Error(`order ${r.orderId}: nothing requested`);
  const total = requests.reduce((sum, r) => sum + r.requested, 0n);
  if (total <= blockSize) return requests.map((r) => ({ ...r, allocated: r.requested }));
  const out = requests.map((r) => ({ ...r, allocated: (r.requested * blockSize) / total }));
  let leftover = blockSize - out.reduce((sum, a) => sum + a.allocated, 0n);
  for (const a of out) {
    if (leftover === 0n) break;
    if (a.allocated < a.requested) {
      a.allocated += 1n;
      leftover -= 1n;
    }
  }
  return out;
}
