import { randomInt } from 'node:crypto';

/**
 * A small seeded PRNG (mulberry32) so a run of generated requests can be repeated exactly:
 * QUALITY_SEED=<seed> picks the seed, otherwise a random one is drawn and printed.
 */
export class Rng {
  private a: number;
  constructor(public readonly seed: number) {
    this.a = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new Error('pick from an empty list');
    return items[this.int(items.length)];
  }

  /** A random lower-case word (accounts, keys) of the given length. */
  word(length = 8): string {
    let s = '';
    for (let i = 0; i < length; i++) s += String.fromCharCode(97 + this.int(26));
    return s;
  }

  /** An independent generator derived from this one (per route, so adding a route keeps the others' cases). */
  fork(label: string): Rng {
    let h = this.seed ^ 0x9e3779b9;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
    return new Rng(h >>> 0);
  }
}

/** The run's seed: QUALITY_SEED when set (to repeat a run), else a fresh random one. */
export function qualitySeed(): number {
  const env = process.env.QUALITY_SEED;
  if (env !== undefined && env !== '') {
    const n = Number(env);
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`QUALITY_SEED must be a non-negative integer, got ${env}`);
    return n >>> 0;
  }
  return randomInt(2 ** 31);
}
