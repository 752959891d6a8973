/**
 * Seeded PRNG (mulberry32). The whole state is one uint32 so that a world snapshot carries it as a
 * plain number and a restored world continues the exact same sequence.
 */
export class Rng {
  state: number;

  constructor(seed: number) {
    // Mix the seed so that nearby seeds (1, 2, 3) do not start with correlated sequences.
    let s = (seed ^ 0x9e3779b9) >>> 0;
    s = Math.imul(s ^ (s >>> 16), 0x85ebca6b) >>> 0;
    s = Math.imul(s ^ (s >>> 13), 0xc2b2ae35) >>> 0;
    this.state = (s ^ (s >>> 16)) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }

  /** Index drawn with the given non-negative weights. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let u = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      u -= weights[i] ?? 0;
      if (u < 0) return i;
    }
    return weights.length - 1;
  }

  /**
   * Poisson draw. The engine's means are small (one tick of play), so Knuth's product method is
   * exact and cheap; large means (a huge tick) fall back to a normal approximation.
   */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean > 30) {
      const u1 = this.next() || 1e-12;
      const u2 = this.next();
      const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
      return Math.max(0, Math.round(mean + Math.sqrt(mean) * z));
    }
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }
}

/** A 32-bit seed from a text (FNV-1a): per-draw and per-event generators (lottery, virtual sports). */
export function textSeed(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
