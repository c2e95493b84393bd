import { randomUUID } from 'node:crypto';
import { Bitset, popcount, renumbered, setBits, summaryLength } from './directory-bitset.ts';
import type { OrganizationSummary } from '@si/contracts';
import { FacetCounts } from './facet-counts.ts';
import { SummaryArena } from './summary-arena.ts';
import { DENSE_FROM, TextPostings } from './text-postings.ts';

/** What the index keeps of a published organization: its list item and what filters it. */
export interface IndexedOrganization extends OrganizationSummary {
  /** The distinct lexemes of its search vector, as PostgreSQL made them. */
  lexemes: string[];
}

export interface IndexFilter {
  /** A country code; organizations in the country ALL_COUNTRIES_CODE match every country. */
  country?: string | undefined;
  /** Every one of these categories (AND). */
  categoryIds?: string[] | undefined;
  /** Lower-case prefixes; an organization matches when each starts one of its lexemes. */
  terms?: string[] | undefined;
  /** Only organizations with the Verified badge. */
  verified?: boolean | undefined;
}

/**
 * The Verified badge is kept as one more category that no reference category can be named (ids
 * are lower-case letters, digits and underscores): its bits, its kept counts and its counting
 * through the matches are the categories' own. It never shows among the facets.
 */
const VERIFIED = ' verified';

/** A (name, id) position in the directory's order. */
export type OrderKey = readonly [name: string, id: string];

export interface IndexAnswer {
  total: number;
  /** Matches per category, for categories with at least one, as a JSON object. */
  facetsJson: string;
  /** Matches with the Verified badge. */
  verified: number;
  /** Up to `limit` positions after the one asked for, in order. */
  keys: OrderKey[];
  /** Whether more matches follow them. */
  more: boolean;
  /** Their list items as a JSON array (OrganizationSummary[]). */
  items: Buffer;
  /**
   * Names the index's contents: a query asked again while this holds gets the same answer, so
   * it stands in for a hash of the answer in an entity tag.
   */
  state: string;
}

/**
 * The cost model of facet counting, in steps measured at 100,000 organizations: one matching
 * word against one category's bits, and one match (plus one step per category it carries).
 */
const WORD_STEP = 1;
const MATCH_STEP = 4;

/** When the index reorganizes itself. Tests lower them to reach every path with a few rows. */
export interface IndexThresholds {
  /**
   * Changed organizations get new slots after the sorted ones (the tail); once the tail is this
   * many, or a thirty-second of the directory, every slot is renumbered in order again.
   */
  tailAtMost: number;
  /** Dead slots are dropped once they are this many, or half the live ones. */
  deadAtMost: number;
  /** A bulk change sorts the tail once; this many changes or fewer are placed one by one. */
  placeOneByOne: number;
  /** Prefixes with this many postings (or a hundredth of the directory) are kept from the start. */
  largePrefix: number;
  /** A lexeme's postings become a bitset past this many (text-postings.ts). */
  denseFrom: number;
}

export const DEFAULT_THRESHOLDS: IndexThresholds = {
  tailAtMost: 4096,
  deadAtMost: 4096,
  placeOneByOne: 256,
  largePrefix: 1000,
  denseFrom: DENSE_FROM,
};

/**
 * Every published organization in memory, as bitsets over slots: one per category, one per
 * country, text postings per lexeme, and each one's list item as JSON. A query is one pass over
 * the words its sparsest filter leaves (each bitset's summary says which words can match); the
 * counts come from the matches or, for the commonest questions, from counts kept as
 * organizations come and go; and a page is bytes already serialized. The database is not asked
 * (ADR 018).
 *
 * Slots are numbered in the directory's (name, id) order, so a page is the next matching bits
 * after the cursor's slot. A change only marks the old slot dead (cleared from `live`, which
 * every query starts from) and appends a new one to the tail, kept in order beside the sorted
 * slots; a page merges the two. When the tail or the dead slots grow many, every live slot is
 * renumbered in order.
 */
