/**
 * A set of small non-negative integers (the directory index's slots) as one bit per slot in 32-bit
 * words. Dense sets make the directory's filters and facet counts a pass over words: a
 * category, a country or a text match over 100,000 organizations is 3,125 words.
 */
export class Bitset {
  words: Uint32Array;

  constructor(wordCount = 0) {
    this.words = new Uint32Array(wordCount);
  }

  /** Bits past the end of `words` are unset; set() grows the array to hold `bit`. */
  has(bit: number): boolean {
    const word = bit >>> 5;
    return word < this.words.length && (this.words[word]! & (1 << (bit & 31))) !== 0;
  }

  set(bit: number): void {
    const word = bit >>> 5;
    if (word >= this.words.length) this.grow(word + 1);
    this.words[word]! |= 1 << (bit & 31);
  }

  clear(bit: number): void {
    const word = bit >>> 5;
    if (word < this.words.length) this.words[word]! &= ~(1 << (bit & 31));
  }

  /** Makes `words` at least `wordCount` long, so loops over it need no bounds checks. */
  reserve(wordCount: number): Uint32Array {
    if (this.words.length < wordCount) this.grow(wordCount);
    return this.words;
  }

  private grow(minimumWords: number) {
    const grown = new Uint32Array(Math.max(minimumWords, this.words.length * 2, 64));
    grown.set(this.words);
    this.words = grown;
  }
}

/** The number of set bits in one 32-bit word. */
export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Set bits common to `a[0..wordCount)` and `b`. */
export function countCommonBits(a: Uint32Array, b: Uint32Array, wordCount: number): number {
  const end = Math.min(wordCount, b.length);
  let total = 0;
  for (let i = 0; i < end; i += 1) {
    const word = a[i]! & b[i]!;
    if (word !== 0) total += popcount(word);
  }
  return total;
}

/** Set bits in `words[0..wordCount)`. */
export function countBits(words: Uint32Array, wordCount: number): number {
  let total = 0;
  for (let i = 0; i < wordCount; i += 1) {
    const word = words[i]!;
    if (word !== 0) total += popcount(word);
  }
  return total;
}

/** `target &= other` over `target[0..wordCount)`, `other` being at least that long. */
export function intersectInto(target: Uint32Array, other: Uint32Array, wordCount: number): void {
  for (let i = 0; i < wordCount; i += 1) target[i]! &= other[i]!;
}

/** `target &= first | second` over `target[0..wordCount)`, both being at least that long. */
export function intersectEither(
  target: Uint32Array,
  first: Uint32Array,
  second: Uint32Array,
  wordCount: number,
): void {
  for (let i = 0; i < wordCount; i += 1) target[i]! &= first[i]! | second[i]!;
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
