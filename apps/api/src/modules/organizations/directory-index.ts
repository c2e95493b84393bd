import {
  Bitset,
  countBits,
  countCommonBits,
  intersectEither,
  intersectInto,
  setBits,
} from './directory-bitset.ts';
import type { OrganizationSummary } from '@si/contracts';
import { FacetCounts } from './facet-counts.ts';
import { SummaryArena } from './summary-arena.ts';
import { TextPostings, type KeptPrefix } from './text-postings.ts';

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
}

/** A (name, id) position in the directory's order. */
export type OrderKey = readonly [name: string, id: string];

export interface IndexAnswer {
  total: number;
  /** Matches per category, for categories with at least one. */
  facets: Record<string, number>;
  /** Up to `limit` positions after the one asked for, in order. */
  keys: OrderKey[];
  /** Whether more matches follow them. */
  more: boolean;
  /** Their list items as a JSON array (OrganizationSummary[]). */
  items: Buffer;
}

/** Below this many matches a page is cut from the sorted matches rather than a walk of the order. */
const FEW_MATCHES = 1024;

/**
 * Every published organization in memory, as bitsets over slots: one per category, one per
 * country, text postings per lexeme, the (name, id) order of the slots, and each one's list
 * item as JSON. A query is a few passes over words, and a page is bytes already serialized;
 * the database is not asked (ADR 018).
 *
 * A changed organization gets a new slot and its old one is only marked dead (cleared from
 * `live`, which every query starts from), so a change costs a few bit flips and one move in the
 * order; dead slots are compacted away once they are many.
 */
export class DirectoryIndex {
  private ids: string[] = [];
  private names: string[] = [];
  private slotById = new Map<string, number>();
  private live = new Bitset();
  private liveCount = 0;
  private categories: CategoryColumn[] = [];
  private categoryByKey = new Map<string, CategoryColumn>();
  /** Each slot's categories, as positions in `categories`: slotCategories[start, start + count). */
  private categoryStart = new Uint32Array(1024);
  private categoryCount = new Uint8Array(1024);
  private slotCategories = new Uint16Array(4096);
  private slotCategoriesUsed = 0;
  private byCountry = new Map<string, Bitset>();
  /** Each slot's country, as a position in `countryKeys`. */
  private countryOf = new Uint16Array(1024);
  private countryKeys: string[] = [];
  private countryPosition = new Map<string, number>();
  private counts = new FacetCounts();
  private text = new TextPostings();
  private summaries = new SummaryArena();
  /** Live slots in (name, id) order; `orderSorted` is false after a bulk change until sorted. */
  private order = new Uint32Array(1024);
  private orderLength = 0;
  private orderSorted = true;
  /** The position of each slot in `order`, rebuilt when the order has changed. */
  private rankOfSlot = new Uint32Array(0);
  private ranksValid = false;
  /** Scratch words for one query: queries run synchronously, one at a time. */
  private matches = new Uint32Array(0);

  constructor(private readonly allCountries: string) {}

  /**
   * Removes the organizations `changedIds` names and adds `rows` (the published ones among them,
   * as they are now): the same call serves a create, an edit, a publication, an unpublication and
   * a deletion.
   */
  apply(changedIds: Iterable<string>, rows: IndexedOrganization[]): void {
    const removed = [...changedIds].filter((id) => this.slotById.has(id));
    // One move in the order per change while changes are few; a re-sort once they are many.
    const incremental = removed.length + rows.length <= 256 && this.orderSorted;
    for (const id of removed) this.remove(id, incremental);
    for (const row of rows) this.add(row, incremental);
    if (!incremental) this.orderSorted = false;
    this.ranksValid = false;
    if (this.ids.length - this.liveCount > Math.max(4096, this.liveCount / 2)) this.compact();
  }

