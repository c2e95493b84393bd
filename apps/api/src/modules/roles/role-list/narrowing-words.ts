import { popcount } from '../../organizations/directory/index.ts';

/**
 * A query's matches worked out filter by filter, each pass reading only the words that may still
 * hold a match: the first pass reads every word and keeps the non-zero ones; each pass after
 * reads those alone and drops the words it empties. A country, a text prefix or two categories
 * leave a few hundred of the 9,400 words of 300,000 roles, so the passes after them cost next to
 * nothing, where a pass over every word per filter (and one more per union) did not.
 *
 * A filter is a union: its sources (the bitsets' words) ORed; a missing source has no bits.
 * Each source must hold at least `words` words (`Bitset.reserve`), so no read is out of bounds.
 * Words of `match` outside the kept ones are zero, so `match` is a plain bitset for the caller.
 */
export class NarrowingWords {
  private kept = new Int32Array(0);
  private length = 0;

  /** match = live AND (any of `sources`), over every one of `words` words. */
  start(match: Uint32Array, live: Uint32Array, sources: Uint32Array[], words: number): void {
    if (this.kept.length < words) this.kept = new Int32Array(words);
    const kept = this.kept;
    let n = 0;
    if (sources.length === 1) {
      const [a] = sources as [Uint32Array];
      for (let w = 0; w < words; w += 1) {
        const v = live[w]! & a[w]!;
        match[w] = v;
        if (v !== 0) kept[n++] = w;
      }
    } else if (sources.length === 2) {
      const [a, b] = sources as [Uint32Array, Uint32Array];
      for (let w = 0; w < words; w += 1) {
        const v = live[w]! & (a[w]! | b[w]!);
        match[w] = v;
        if (v !== 0) kept[n++] = w;
      }
    } else {
      for (let w = 0; w < words; w += 1) {
        const v = live[w]! & anyOf(sources, w);
        match[w] = v;
        if (v !== 0) kept[n++] = w;
      }
    }
    this.length = n;
  }

  /** match &= (any of `sources`), over the words kept so far. */
  narrow(match: Uint32Array, sources: Uint32Array[]): void {
    const kept = this.kept;
    let n = 0;
    if (sources.length === 0) {
      for (let i = 0; i < this.length; i += 1) match[kept[i]!] = 0;
    } else if (sources.length === 1) {
      const [a] = sources as [Uint32Array];
      for (let i = 0; i < this.length; i += 1) {
        const w = kept[i]!;
        const v = match[w]! & a[w]!;
        match[w] = v;
        if (v !== 0) kept[n++] = w;
      }
    } else if (sources.length === 2) {
      const [a, b] = sources as [Uint32Array, Uint32Array];
      for (let i = 0; i < this.length; i += 1) {
        const w = kept[i]!;
        const v = match[w]! & (a[w]! | b[w]!);
        match[w] = v;
        if (v !== 0) kept[n++] = w;
      }
    } else {
      for (let i = 0; i < this.length; i += 1) {
        const w = kept[i]!;
        const v = match[w]! & anyOf(sources, w);
        match[w] = v;
        if (v !== 0) kept[n++] = w;
      }
    }
    this.length = n;
  }

  /** How many bits of `match` are set. */
  count(match: Uint32Array): number {
    let total = 0;
    for (let i = 0; i < this.length; i += 1) total += popcount(match[this.kept[i]!]!);
    return total;
  }

  /** The set bits' positions, ascending; `total` is their count. */
  setBits(match: Uint32Array, total: number): Uint32Array {
    const bits = new Uint32Array(total);
    let n = 0;
    for (let i = 0; i < this.length; i += 1) {
      const w = this.kept[i]!;
      let word = match[w]!;
      while (word !== 0) {
        const lowest = word & -word;
        bits[n++] = (w << 5) | (31 - Math.clz32(lowest));
        word ^= lowest;
      }
    }
    return bits;
  }
}

function anyOf(sources: Uint32Array[], w: number): number {
  let v = 0;
  for (let s = 0; s < sources.length; s += 1) v |= sources[s]![w]!;
  return v;
}