export class DirectoryIndex {
  private ids: string[] = [];
  private names: string[] = [];
  private slotById = new Map<string, number>();
  private live = new Bitset();
  private liveCount = 0;
  private categories: CategoryColumn[] = [];
  private categoryByKey = new Map<string, CategoryColumn>();
  /**
   * Each slot's categories as a bit mask over their positions in `categories`, `maskWords`
   * words per slot: counting a match's categories reads one place in memory.
   */
  private categoryMasks = new Uint32Array(1024);
  private maskWords = 1;
  /** Categories carried, summed over the slots (dead ones too): the cost model's average. */
  private categoryLinks = 0;
  private byCountry = new Map<string, Bitset>();
  /** Each slot's country, as a position in `countryKeys`. */
  private countryOf = new Uint16Array(1024);
  private countryKeys: string[] = [];
  private countryPosition = new Map<string, number>();
  private counts = new FacetCounts();

  /** The country codes that hold at least one organization (ALL among them if it does). */
  countries(): readonly string[] {
    return this.counts.countries();
  }
  private text: TextPostings;
  private summaries = new SummaryArena();
  /** Slots below this one are in (name, id) order, dead ones included. */
  private sortedEnd = 0;
  /** The slots from `sortedEnd` on, dead ones included: in (name, id) order when tailSorted. */
  private tail = new Uint32Array(1024);
  private tailSorted = true;
  /** Scratch for one query (queries run synchronously, one at a time). */
  private hitWords = new Uint32Array(0);
  private hitMasks = new Uint32Array(0);
  private candidates = new Uint32Array(0);
  private termScratch: Bitset[] = [];
  /** This index, and how many changes it has applied: together, the `state` of its answers. */
  private readonly instance = randomUUID().slice(0, 8);
  private changes = 0;

  constructor(
    private readonly allCountries: string,
    private readonly thresholds: IndexThresholds = DEFAULT_THRESHOLDS,
  ) {
    this.text = new TextPostings(thresholds.denseFrom);
  }

  /** The organizations held: every published one, once the index has caught up. */
  get size(): number {
    return this.liveCount;
  }

  /**
   * Removes the organizations `changedIds` names and adds `rows` (the published ones among them,
   * as they are now): the same call serves a create, an edit, a publication, an unpublication and
   * a deletion.
   */
  apply(changedIds: Iterable<string>, rows: IndexedOrganization[]): void {
    this.changes += 1;
    for (const id of changedIds) {
      if (this.slotById.has(id)) this.remove(id);
    }
    const oneByOne = this.tailSorted && rows.length <= this.thresholds.placeOneByOne;
    for (const row of rows) this.add(row, oneByOne);
    if (!oneByOne && rows.length > 0) this.tailSorted = false;
  }

  /**
   * Puts the slots in order after changes: sorts the tail, or renumbers everything when the
   * tail or the dead slots have grown many. Queries call it, and so does keepLargestPrefixes().
   */
  settle(): void {
    const tailLength = this.ids.length - this.sortedEnd;
    const dead = this.ids.length - this.liveCount;
    const { tailAtMost, deadAtMost } = this.thresholds;
    if (
      tailLength > Math.max(tailAtMost, this.liveCount / 32) ||
      dead > Math.max(deadAtMost, this.liveCount / 2)
    ) {
      this.compact();
    } else {
      this.sortTail();
    }
  }

  /**
   * Keeps, from the start, the bits and counts of the prefixes that match the most
   * organizations: the searches that cost the most to answer, a first letter or two as
   * someone types.
   */
  keepLargestPrefixes(): void {
    this.settle();
    const wordCount = (this.ids.length + 31) >>> 5;
    const minimum = Math.max(this.thresholds.largePrefix, this.liveCount / 100);
    for (const prefix of this.text.largestPrefixes(minimum)) {
      if (!this.text.pin(prefix, wordCount, this.termScratchAt(0))) break;
      // Counted as a search on it alone is, which keeps its counts.
      this.query({ terms: [prefix] }, null, 0);
    }
  }

