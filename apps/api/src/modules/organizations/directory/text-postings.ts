import { Bitset, popcount, renumbered } from './directory-bitset.ts';

const EMPTY = new Uint32Array(0);

/**
 * The slots that carry one lexeme: a growable array while few, a bitset once they are more
 * than one slot in 32 (a common word), which is then smaller and is merged a word at a time.
 */
interface Postings {
  slots: Uint32Array;
  length: number;
  dense: Bitset | null;
}

/** A lexeme's slots become a bitset past this many, if they are over one slot in 32. */
export const DENSE_FROM = 1024;

/** New lexemes are sorted into the vocabulary one by one up to this many, then all at once. */
const SORT_IN_ONE_BY_ONE = 64;
/** Words (4 bytes each) the prefix bitsets kept on use may take together: 32 MB. */
const PREFIX_BITSET_WORDS = 8 * 1024 * 1024;
/** And those kept from the start (pinned): 16 MB. */
const PINNED_BITSET_WORDS = 4 * 1024 * 1024;

/** The live slots a kept prefix matches, counted per category position. */
export interface PrefixCounts {
  total: number;
  perCategory: Int32Array;
}

/** A prefix's matching slots kept as a bitset, and once known, its counts. */
export interface KeptPrefix {
  bits: Bitset;
  counts: PrefixCounts | null;
  /** Kept from the start, whatever is searched since; the others go least recently used first. */
  pinned: boolean;
}

/**
 * The directory's text search in memory: for each lexeme, the slots whose search vector holds
 * it, and the lexemes in sorted order, so a prefix is one contiguous range of them
 * (`clim` → climate, climbing, ...), the way PostgreSQL's `clim:*` matches lexemes.
 *
 * A prefix that many slots match ("co", "wat") costs a pass over many postings; its slots are
 * then kept as a bitset, maintained as slots are added, so the next search for it is one pass
 * over words, and its counts (for a search on that prefix alone) are kept too. The bitsets share
 * a fixed budget, least recently used first out; the largest prefixes can be pinned from the
 * start, within a budget of their own.
 */
export class TextPostings {
  private postings = new Map<string, Postings>();
  private vocabulary: string[] = [];
  private unsorted: string[] = [];
  private keptPrefixes = new Map<string, KeptPrefix>();
  private keptPrefixWords = 0;
  private pinnedWords = 0;

  /**
   * `keepFrom`: a prefix's bits are kept once its postings outnumber this share of the bitset's
   * words (1: more postings than words, where one pass over the words costs less than the
   * postings; the open roles' index keeps smaller prefixes too, its passes reading only the words
   * a kept prefix's summary names).
   */
  constructor(
    private readonly denseFrom = DENSE_FROM,
    private readonly keepFrom = 1,
  ) {}

  /** A new live slot with its lexemes and its categories' positions. */
  add(slot: number, lexemes: string[], categories: ArrayLike<number>): void {
    if (this.keptPrefixes.size > 0) this.markInPrefixBits(slot, lexemes, categories);
    for (const lexeme of lexemes) {
      let list = this.postings.get(lexeme);
      if (!list) {
        list = { slots: new Uint32Array(4), length: 0, dense: null };
        this.postings.set(lexeme, list);
        this.unsorted.push(lexeme);
      }
      if (list.dense) {
        list.dense.set(slot);
        list.length += 1;
        continue;
      }
      if (list.length === list.slots.length) {
        if (list.length >= this.denseFrom && list.length * 32 > slot) {
          list.dense = new Bitset((slot >>> 5) + 1);
          for (const earlier of list.slots) list.dense.set(earlier);
          list.dense.set(slot);
          list.slots = EMPTY;
          list.length += 1;
          continue;
        }
        const grown = new Uint32Array(list.slots.length * 2);
        grown.set(list.slots);
        list.slots = grown;
      }
      list.slots[list.length++] = slot;
    }
  }

  /** A slot that stops being live: the kept counts that included it no longer do. */
  remove(slot: number, categories: ArrayLike<number>): void {
    for (const kept of this.keptPrefixes.values()) {
      if (kept.counts && kept.bits.has(slot)) count(kept.counts, categories, -1);
    }
  }

