/**
 * The IPO allotment rules (issue 13; decision 0032). Pure and exact: whole lots as bigint, no
 * floating point, no clock, no I/O, so a property test can run them over any book.
 *
 * - pro_rata: when Σ lots applied ≤ lots offered, everyone gets what they applied for; otherwise
 *   each gets floor(applied × offered / Σ applied) lots, the leftover lots one at a time to the
 *   earliest applications (the OTC block's rule, offerings/allocation.ts, in lots).
 * - lottery: when oversubscribed, one lot per winner. With fewer applications than lots, every
 *   application gets one lot and the lots left are shared pro rata over what each still asks for;
 *   with more, a seeded draw picks as many winners as there are lots. The draw ranks each
 *   application by SHA-256(seed ':' order id), so it is reproducible from the seed alone and does
 *   not depend on the order the applications are listed in.
 */
import { createHash } from 'node:crypto';
import { allocateProRata } from '../offerings/allocation';

export type AllotmentRule = 'pro_rata' | 'lottery';

export interface Application {
  orderId: number;
  /** Lots applied for (> 0). */
  lots: bigint;
}

export interface Allotment {
  orderId: number;
  lots: bigint;
  allotted: bigint;
  /** lottery, oversubscribed beyond one lot each: drawn (true) or not (false); otherwise null. */
  won: boolean | null;
}

/** The draw's rank of an application: the first 16 hex digits of SHA-256(seed:orderId). */
export function lotteryRank(seed: string, orderId: number): string {
  return createHash('sha256').update(`${seed}:${orderId}`).digest('hex').slice(0, 16);
}

/**
 * Allots `lotsOffered` lots to `applications`, given earliest first (that order breaks pro-rata
 * ties). Returns one allotment per application, in the same order. Σ allotted ≤ lots offered and
 * nobody gets more than they applied for.
 */
export function allot(
  rule: AllotmentRule,
  applications: readonly Application[],
  lotsOffered: bigint,
  seed: string,
): Allotment[] {
  if (lotsOffered <= 0n) throw new Error('lots offered must be positive');
  for (const a of applications) if (a.lots <= 0n) throw new Error(`order ${a.orderId}: no lots`);
  const total = applications.reduce((s, a) => s + a.lots, 0n);
  if (total <= lotsOffered) return applications.map((a) => ({ ...a, allotted: a.lots, won: null }));
  if (rule === 'pro_rata') {
    return allocateProRata(
      applications.map((a) => ({ orderId: a.orderId, requested: a.lots })),
      lotsOffered,
    ).map((x, i) => ({ orderId: x.orderId, lots: applications[i]!.lots, allotted: x.allocated, won: null }));
  }
  const n = BigInt(applications.length);
  if (n <= lotsOffered) {
    // One lot each, then the rest pro rata over what each still asks for (if anyone does).
    const rest = applications.filter((a) => a.lots > 1n);
    const extra = new Map<number, bigint>();
    if (rest.length > 0 && lotsOffered - n > 0n) {
      for (const x of allocateProRata(
        rest.map((a) => ({ orderId: a.orderId, requested: a.lots - 1n })),
        lotsOffered - n,
      )) {
        extra.set(x.orderId, x.allocated);
      }
    }
    return applications.map((a) => ({ ...a, allotted: 1n + (extra.get(a.orderId) ?? 0n), won: null }));
  }
  const winners = new Set(
    [...applications]
      .map((a) => ({ id: a.orderId, rank: lotteryRank(seed, a.orderId) }))
      .sort((x, y) => (x.rank < y.rank ? -1 : x.rank > y.rank ? 1 : x.id - y.id))
      .slice(0, Number(lotsOffered))
      .map((x) => x.id),
  );
  return applications.map((a) => {
    const won = winners.has(a.orderId);
    return { ...a, allotted: won ? 1n : 0n, won };
  });
}