  query(filter: IndexFilter, after: OrderKey | null, limit: number): IndexAnswer {
    this.settle();
    const wordCount = (this.ids.length + 31) >>> 5;
    const from: PageStart = {
      slot: after ? this.sortedSlotAfter(after) : 0,
      tail: after ? this.tailPositionAfter(after) : 0,
    };
    const categoryIds = [...(filter.categoryIds ?? []), ...(filter.verified ? [VERIFIED] : [])];
    const terms = filter.terms ?? [];
    const columns = categoryIds.map((key) => this.categoryByKey.get(key));
    if (columns.some((column) => !column)) return this.answer(limit, 0, null, []);
    const categoryBits = columns.map((column) => column!.bits.reserve(wordCount));
    const country = filter.country ? this.countryBits(filter.country, wordCount) : null;
    if (terms.length === 0 && columns.length <= 1) {
      // Everything, a country, a category, or both: the kept counts answer.
      const countries = filter.country ? [...new Set([filter.country, this.allCountries])] : null;
      const counted = this.counts.answer(countries, columns[0]?.position, this.categories.length);
      return this.answer(
        limit,
        counted.total,
        counted.perCategory,
        counted.total === 0 ? [] : this.page(categoryBits, country, from, limit + 1),
      );
    }
    const alone = terms.length === 1 && columns.length === 0 && !country;
    const kept = alone ? this.text.keptPrefix(terms[0]!) : null;
    if (kept?.counts) {
      // The same prefix alone, asked for before: its counts are kept.
      const { total, perCategory } = kept.counts;
      const bits = [kept.bits.reserve(wordCount)];
      return this.answer(
        limit,
        total,
        perCategory,
        total === 0 ? [] : this.page(bits, null, from, limit + 1),
      );
    }
    const termBits = terms.map((term, i) =>
      this.text.prefixBits(term, wordCount, this.termScratchAt(i)),
    );
    const sets = [...categoryBits, ...termBits];
    const hits = this.gather(sets, country, 0, this.ids.length, 0);
    let total = 0;
    for (let h = 0; h < hits; h += 1) total += popcount(this.hitMasks[h]!);
    const perCategory = this.countPerCategory(hits, total, wordCount);
    if (alone) {
      const keptNow = this.text.keptPrefix(terms[0]!);
      if (keptNow && keptNow.bits === termBits[0]) keptNow.counts = { total, perCategory };
    }
    if (total === 0) return this.answer(limit, 0, null, []);
    const slots = this.pageFromHits(hits, sets, country, from, limit + 1);
    return this.answer(limit, total, perCategory, slots);
  }

  /**
   * Which of `ids` match `filter` now, in the directory's order: a saved search's alert asks
   * this of the organizations changed since its last one (ADR 034). A slot at a time, with the
   * same bits a query reads.
   */
  matchingAmong(filter: IndexFilter, ids: readonly string[]): OrderKey[] {
    const slots = ids.flatMap((id) => this.slotById.get(id) ?? []);
    if (slots.length === 0) return [];
    const wordCount = (this.ids.length + 31) >>> 5;
    const categoryIds = [...(filter.categoryIds ?? []), ...(filter.verified ? [VERIFIED] : [])];
    const columns = categoryIds.map((key) => this.categoryByKey.get(key));
    if (columns.some((column) => !column)) return [];
    const sets = [
      ...columns.map((column) => column!.bits.reserve(wordCount)),
      ...(filter.terms ?? []).map((term, i) =>
        this.text.prefixBits(term, wordCount, this.termScratchAt(i)),
      ),
    ];
    const country = filter.country ? this.countryBits(filter.country, wordCount) : null;
    return slots
      .filter((slot) => this.matches(slot, sets, country))
      .sort((a, b) => this.compareSlots(a, b))
      .map((slot): OrderKey => [this.names[slot]!, this.ids[slot]!]);
  }

