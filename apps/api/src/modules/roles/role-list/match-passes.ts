import { popcount, summaryLength, type Bitset } from '../../organizations/directory/index.ts';

/** One filter of a query: its sources (bitsets) ORed; no source, no match. */
export type Union = readonly Bitset[];

/**
 * A query's matches: match = live AND each union, and their count. The summaries (a bit per
 * word that may hold a slot) are ANDed first, a few hundred words' work, so that the passes
 * read only the words every union may reach, as runs of consecutive words: plain loops, since
 * a loop through a list of word numbers cost several times as much per word. The index keeps
 * each kind's roles together, and within a kind the remote and on-site roles and each country's
 * (`SlotGroups`), so a kind, "remote" or a country reaches one or a few runs, not every word.
 *
 * Each union's bitsets must hold at least `words` words (`Bitset.reserve`), so no read is out of
 * bounds; `match` is a plain bitset for the caller, zero outside the matches.
 */
export class MatchPasses {
  /** Runs of words to read: [start, end) pairs. */
  private runs = new Int32Array(0);
  private runCount = 0;
  private reached = new Uint32Array(0);

  /** match = live AND every union, over `words` words; the number of matches. */
  run(match: Uint32Array, live: Bitset, unions: Union[], words: number): number {
    this.findRuns(live, unions, words);
    match.fill(0, 0, words);
    const { runs, runCount } = this;
    let total = 0;
    for (let u = 0; u < unions.length; u += 1) {
      const from = u === 0 ? live.words : match;
      const count = u === unions.length - 1;
      const union = unions[u]!;
      for (let r = 0; r < runCount; r += 1) {
        total += andRange(match, from, union, runs[2 * r]!, runs[2 * r + 1]!, count);
      }
    }
    return total;
  }

  /**
   * The `k` least of `positionOf[slot]` over the matching slots, at least `from`, ascending: a
   * page's worth picked in one pass over the matches, where sorting them all cost more.
   */
  leastPositions(match: Uint32Array, positionOf: Int32Array, from: number, k: number): number[] {
    const least: number[] = [];
    for (let r = 0; r < this.runCount; r += 1) {
      const end = this.runs[2 * r + 1]!;
      for (let w = this.runs[2 * r]!; w < end; w += 1) {
        let word = match[w]!;
        while (word !== 0) {
          const lowest = word & -word;
          word ^= lowest;
          const position = positionOf[(w << 5) | (31 - Math.clz32(lowest))]!;
          if (position < from || (least.length === k && position >= least[k - 1]!)) continue;
          if (least.length === k) least.pop();
          let i = least.length;
          least.push(position);
          for (; i > 0 && least[i - 1]! > position; i -= 1) least[i] = least[i - 1]!;
          least[i] = position;
        }
      }
    }
    return least;
  }

  /** The words every union's summaries (and live's) reach, as runs. */
  private findRuns(live: Bitset, unions: Union[], words: number): void {
    const summaryWords = summaryLength(words);
    if (this.reached.length < summaryWords) this.reached = new Uint32Array(summaryWords);
    const reached = this.reached;
    reached.set(live.summary.subarray(0, summaryWords));
    for (const union of unions) {
      for (let s = 0; s < summaryWords; s += 1) {
        let v = 0;
        for (let b = 0; b < union.length; b += 1) v |= union[b]!.summary[s]!;
        reached[s]! &= v;
      }
    }
    // At most one run per two words: a run ends at a word not reached.
    if (this.runs.length < words + 2) this.runs = new Int32Array(words + 2);
    const runs = this.runs;
    let n = 0;
    let open = -1;
    for (let s = 0; s < summaryWords; s += 1) {
      const bits = reached[s]!;
      let from = 0;
      while (from < 32) {
        // The next bit at or after `from` that opens a run (a set bit) or closes one (a clear bit).
        const next = (open < 0 ? bits : ~bits) & (-1 << from);
        if (next === 0) break;
        const bit = 31 - Math.clz32(next & -next);
        const w = Math.min((s << 5) | bit, words);
        if (open < 0) open = w;
        else {
          runs[n++] = open;
          runs[n++] = w;
          open = -1;
        }
        from = bit + 1;
      }
    }
    if (open >= 0 && open < words) {
      runs[n++] = open;
      runs[n++] = words;
    }
    // Many short runs (a text prefix's scattered matches) cost more per word than one pass over
    // every word: each run is a call and a loop of its own.
    let covered = 0;
    for (let r = 0; r < n; r += 2) covered += runs[r + 1]! - runs[r]!;
    if (covered + 4 * n > words) {
      runs[0] = 0;
      runs[1] = words;
      n = 2;
    }
    this.runCount = n >>> 1;
  }
}

/**
 * out[w] = a[w] AND (the union's words ORed) for w in [start, end): one loop per number of
 * sources, since a loop over the sources inside the loop over the words costs more than the AND.
 * With `count`, the matches counted on the way; otherwise 0.
 */
function andRange(
  out: Uint32Array,
  a: Uint32Array,
  union: Union,
  start: number,
  end: number,
  count: boolean,
): number {
  let total = 0;
  if (union.length === 1) {
    const b = union[0]!.words;
    if (!count) for (let w = start; w < end; w += 1) out[w] = a[w]! & b[w]!;
    else for (let w = start; w < end; w += 1) total += popcount((out[w] = a[w]! & b[w]!));
  } else if (union.length === 2) {
    const b = union[0]!.words;
    const c = union[1]!.words;
    if (!count) for (let w = start; w < end; w += 1) out[w] = a[w]! & (b[w]! | c[w]!);
    else for (let w = start; w < end; w += 1) total += popcount((out[w] = a[w]! & (b[w]! | c[w]!)));
  } else {
    for (let w = start; w < end; w += 1) {
      let v = 0;
      for (let u = 0; u < union.length; u += 1) v |= union[u]!.words[w]!;
      out[w] = v &= a[w]!;
      if (count) total += popcount(v);
    }
  }
  return total;
}