  /**
   * The slots holding a lexeme that starts with `prefix` (dead ones too), as a bitset of at
   * least `wordCount` words: the prefix's kept one, or else `scratch` filled in.
   */
  prefixBits(prefix: string, wordCount: number, scratch: Bitset, pin = false): Bitset {
    const kept = this.keptPrefix(prefix);
    if (kept) return kept.bits.reserve(wordCount);
    const { first, end, postings } = this.lexemesStarting(prefix, wordCount);
    // Bits of many postings are worth keeping for the next search on this prefix.
    const keep =
      pin || (postings > wordCount * this.keepFrom && wordCount <= PREFIX_BITSET_WORDS / 16);
    const bits = keep ? new Bitset(wordCount) : scratch;
    if (!keep) scratch.reset(wordCount);
    const { words, summary } = bits;
    for (let i = first; i < end; i += 1) {
      const { slots, length, dense } = this.postings.get(this.vocabulary[i]!)!;
      if (dense) {
        const common = Math.min(wordCount, dense.words.length);
        for (let w = 0; w < common; w += 1) words[w]! |= dense.words[w]!;
        const summaryCommon = Math.min(summary.length, dense.summary.length);
        for (let w = 0; w < summaryCommon; w += 1) summary[w]! |= dense.summary[w]!;
        continue;
      }
      for (let j = 0; j < length; j += 1) {
        const slot = slots[j]!;
        const word = slot >>> 5;
        words[word]! |= 1 << (slot & 31);
        summary[word >>> 5]! |= 1 << (word & 31);
      }
    }
    if (keep) this.keepPrefix(prefix, { bits, counts: null, pinned: pin });
    return bits;
  }

  /**
   * Keeps `prefix`'s bits whatever is searched since; false, and nothing kept, once the pinned
   * budget is spent.
   */
  pin(prefix: string, wordCount: number, scratch: Bitset): boolean {
    if (this.pinnedWords + wordCount > PINNED_BITSET_WORDS) return false;
    const kept = this.keptPrefixes.get(prefix);
    if (kept?.pinned) return true;
    if (kept) {
      kept.pinned = true;
      this.keptPrefixWords -= kept.bits.words.length;
      this.pinnedWords += kept.bits.words.length;
      return true;
    }
    this.prefixBits(prefix, wordCount, scratch, true);
    return true;
  }

  /** Prefixes whose lexemes have at least `minimum` postings together, the most first. */
  largestPrefixes(minimum: number): string[] {
    this.sortVocabulary();
    const { vocabulary } = this;
    const before = new Float64Array(vocabulary.length + 1);
    vocabulary.forEach((lexeme, i) => {
      before[i + 1] = before[i]! + this.postings.get(lexeme)!.length;
    });
    const found: { prefix: string; postings: number }[] = [];
    // [first, end) share their first `length` characters; each longer prefix is a run of them.
    const visit = (first: number, end: number, length: number) => {
      let start = first;
      while (start < end) {
        if (vocabulary[start]!.length <= length) {
          start += 1;
          continue;
        }
        const prefix = vocabulary[start]!.slice(0, length + 1);
        let stop = start + 1;
        while (stop < end && vocabulary[stop]!.startsWith(prefix)) stop += 1;
        const postings = before[stop]! - before[start]!;
        if (postings >= minimum) {
          found.push({ prefix, postings });
          visit(start, stop, length + 1);
        }
        start = stop;
      }
    };
    visit(0, vocabulary.length, 0);
    return found.sort((a, b) => b.postings - a.postings).map(({ prefix }) => prefix);
  }

  /** The prefix's kept bitset and counts, when it has them; most recently used goes last. */
  keptPrefix(prefix: string): KeptPrefix | null {
    const kept = this.keptPrefixes.get(prefix);
    if (!kept) return null;
    this.keptPrefixes.delete(prefix);
    this.keptPrefixes.set(prefix, kept);
    return kept;
  }