  /** The bits of a country and of ALL (every organization working in every country). */
  private countryBits(country: string, wordCount: number): CountryBits {
    const all = bitsetFor(this.byCountry, this.allCountries).reserve(wordCount);
    return [this.byCountry.get(country)?.reserve(wordCount) ?? all, all];
  }

  private termScratchAt(i: number): Bitset {
    while (this.termScratch.length <= i) this.termScratch.push(new Bitset());
    return this.termScratch[i]!;
  }

  /**
   * The words with slots in [fromSlot, toSlot) in `live`, in every one of `sets` and in either
   * of `country`, as hitWords/hitMasks (returns how many); only the words whose summary bit is
   * set in each of them are looked at. With `enough` above 0 it stops once that many slots match.
   */
  private gather(
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
      const first = sets[0] ?? this.live;
      candidates.set(first.summary.subarray(fromSummary, endSummary), fromSummary);
    }
    for (const set of sets) {
      const summary = set.summary;
      for (let s = fromSummary; s < endSummary; s += 1) candidates[s]! &= summary[s]!;
    }
    const live = this.live.words;
    const own = country?.[0].words ?? live;
    const all = country?.[1].words ?? live;
    // The first two sets' words by name: most queries have no more, and this loop is hot.
    const words = sets.map((set) => set.words);
    const first = words[0] ?? live;
    const second = words[1] ?? live;
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
        let mask = live[word]! & (own[word]! | all[word]!) & first[word]! & second[word]!;
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

  /** Up to `limit` matches from `from` on, in order: sorted slots and the tail merged. */
  private page(
    sets: Bitset[],
    country: CountryBits | null,
    from: PageStart,
    limit: number,
  ): number[] {
    const hits = this.gather(sets, country, from.slot, this.sortedEnd, limit);
    return this.pageFromHits(hits, sets, country, from, limit);
  }

  private pageFromHits(
    hits: number,
    sets: Bitset[],
    country: CountryBits | null,
    from: PageStart,
    limit: number,
  ): number[] {
    const { hitWords, hitMasks, sortedEnd } = this;
    const fromWord = from.slot >>> 5;
    const slots: number[] = [];
    let h = lowerBound(hitWords, hits, fromWord);
    collecting: for (; h < hits; h += 1) {
      const word = hitWords[h]!;
      if (word << 5 >= sortedEnd) break;
      let mask = hitMasks[h]!;
      if (word === fromWord) mask &= -1 << (from.slot & 31);
      if (word === sortedEnd >>> 5) mask &= ~(-1 << (sortedEnd & 31));
      while (mask !== 0) {
        const lowest = mask & -mask;
        mask ^= lowest;
        slots.push((word << 5) | (31 - Math.clz32(lowest)));
        if (slots.length === limit) break collecting;
      }
    }
    const tailLength = this.ids.length - sortedEnd;
    if (tailLength === 0) return slots;
    const tailSlots: number[] = [];
    for (let p = from.tail; p < tailLength && tailSlots.length < limit; p += 1) {
      const slot = this.tail[p]!;
      if (this.matches(slot, sets, country)) tailSlots.push(slot);
    }
    return this.merge(slots, tailSlots, limit);
  }

  private matches(slot: number, sets: Bitset[], country: CountryBits | null): boolean {
    if (!this.live.has(slot)) return false;
    if (country && !country[0].has(slot) && !country[1].has(slot)) return false;
    return sets.every((set) => set.has(slot));
  }

  /** Two lists of slots in order, merged in order, the first `limit`. */
  private merge(a: number[], b: number[], limit: number): number[] {
    if (b.length === 0) return a;
    const merged: number[] = [];
    let i = 0;
    let j = 0;
    while (merged.length < limit && (i < a.length || j < b.length)) {
      if (j === b.length || (i < a.length && this.compareSlots(a[i]!, b[j]!) < 0)) {
        merged.push(a[i++]!);
      } else {
        merged.push(b[j++]!);
      }
    }
    return merged;
  }