  query(filter: IndexFilter, after: OrderKey | null, limit: number): IndexAnswer {
    const answer = this.answer.bind(this, limit);
    this.sortOrder();
    const start = after ? this.positionAfter(after) : 0;
    const categoryIds = filter.categoryIds ?? [];
    const terms = filter.terms ?? [];
    if (!filter.country && categoryIds.length === 0 && terms.length === 0) {
      // Everything: the order is the page, and the counts are kept as organizations come and go.
      const { perCategory } = this.counts.answer(null, undefined, this.categories.length);
      const end = Math.min(this.orderLength, start + limit + 1);
      return answer(
        this.liveCount,
        this.facetsFrom(perCategory),
        Array.from(this.order.subarray(start, end)),
      );
    }
    const wordCount = (this.ids.length + 31) >>> 5;
    const columns = categoryIds.map((key) => this.categoryByKey.get(key));
    if (columns.some((column) => !column)) return answer(0, {}, []);
    const either = filter.country
      ? ([
          bitsetFor(this.byCountry, filter.country).reserve(wordCount),
          bitsetFor(this.byCountry, this.allCountries).reserve(wordCount),
        ] as const)
      : null;
    if (terms.length === 0 && columns.length <= 1) {
      // A country, a category, or both: the kept counts answer.
      const countries = filter.country ? [...new Set([filter.country, this.allCountries])] : null;
      const counted = this.counts.answer(countries, columns[0]?.position, this.categories.length);
      const only = columns[0]?.bits.reserve(wordCount) ?? null;
      return answer(
        counted.total,
        this.facetsFrom(counted.perCategory),
        this.pageOf(counted.total, either, only, start, limit + 1),
      );
    }
    const alone = terms.length === 1 && columns.length === 0 && !either;
    const firstPrefix = alone ? this.text.prefixWords(terms[0]!, wordCount) : null;
    if (firstPrefix) {
      const prefix = firstPrefix;
      if (prefix.kept?.counts) {
        // The same prefix alone, asked for before: its counts are kept.
        const { total, perCategory } = prefix.kept.counts;
        const only = prefix.kept.bits.reserve(wordCount);
        return answer(
          total,
          this.facetsFrom(perCategory),
          this.pageOf(total, null, only, start, limit + 1),
        );
      }
    }
    const matches = this.scratch(wordCount);
    matches.set(this.live.reserve(wordCount).subarray(0, wordCount));
    if (either) intersectEither(matches, either[0], either[1], wordCount);
    for (const column of columns)
      intersectInto(matches, column!.bits.reserve(wordCount), wordCount);
    let kept: KeptPrefix | null = null;
    for (const term of terms) {
      const prefix = firstPrefix ?? this.text.prefixWords(term, wordCount);
      intersectInto(matches, prefix.words, wordCount);
      kept = prefix.kept;
    }
    const total = countBits(matches, wordCount);
    if (total === 0) return answer(0, {}, []);
    // Counting through the matches costs a few steps per match; through the words, one step
    // per word for each category. Measured at 100,000 organizations, the first wins until
    // about half the words times the categories.
    const perCategory =
      total * 2 < wordCount * this.categories.length
        ? this.countMatches(matches, wordCount)
        : this.countWords(matches, wordCount);
    if (alone && kept) kept.counts = { total, perCategory };
    const slots =
      total <= FEW_MATCHES
        ? this.pageOfMembers(setBits(matches, wordCount, total), start, limit + 1)
        : this.pageByWalk(matches, null, start, limit + 1);
    return answer(total, this.facetsFrom(perCategory), slots);
  }

  /**
   * A page for a filter of at most a country (`either`: its bits or those of ALL) and one set
   * of bits (`only`), whose matches are already counted.
   */
  private pageOf(
    total: number,
    either: readonly [Uint32Array, Uint32Array] | null,
    only: Uint32Array | null,
    start: number,
    limit: number,
  ): number[] {
    if (total === 0) return [];
    if (total > FEW_MATCHES) return this.pageByWalk(only, either, start, limit);
    const wordCount = (this.ids.length + 31) >>> 5;
    const matches = this.scratch(wordCount);
    matches.set(this.live.reserve(wordCount).subarray(0, wordCount));
    if (either) intersectEither(matches, either[0], either[1], wordCount);
    if (only) intersectInto(matches, only, wordCount);
    return this.pageOfMembers(setBits(matches, wordCount, total), start, limit);
  }

  private facetsFrom(perCategory: Int32Array): Record<string, number> {
    const facets: Record<string, number> = {};
    for (const column of this.categories) {
      const count = perCategory[column.position]!;
      if (count > 0) facets[column.key] = count;
    }
    return facets;
  }

  /** The answer for `slots`, the page and the match after it when there is one. */
  private answer(
    limit: number,
    total: number,
    facets: Record<string, number>,
    slots: number[],
  ): IndexAnswer {
    const page = slots.slice(0, limit);
    return {
      total,
      facets,
      keys: page.map((slot): OrderKey => [this.names[slot]!, this.ids[slot]!]),
      more: slots.length > limit,
      items: this.summaries.join(page),
    };
  }