  /** The range of sorted lexemes that start with `prefix`, and the work of merging them. */
  private lexemesStarting(prefix: string, wordCount: number) {
    this.sortVocabulary();
    const first = lowerBound(this.vocabulary, prefix);
    let end = first;
    let postings = 0;
    while (end < this.vocabulary.length && this.vocabulary[end]!.startsWith(prefix)) {
      const list = this.postings.get(this.vocabulary[end]!)!;
      postings += list.dense ? wordCount : list.length;
      end += 1;
    }
    return { first, end, postings };
  }

  private keepPrefix(prefix: string, kept: KeptPrefix) {
    this.keptPrefixes.set(prefix, kept);
    if (kept.pinned) {
      this.pinnedWords += kept.bits.words.length;
      return;
    }
    this.keptPrefixWords += kept.bits.words.length;
    for (const [oldest, old] of this.keptPrefixes) {
      if (this.keptPrefixWords <= PREFIX_BITSET_WORDS) break;
      if (old.pinned) continue;
      this.keptPrefixes.delete(oldest);
      this.keptPrefixWords -= old.bits.words.length;
    }
  }

  /** A new slot joins the kept bitsets, and counts, of every prefix of its lexemes. */
  private markInPrefixBits(slot: number, lexemes: string[], categories: ArrayLike<number>) {
    const marked = new Set<KeptPrefix>();
    for (const lexeme of lexemes) {
      for (let length = 1; length <= lexeme.length; length += 1) {
        const kept = this.keptPrefixes.get(lexeme.slice(0, length));
        if (!kept || marked.has(kept)) continue;
        marked.add(kept);
        kept.bits.set(slot);
        if (kept.counts && !count(kept.counts, categories, 1)) kept.counts = null;
      }
    }
  }

  /**
   * Moves every slot to `newSlotOf[slot]` (of `slotCount`), dropping those mapped to -1 and
   * lexemes left empty. Kept prefixes keep their counts: they count live slots only.
   */
  renumber(newSlotOf: Int32Array, slotCount: number): void {
    for (const [lexeme, list] of this.postings) {
      if (list.dense) {
        const dense = renumbered(list.dense, newSlotOf, slotCount);
        let length = 0;
        for (const word of dense.words) length += popcount(word);
        if (length === 0) this.postings.delete(lexeme);
        else this.postings.set(lexeme, { slots: EMPTY, length, dense });
        continue;
      }
      let length = 0;
      for (let i = 0; i < list.length; i += 1) {
        const slot = newSlotOf[list.slots[i]!]!;
        if (slot >= 0) list.slots[length++] = slot;
      }
      if (length === 0) this.postings.delete(lexeme);
      else this.postings.set(lexeme, { slots: list.slots.slice(0, length), length, dense: null });
    }
    this.vocabulary = [...this.postings.keys()].sort();
    this.unsorted = [];
    for (const kept of this.keptPrefixes.values()) {
      const words = kept.bits.words.length;
      kept.bits = renumbered(kept.bits, newSlotOf, slotCount);
      const change = kept.bits.words.length - words;
      if (kept.pinned) this.pinnedWords += change;
      else this.keptPrefixWords += change;
    }
  }

  private sortVocabulary() {
    if (this.unsorted.length === 0) return;
    if (this.unsorted.length <= SORT_IN_ONE_BY_ONE) {
      for (const lexeme of this.unsorted) {
        this.vocabulary.splice(lowerBound(this.vocabulary, lexeme), 0, lexeme);
      }
    } else {
      this.vocabulary = this.vocabulary.concat(this.unsorted).sort();
    }
    this.unsorted = [];
  }
}

/** Counts a slot in or out; false when a category is past the counts' end (count them anew). */
function count(counts: PrefixCounts, categories: ArrayLike<number>, delta: 1 | -1): boolean {
  counts.total += delta;
  for (let i = 0; i < categories.length; i += 1) {
    if (categories[i]! >= counts.perCategory.length) return false;
    counts.perCategory[categories[i]!]! += delta;
  }
  return true;
}

/** The first index in sorted `values` whose value is not below `value`. */
function lowerBound(values: string[], value: string): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