  /**
   * Matches per category position. Through the matches it costs a step per match and category
   * it carries; through the words, a step per matching word and category: the cheaper one.
   */
  private countPerCategory(hits: number, total: number, wordCount: number): Int32Array {
    const counts = new Int32Array(this.categories.length);
    const { hitWords, hitMasks } = this;
    const perSlot = this.categoryLinks / Math.max(1, this.ids.length);
    if (hits * this.categories.length * WORD_STEP < total * (MATCH_STEP + perSlot)) {
      for (const column of this.categories) {
        const words = column.bits.reserve(wordCount).words;
        let count = 0;
        for (let h = 0; h < hits; h += 1) {
          const common = hitMasks[h]! & words[hitWords[h]!]!;
          if (common !== 0) count += popcount(common);
        }
        counts[column.position] = count;
      }
      return counts;
    }
    const { categoryMasks, maskWords } = this;
    for (let h = 0; h < hits; h += 1) {
      let mask = hitMasks[h]!;
      const base = hitWords[h]! << 5;
      while (mask !== 0) {
        const lowest = mask & -mask;
        mask ^= lowest;
        const at = (base | (31 - Math.clz32(lowest))) * maskWords;
        for (let k = 0; k < maskWords; k += 1) {
          let categories = categoryMasks[at + k]!;
          while (categories !== 0) {
            const bit = categories & -categories;
            categories ^= bit;
            counts[(k << 5) | (31 - Math.clz32(bit))]! += 1;
          }
        }
      }
    }
    return counts;
  }

  /** Written out directly: a page is bytes, and an object of 48 keys costs more to build. */
  private facetsJson(perCategory: Int32Array | null): string {
    if (!perCategory) return '{}';
    let json = '';
    for (const column of this.categories) {
      const count = perCategory[column.position]!;
      if (count > 0 && column.key !== VERIFIED)
        json += `${json ? ',' : ''}${column.jsonKey}${count}`;
    }
    return `{${json}}`;
  }

  /**
   * The answer for `slots`, the page and the match after it when there is one; `perCategory`
   * counts the matches per category position (null: none match).
   */
  private answer(
    limit: number,
    total: number,
    perCategory: Int32Array | null,
    slots: number[],
  ): IndexAnswer {
    const page = slots.slice(0, limit);
    const verified = this.categoryByKey.get(VERIFIED);
    return {
      total,
      facetsJson: this.facetsJson(perCategory),
      verified: (verified && perCategory?.[verified.position]) || 0,
      keys: page.map((slot): OrderKey => [this.names[slot]!, this.ids[slot]!]),
      more: slots.length > limit,
      items: this.summaries.join(page),
      state: `${this.instance}.${this.changes}`,
    };
  }

  private add(row: IndexedOrganization, oneByOne: boolean) {
    const slot = this.ids.length;
    if (slot >= this.countryOf.length) this.growSlots();
    this.ids.push(row.id);
    this.names.push(row.name);
    this.slotById.set(row.id, slot);
    this.live.set(slot);
    this.liveCount += 1;
    this.storeCategories(slot, row.verification ? [...row.categoryIds, VERIFIED] : row.categoryIds);
    bitsetFor(this.byCountry, row.country).set(slot);
    let country = this.countryPosition.get(row.country);
    if (country === undefined) {
      country = this.countryKeys.push(row.country) - 1;
      this.countryPosition.set(row.country, country);
    }
    this.countryOf[slot] = country;
    this.counts.change(row.country, this.categoryPositions(slot), 1);
    this.text.add(slot, row.lexemes, this.categoryPositions(slot));
    this.summaries.store(slot, summaryJson(row));
    const tailLength = slot - this.sortedEnd;
    if (tailLength === this.tail.length) {
      const grown = new Uint32Array(this.tail.length * 2);
      grown.set(this.tail);
      this.tail = grown;
    }
    const position = oneByOne ? this.tailPositionAfter([row.name, row.id], tailLength) : tailLength;
    this.tail.copyWithin(position + 1, position, tailLength);
    this.tail[position] = slot;
  }