  private add(row: IndexedOrganization, incremental: boolean) {
    const slot = this.ids.length;
    if (slot >= this.categoryStart.length) this.growSlots();
    this.ids.push(row.id);
    this.names.push(row.name);
    this.slotById.set(row.id, slot);
    this.live.set(slot);
    this.liveCount += 1;
    this.storeCategories(slot, row.categoryIds);
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
    const position = incremental ? this.positionAfter([row.name, row.id]) : this.orderLength;
    this.insertIntoOrder(position, slot);
  }

  private remove(id: string, incremental: boolean) {
    const slot = this.slotById.get(id)!;
    this.slotById.delete(id);
    this.live.clear(slot);
    this.liveCount -= 1;
    this.counts.change(this.countryKeys[this.countryOf[slot]!]!, this.categoryPositions(slot), -1);
    this.text.remove(slot, this.categoryPositions(slot));
    if (incremental) {
      const position = this.positionOf(slot);
      this.order.copyWithin(position, position + 1, this.orderLength);
      this.orderLength -= 1;
    } else {
      // Dead slots leave the order when it is next sorted.
      this.orderSorted = false;
    }
  }

  private storeCategories(slot: number, categoryIds: string[]) {
    const distinct = [...new Set(categoryIds)].slice(0, 255);
    if (this.slotCategoriesUsed + distinct.length > this.slotCategories.length) {
      const grown = new Uint16Array(this.slotCategories.length * 2 + distinct.length);
      grown.set(this.slotCategories);
      this.slotCategories = grown;
    }
    this.categoryStart[slot] = this.slotCategoriesUsed;
    this.categoryCount[slot] = distinct.length;
    for (const key of distinct) {
      let column = this.categoryByKey.get(key);
      if (!column) {
        column = { key, position: this.categories.length, bits: new Bitset() };
        this.categories.push(column);
        this.categoryByKey.set(key, column);
      }
      column.bits.set(slot);
      this.slotCategories[this.slotCategoriesUsed++] = column.position;
    }
  }

  private categoryPositions(slot: number): Uint16Array {
    const start = this.categoryStart[slot]!;
    return this.slotCategories.subarray(start, start + this.categoryCount[slot]!);
  }

  private growSlots() {
    const size = this.categoryStart.length * 2;
    const starts = new Uint32Array(size);
    starts.set(this.categoryStart);
    this.categoryStart = starts;
    const counts = new Uint8Array(size);
    counts.set(this.categoryCount);
    this.categoryCount = counts;
    const countries = new Uint16Array(size);
    countries.set(this.countryOf);
    this.countryOf = countries;
  }

  private insertIntoOrder(position: number, slot: number) {
    if (this.orderLength === this.order.length) {
      const grown = new Uint32Array(this.order.length * 2);
      grown.set(this.order);
      this.order = grown;
    }
    this.order.copyWithin(position + 1, position, this.orderLength);
    this.order[position] = slot;
    this.orderLength += 1;
  }

  /** After bulk changes: the live slots, sorted by (name, id). */
  private sortOrder() {
    if (this.orderSorted) return;
    const liveSlots = setBits(this.live.words, this.live.words.length, this.liveCount);
    const sorted = Array.from(liveSlots).sort((a, b) => this.compareSlots(a, b));
    this.order = new Uint32Array(Math.max(1024, sorted.length * 2));
    this.order.set(sorted);
    this.orderLength = sorted.length;
    this.orderSorted = true;
    this.ranksValid = false;
  }

  private compareSlots(a: number, b: number): number {
    return compareKeys(this.names[a]!, this.ids[a]!, this.names[b]!, this.ids[b]!);
  }

