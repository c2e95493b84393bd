import { popcount, summaryLength, type Bitset } from './directory-bitset.ts';
import type { CountryBits } from './country-columns.ts';

/**
 * The one pass a query makes: the words its filters leave, found through their summaries, with
 * the matching bits of each. The arrays are scratch for one query (queries run synchronously,
 * one at a time), reused and grown as the index grows.
 */
export class WordScan {
  hitWords = new Uint32Array(0);
  hitMasks = new Uint32Array(0);
  private candidates = new Uint32Array(0);

  /**
   * The words with slots in [fromSlot, toSlot) in `live`, in every one of `sets` and in either
   * of `country`, as hitWords/hitMasks (returns how many); only the words whose summary bit is
   * set in each of them are looked at. With `enough` above 0 it stops once that many slots match.
   */
  gather(
    live: Bitset,
    sets: Bitset[],
    country: CountryBits | null,
    fromSlot: number,
    toSlot: number,
    enough: number,
  ): number {
    if (toSlot <= fromSlot) return 0;
    const fromWord = fromSlot >>> 5;
    const lastWord = (toSlot - 1) >>> 5;
    const firstMask = -1 << (fromSlot & 31);
    const lastMask = toSlot & 31 ? ~(-1 << (toSlot & 31)) : -1;
    const fromSummary = fromWord >>> 5;
    const endSummary = (lastWord >>> 5) + 1;
    if (this.hitWords.length <= lastWord) {
      this.hitWords = new Uint32Array((lastWord + 1) * 2);
      this.hitMasks = new Uint32Array((lastWord + 1) * 2);
      this.candidates = new Uint32Array(summaryLength((lastWord + 1) * 2));
    }
    const { hitWords, hitMasks, candidates } = this;
    // Words that may match: the summaries ANDed (live's summary when nothing filters).
    if (country) {
      const [own, all] = country;
      for (let s = fromSummary; s < endSummary; s += 1) {
        candidates[s] = own.summary[s]! | all.summary[s]!;
      }
    } else {
      const first = sets[0] ?? live;
      candidates.set(first.summary.subarray(fromSummary, endSummary), fromSummary);
    }
    for (const set of sets) {
      const summary = set.summary;
      for (let s = fromSummary; s < endSummary; s += 1) candidates[s]! &= summary[s]!;
    }
    const liveWords = live.words;
    const own = country?.[0].words ?? liveWords;
    const all = country?.[1].words ?? liveWords;
    // The first two sets' words by name: most queries have no more, and this loop is hot.
    const words = sets.map((set) => set.words);
    const first = words[0] ?? liveWords;
    const second = words[1] ?? liveWords;
    let hits = 0;
    let found = 0;
    for (let s = fromSummary; s < endSummary; s += 1) {
      let candidate = candidates[s]!;
      while (candidate !== 0) {
        const lowest = candidate & -candidate;
        candidate ^= lowest;
        const word = (s << 5) | (31 - Math.clz32(lowest));
        if (word < fromWord) continue;
        if (word > lastWord) return hits;
        let mask = liveWords[word]! & (own[word]! | all[word]!) & first[word]! & second[word]!;
        for (let i = 2; i < words.length && mask !== 0; i += 1) mask &= words[i]![word]!;
        if (word === fromWord) mask &= firstMask;
        if (word === lastWord) mask &= lastMask;
        if (mask === 0) continue;
        hitWords[hits] = word;
        hitMasks[hits] = mask;
        hits += 1;
        if (enough > 0) {
          found += popcount(mask);
          if (found >= enough) return hits;
        }
      }
    }
    return hits;
  }
}

/** The first index below `length` in ascending `values` whose value is not below `value`. */
export function lowerBound(values: Uint32Array, length: number, value: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