  private remove(id: string) {
    const slot = this.slotById.get(id)!;
    this.slotById.delete(id);
    this.live.clear(slot);
    this.liveCount -= 1;
    this.counts.change(this.countryKeys[this.countryOf[slot]!]!, this.categoryPositions(slot), -1);
    this.text.remove(slot, this.categoryPositions(slot));
    this.summaries.release(slot);
  }

  private storeCategories(slot: number, categoryIds: string[]) {
    for (const key of new Set(categoryIds)) {
      let column = this.categoryByKey.get(key);
      if (!column) {
        column = {
          key,
          jsonKey: `${JSON.stringify(key)}:`,
          position: this.categories.length,
          bits: new Bitset(),
        };
        this.categories.push(column);
        this.categoryByKey.set(key, column);
        if (this.categories.length > this.maskWords * 32) this.widenMasks();
      }
      column.bits.set(slot);
      const position = column.position;
      this.categoryMasks[slot * this.maskWords + (position >>> 5)]! |= 1 << (position & 31);
      this.categoryLinks += 1;
    }
  }

  /** The positions of a slot's categories, ascending. */
  private categoryPositions(slot: number): number[] {
    const positions: number[] = [];
    for (let k = 0; k < this.maskWords; k += 1) {
      let mask = this.categoryMasks[slot * this.maskWords + k]!;
      while (mask !== 0) {
        const bit = mask & -mask;
        mask ^= bit;
        positions.push((k << 5) | (31 - Math.clz32(bit)));
      }
    }
    return positions;
  }

  /** One more mask word per slot, for a 33rd (65th, ...) category. */
  private widenMasks() {
    const words = this.maskWords + 1;
    const masks = new Uint32Array(this.countryOf.length * words);
    for (let slot = 0; slot < this.countryOf.length; slot += 1) {
      masks.set(
        this.categoryMasks.subarray(slot * this.maskWords, (slot + 1) * this.maskWords),
        slot * words,
      );
    }
    this.categoryMasks = masks;
    this.maskWords = words;
  }

  private growSlots() {
    const size = this.countryOf.length * 2;
    const masks = new Uint32Array(size * this.maskWords);
    masks.set(this.categoryMasks);
    this.categoryMasks = masks;
    const countries = new Uint16Array(size);
    countries.set(this.countryOf);
    this.countryOf = countries;
  }

  private compareSlots(a: number, b: number): number {
    return compareKeys(this.names[a]!, this.ids[a]!, this.names[b]!, this.ids[b]!);
  }

