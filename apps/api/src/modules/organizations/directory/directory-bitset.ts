/**
 * A set of small non-negative integers (the directory index's slots) as one bit per slot in 32-bit
 * words, with a summary of one bit per word. Dense sets make the directory's filters and facet
 * counts a pass over words (a category over 100,000 organizations is 3,125 of them); the summary
 * lets a pass skip the words a sparse set leaves empty, so a country or a rare word costs about
 * as many steps as it has organizations.
 */
export class Bitset {
  words: Uint32Array;
  /**
   * Bit w is set when words[w] may be non-zero: set() marks it and clear() leaves it, so it is
   * a superset of the non-empty words, which is all a pass needs to skip the others.
   */
  summary: Uint32Array;

  constructor(wordCount = 0) {
    this.words = new Uint32Array(wordCount);
    this.summary = new Uint32Array(summaryLength(wordCount));
  }

  /** Bits past the end of `words` are unset; set() grows the arrays to hold `bit`. */
  has(bit: number): boolean {
    const word = bit >>> 5;
    return word < this.words.length && (this.words[word]! & (1 << (bit & 31))) !== 0;
  }

  set(bit: number): void {
    const word = bit >>> 5;
    if (word >= this.words.length) this.grow(word + 1);
    this.words[word]! |= 1 << (bit & 31);
    this.summary[word >>> 5]! |= 1 << (word & 31);
  }

  clear(bit: number): void {
    const word = bit >>> 5;
    if (word < this.words.length) this.words[word]! &= ~(1 << (bit & 31));
  }

  /** Makes `words` at least `wordCount` long (and the summary to match), so loops need no bounds checks. */
  reserve(wordCount: number): this {
    if (this.words.length < wordCount) this.grow(wordCount);
    return this;
  }

  /** Empties the first `wordCount` words, for a bitset reused as scratch. */
  reset(wordCount: number): void {
    this.reserve(wordCount);
    this.words.fill(0, 0, wordCount);
    this.summary.fill(0, 0, summaryLength(wordCount));
  }

  private grow(minimumWords: number) {
    const grown = new Uint32Array(Math.max(minimumWords, this.words.length * 2, 64));
    grown.set(this.words);
    this.words = grown;
    const summary = new Uint32Array(summaryLength(grown.length));
    summary.set(this.summary);
    this.summary = summary;
  }
}

/** The bitset with each slot moved to newSlotOf[slot], without those mapped below 0. */
export function renumbered(bitset: Bitset, newSlotOf: Int32Array, slotCount: number): Bitset {
  const next = new Bitset((slotCount + 31) >>> 5);
  const { words } = bitset;
  for (let w = 0; w < words.length; w += 1) {
    let word = words[w]!;
    while (word !== 0) {
      const lowest = word & -word;
      word ^= lowest;
      const slot = newSlotOf[(w << 5) | (31 - Math.clz32(lowest))];
      if (slot !== undefined && slot >= 0) next.set(slot);
    }
  }
  return next;
}

/** Summary words for `wordCount` words: one bit per word. */
export function summaryLength(wordCount: number): number {
  return (wordCount + 31) >>> 5;
}

/** The number of set bits in one 32-bit word. */
export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The positions of the set bits in `words[0..wordCount)`, ascending. */
export function setBits(words: Uint32Array, wordCount: number, expected: number): Uint32Array {
  const bits = new Uint32Array(expected);
  let n = 0;
  for (let i = 0; i < wordCount; i += 1) {
    let word = words[i]!;
    while (word !== 0) {
      const lowest = word & -word;
      bits[n++] = (i << 5) | (31 - Math.clz32(lowest));
      word ^= lowest;
    }
  }
  return bits.subarray(0, n);
}
