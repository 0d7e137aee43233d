/**
 * Seeded randomness for the simulator. Everything is integer hashing, so the same (seed, symbol,
 * day) gives the same numbers in every process, on every platform.
 */

/** 32-bit FNV-1a of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes integers into one well-spread 32-bit value (murmur3's finaliser after each input). */
export function mix(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const value of values) {
    h ^= value | 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

const fmix = (x: number, v: number) => {
  let h = x ^ (v | 0);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
};

/** `mix` for exactly four inputs, without allocating (hot path). */
export function mix4(a: number, b: number, c: number, d: number): number {
  return fmix(fmix(fmix(fmix(0x9e3779b9, a), b), c), d) >>> 0;
}

/** sfc32: a small, fast PRNG with a 128-bit state; good enough for simulated prices. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare: number | undefined;

  constructor(seed: number, stream: number, day: number, purpose = 0) {
    const base = mix4(seed, stream, day, purpose);
    this.a = mix4(base, 0xa0761d65, seed, day);
    this.b = mix4(base, 0xe7037ed1, stream, purpose);
    this.c = mix4(base, 0x8ebc6af0, day, seed);
    this.d = 1;
    for (let i = 0; i < 6; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in (0, 1): never exactly 0, so log() is safe. */
  uniform(): number {
    return (this.nextUint32() + 0.5) / 4_294_967_296;
  }

  /** Standard normal (Box-Muller, using both outputs). */
  normal(): number {
    if (this.spare !== undefined) {
      const s = this.spare;
      this.spare = undefined;
      return s;
    }
    const r = Math.sqrt(-2 * Math.log(this.uniform()));
    const theta = 2 * Math.PI * this.uniform();
    this.spare = r * Math.sin(theta);
    return r * Math.cos(theta);
  }

  /**
   * A fast approximately normal draw (inverse CDF from a table): for the intraday path, which
   * needs tens of thousands of draws per day and only looks like noise.
   */
  fastNormal(): number {
    return NORMAL_TABLE[this.nextUint32() >>> (32 - NORMAL_TABLE_BITS)]!;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.uniform() * (max - min + 1));
  }
}

const NORMAL_TABLE_BITS = 12;

/** Inverse standard normal CDF (Acklam's rational approximation, |error| < 1.2e-9). */
function inverseNormal(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
    );
  }
  if (p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return (
      -(((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
    );
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/** Normal quantiles at the midpoints of 4096 equal-probability bins. */
const NORMAL_TABLE = Float64Array.from({ length: 1 << NORMAL_TABLE_BITS }, (_, i) =>
  inverseNormal((i + 0.5) / (1 << NORMAL_TABLE_BITS)),
);