  /** The first sorted slot whose key comes after `key` (sortedEnd when none does). */
  private sortedSlotAfter(key: OrderKey): number {
    let low = 0;
    let high = this.sortedEnd;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareKeys(this.names[middle]!, this.ids[middle]!, key[0], key[1]) <= 0) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }

  /** The first position in the (sorted) tail whose key comes after `key`. */
  private tailPositionAfter(key: OrderKey, tailLength = this.ids.length - this.sortedEnd): number {
    let low = 0;
    let high = tailLength;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const slot = this.tail[middle]!;
      if (compareKeys(this.names[slot]!, this.ids[slot]!, key[0], key[1]) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The live slots in (name, id) order: the sorted ones merged with the tail's. */
  private liveSlotsInOrder(): number[] {
    this.sortTail();
    const sorted = Array.from(
      setBits(this.live.words, (this.sortedEnd + 31) >>> 5, this.liveCount),
    ).filter((slot) => slot < this.sortedEnd);
    const tail = Array.from(this.tail.subarray(0, this.ids.length - this.sortedEnd)).filter(
      (slot) => this.live.has(slot),
    );
    return this.merge(sorted, tail, this.liveCount);
  }

  private sortTail() {
    if (this.tailSorted) return;
    const tailLength = this.ids.length - this.sortedEnd;
    const sorted = Array.from(this.tail.subarray(0, tailLength)).sort((a, b) =>
      this.compareSlots(a, b),
    );
    this.tail.set(sorted);
    this.tailSorted = true;
  }

  /**
   * Renumbers the live slots 0..n-1 in (name, id) order and drops the dead ones from every
   * bitset, posting list and arena.
   */
  private compact() {
    const liveSlots = this.liveSlotsInOrder();
    const newSlotOf = new Int32Array(this.ids.length).fill(-1);
    liveSlots.forEach((slot, position) => {
      newSlotOf[slot] = position;
    });
    const renumber = (bitset: Bitset) => renumbered(bitset, newSlotOf, liveSlots.length);
    for (const column of this.categories) column.bits = renumber(column.bits);
    for (const [key, bitset] of this.byCountry) this.byCountry.set(key, renumber(bitset));
    this.live = renumber(this.live);
    this.text.renumber(newSlotOf, liveSlots.length);
    this.summaries = this.summaries.renumbered(liveSlots);
    const capacity = Math.max(1024, liveSlots.length * 2);
    const maskWords = this.maskWords;
    const categoryMasks = new Uint32Array(capacity * maskWords);
    const countryOf = new Uint16Array(capacity);
    let links = 0;
    liveSlots.forEach((slot, position) => {
      for (let k = 0; k < maskWords; k += 1) {
        const mask = this.categoryMasks[slot * maskWords + k]!;
        categoryMasks[position * maskWords + k] = mask;
        links += popcount(mask);
      }
      countryOf[position] = this.countryOf[slot]!;
    });
    this.categoryMasks = categoryMasks;
    this.countryOf = countryOf;
    this.categoryLinks = links;
    this.ids = liveSlots.map((slot) => this.ids[slot]!);
    this.names = liveSlots.map((slot) => this.names[slot]!);
    this.slotById = new Map(this.ids.map((id, slot) => [id, slot]));
    this.sortedEnd = liveSlots.length;
    this.tail = new Uint32Array(1024);
    this.tailSorted = true;
  }
}

/** Where a page starts: the first sorted slot after the cursor, and the first tail position. */
interface PageStart {
  slot: number;
  tail: number;
}

/** A country's bits and those of ALL; a slot matches the country when it is in either. */
type CountryBits = readonly [own: Bitset, all: Bitset];

/** One category: its key, its position in the per-slot lists and counts, and its matches. */
interface CategoryColumn {
  key: string;
  /** `"key":`, as the facets' JSON writes it. */
  jsonKey: string;
  position: number;
  bits: Bitset;
}

/** The list item exactly as the API documents it (OrganizationSummary), in its key order. */
function summaryJson(row: IndexedOrganization): string {
  return JSON.stringify({
    id: row.id,
    name: row.name,
    description: row.description,
    logo: row.logo,
    categoryIds: row.categoryIds,
    country: row.country,
    location: row.location,
    verification: row.verification,
  });
}

function bitsetFor(sets: Map<string, Bitset>, key: string): Bitset {
  let bitset = sets.get(key);
  if (!bitset) {
    bitset = new Bitset();
    sets.set(key, bitset);
  }
  return bitset;
}

/**
 * The directory's order: by name, then id, comparing UTF-16 code units — PostgreSQL's "C"
 * collation for the names people type, and the uuid's own order for lower-case hex ids.
 */
export function compareKeys(nameA: string, idA: string, nameB: string, idB: string): number {
  if (nameA !== nameB) return nameA < nameB ? -1 : 1;
  if (idA !== idB) return idA < idB ? -1 : 1;
  return 0;
}

/** The first index below `length` in ascending `values` whose value is not below `value`. */
function lowerBound(values: Uint32Array, length: number, value: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