  /** The first position in the order whose key comes after `key`. */
  private positionAfter(key: OrderKey): number {
    let low = 0;
    let high = this.orderLength;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const slot = this.order[middle]!;
      if (compareKeys(this.names[slot]!, this.ids[slot]!, key[0], key[1]) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private positionOf(slot: number): number {
    return this.positionAfter([this.names[slot]!, this.ids[slot]!]) - 1;
  }

  /** Matches per category position, one pass over the words per category. */
  private countWords(matches: Uint32Array, wordCount: number): Int32Array {
    const counts = new Int32Array(this.categories.length);
    for (const column of this.categories) {
      counts[column.position] = countCommonBits(matches, column.bits.words, wordCount);
    }
    return counts;
  }

  /** Matches per category position, one step per match and category it carries. */
  private countMatches(matches: Uint32Array, wordCount: number): Int32Array {
    const counts = new Int32Array(this.categories.length);
    const { categoryStart, categoryCount, slotCategories } = this;
    for (let i = 0; i < wordCount; i += 1) {
      let word = matches[i]!;
      while (word !== 0) {
        const lowest = word & -word;
        const slot = (i << 5) | (31 - Math.clz32(lowest));
        word ^= lowest;
        const end = categoryStart[slot]! + categoryCount[slot]!;
        for (let k = categoryStart[slot]!; k < end; k += 1) counts[slotCategories[k]!]! += 1;
      }
    }
    return counts;
  }

  /** Few matches: their positions in the order, sorted, from `start` on. */
  private pageOfMembers(members: Uint32Array, start: number, limit: number): number[] {
    const ranks = this.ranks();
    const positions = members.map((slot) => ranks[slot]!).sort();
    const slots: number[] = [];
    for (const position of positions) {
      if (position < start) continue;
      slots.push(this.order[position]!);
      if (slots.length === limit) break;
    }
    return slots;
  }

  /**
   * Many matches: walk the order from `start` until the page is full, keeping the slots set in
   * `only` (when given) and in either of `either` (when given). The order holds live slots only.
   */
  private pageByWalk(
    only: Uint32Array | null,
    either: readonly [Uint32Array, Uint32Array] | null,
    start: number,
    limit: number,
  ): number[] {
    const slots: number[] = [];
    for (let position = start; position < this.orderLength; position += 1) {
      const slot = this.order[position]!;
      const word = slot >>> 5;
      const bit = 1 << (slot & 31);
      if (only && (only[word]! & bit) === 0) continue;
      if (either && ((either[0][word]! | either[1][word]!) & bit) === 0) continue;
      slots.push(slot);
      if (slots.length === limit) break;
    }
    return slots;
  }

  private ranks(): Uint32Array {
    if (!this.ranksValid) {
      if (this.rankOfSlot.length < this.ids.length) {
        this.rankOfSlot = new Uint32Array(Math.max(1024, this.ids.length * 2));
      }
      for (let position = 0; position < this.orderLength; position += 1) {
        this.rankOfSlot[this.order[position]!] = position;
      }
      this.ranksValid = true;
    }
    return this.rankOfSlot;
  }

  private scratch(wordCount: number): Uint32Array {
    if (this.matches.length < wordCount) this.matches = new Uint32Array(wordCount * 2);
    return this.matches;
  }

  /**
   * Renumbers the live slots 0..n-1 in (name, id) order and drops the dead ones from every
   * bitset, posting list and arena.
   */
  private compact() {
    this.sortOrder();
    const liveSlots = this.order.slice(0, this.orderLength);
    const newSlotOf = new Int32Array(this.ids.length).fill(-1);
    liveSlots.forEach((slot, position) => {
      newSlotOf[slot] = position;
    });
    const renumber = (bitset: Bitset) => {
      const next = new Bitset((liveSlots.length + 31) >>> 5);
      for (const slot of setBits(bitset.words, bitset.words.length, this.ids.length)) {
        const renumbered = newSlotOf[slot]!;
        if (renumbered >= 0) next.set(renumbered);
      }
      return next;
    };
    for (const column of this.categories) column.bits = renumber(column.bits);
    for (const [key, bitset] of this.byCountry) this.byCountry.set(key, renumber(bitset));
    this.live = renumber(this.live);
    this.text.renumber(newSlotOf);
    this.summaries = this.summaries.compacted(liveSlots);
    const categoryStart = new Uint32Array(Math.max(1024, liveSlots.length * 2));
    const categoryCount = new Uint8Array(categoryStart.length);
    const countryOf = new Uint16Array(categoryStart.length);
    const slotCategories = new Uint16Array(Math.max(4096, this.slotCategoriesUsed));
    let used = 0;
    liveSlots.forEach((slot, position) => {
      const start = this.categoryStart[slot]!;
      const count = this.categoryCount[slot]!;
      slotCategories.set(this.slotCategories.subarray(start, start + count), used);
      categoryStart[position] = used;
      categoryCount[position] = count;
      countryOf[position] = this.countryOf[slot]!;
      used += count;
    });
    this.categoryStart = categoryStart;
    this.categoryCount = categoryCount;
    this.countryOf = countryOf;
    this.slotCategories = slotCategories;
    this.slotCategoriesUsed = used;
    this.ids = Array.from(liveSlots, (slot) => this.ids[slot]!);
    this.names = Array.from(liveSlots, (slot) => this.names[slot]!);
    this.slotById = new Map(this.ids.map((id, slot) => [id, slot]));
    this.order.set(liveSlots.map((_, position) => position));
    this.ranksValid = false;
  }
}

/** One category: its key, its position in the per-slot lists and counts, and its matches. */
interface CategoryColumn {
  key: string;
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
