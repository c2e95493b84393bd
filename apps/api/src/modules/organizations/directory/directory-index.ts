import { randomUUID } from 'node:crypto';
import { Bitset, popcount, renumbered } from './directory-bitset.ts';
import { CategoryColumns, VERIFIED, filterCategories } from './category-columns.ts';
import { CountryColumns, type CountryBits } from './country-columns.ts';
import { FacetCounts } from './facet-counts.ts';
import { HIRING, RoleExpiry, openRoleCount, utcToday } from './hiring.ts';
import {
  DEFAULT_THRESHOLDS,
  type IndexAnswer,
  type IndexFilter,
  type IndexThresholds,
  type IndexedOrganization,
  type OrderKey,
} from './index-types.ts';
import { SlotOrder } from './slot-order.ts';
import { SummaryArena, summaryJson } from './summary-arena.ts';
import { TextPostings } from './text-postings.ts';
import { WordScan, lowerBound } from './word-scan.ts';

/** The items of an answer asked for its keys only. */
const NO_ITEMS = Buffer.alloc(0);

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
  private order = new SlotOrder();
  private live = new Bitset();
  private liveCount = 0;
  private categories = new CategoryColumns(1024);
  private byCountry: CountryColumns;
  private counts = new FacetCounts();
  private text: TextPostings;
  private summaries = new SummaryArena();
  /** Scratch for one query (queries run synchronously, one at a time). */
  private scan = new WordScan();
  private termScratch: Bitset[] = [];
  /** This index, and how many changes it has applied: together, the `state` of its answers. */
  private readonly instance = randomUUID().slice(0, 8);
  private changes = 0;
  /** The day (UTC) open roles are counted for; it only moves forward. */
  private today: string;
  private expiry = new RoleExpiry();

  constructor(
    private readonly allCountries: string,
    private readonly thresholds: IndexThresholds = DEFAULT_THRESHOLDS,
    /** Today's date in UTC (YYYY-MM-DD); tests move it. */
    private readonly clock: () => string = utcToday,
  ) {
    this.byCountry = new CountryColumns(allCountries, 1024);
    this.text = new TextPostings(thresholds.denseFrom);
    this.today = clock();
  }

  /** The country codes that hold at least one organization (ALL among them if it does). */
  countries(): readonly string[] {
    return this.counts.countries();
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
    this.passTime();
    this.reapply(changedIds, rows);
  }

  private reapply(changedIds: Iterable<string>, rows: IndexedOrganization[]): void {
    this.changes += 1;
    for (const id of changedIds) {
      if (this.order.slotById.has(id)) this.remove(id);
    }
    const oneByOne = this.order.tailSorted && rows.length <= this.thresholds.placeOneByOne;
    for (const row of rows) this.add(row, oneByOne);
    if (!oneByOne && rows.length > 0) this.order.tailSorted = false;
  }

  /**
   * Moves to today's date, and indexes again the organizations whose open roles it changes
   * (a closing date passed) from the rows the expiry keeps: their hiring bit, counts and list
   * items are then today's, and the answers' state moves on. When no date passed, a clock
   * read and a comparison.
   */
  private passTime(): void {
    const today = this.clock();
    if (today <= this.today) return;
    this.today = today;
    const due = this.expiry.due(today);
    if (due.length > 0) {
      this.reapply(
        due.map((row) => row.id),
        due,
      );
    }
  }

  /**
   * The open roles of `id` today (0 unless it is listed and hiring), and the last day a closing
   * date passed in this index (null: none since it was built): what a kept page showing roles
   * depends on besides the database's versions, which a passing day does not move (ADR 042).
   */
  hiring(id: string | null): { openRoles: number; expiredOn: string | null } {
    this.passTime();
    const openRoles = id === null ? 0 : this.expiry.openRoles(id, this.today);
    return { openRoles, expiredOn: this.expiry.expiredOn };
  }

  /**
   * Puts the slots in order after changes: sorts the tail, or renumbers everything when the
   * tail or the dead slots have grown many. Queries call it, and so does keepLargestPrefixes().
   */
  settle(): void {
    const tailLength = this.order.tailLength;
    const dead = this.order.length - this.liveCount;
    const { tailAtMost, deadAtMost } = this.thresholds;
    if (
      tailLength > Math.max(tailAtMost, this.liveCount / 32) ||
      dead > Math.max(deadAtMost, this.liveCount / 2)
    ) {
      this.compact();
    } else {
      this.order.sortTail();
    }
  }

  /**
   * Keeps, from the start, the bits and counts of the prefixes that match the most
   * organizations: the searches that cost the most to answer, a first letter or two as
   * someone types.
   */
  keepLargestPrefixes(): void {
    this.settle();
    const wordCount = (this.order.length + 31) >>> 5;
    const minimum = Math.max(this.thresholds.largePrefix, this.liveCount / 100);
    for (const prefix of this.text.largestPrefixes(minimum)) {
      if (!this.text.pin(prefix, wordCount, this.termScratchAt(0))) break;
      // Counted as a search on it alone is, which keeps its counts.
      this.query({ terms: [prefix] }, null, 0);
    }
  }

  /** `keysOnly`: the keys, total and whether more follow, without items or facets. */
  query(filter: IndexFilter, after: OrderKey | null, limit: number, keysOnly = false): IndexAnswer {
    this.passTime();
    this.settle();
    const wordCount = (this.order.length + 31) >>> 5;
    const from: PageStart = {
      slot: after ? this.order.sortedSlotAfter(after) : 0,
      tail: after ? this.order.tailPositionAfter(after) : 0,
    };
    const categoryIds = filterCategories(filter);
    const terms = filter.terms ?? [];
    const columns = categoryIds.map((key) => this.categories.get(key));
    if (columns.some((column) => !column)) return this.answer(limit, 0, null, [], keysOnly);
    const categoryBits = columns.map((column) => column!.bits.reserve(wordCount));
    const country = filter.country ? this.byCountry.bits(filter.country, wordCount) : null;
    if (terms.length === 0 && columns.length <= 1) {
      // Everything, a country, a category, or both: the kept counts answer.
      const countries = filter.country ? [...new Set([filter.country, this.allCountries])] : null;
      const counted = this.counts.answer(
        countries,
        columns[0]?.position,
        this.categories.list.length,
      );
      return this.answer(
        limit,
        counted.total,
        counted.perCategory,
        counted.total === 0 ? [] : this.page(categoryBits, country, from, limit + 1),
        keysOnly,
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
        keysOnly,
      );
    }
    const termBits = terms.map((term, i) =>
      this.text.prefixBits(term, wordCount, this.termScratchAt(i)),
    );
    const sets = [...categoryBits, ...termBits];
    const hits = this.scan.gather(this.live, sets, country, 0, this.order.length, 0);
    let total = 0;
    for (let h = 0; h < hits; h += 1) total += popcount(this.scan.hitMasks[h]!);
    const perCategory = this.categories.countPerCategory(
      this.scan.hitWords,
      this.scan.hitMasks,
      hits,
      total,
      wordCount,
      this.order.length,
    );
    if (alone) {
      const keptNow = this.text.keptPrefix(terms[0]!);
      if (keptNow && keptNow.bits === termBits[0]) keptNow.counts = { total, perCategory };
    }
    if (total === 0) return this.answer(limit, 0, null, [], keysOnly);
    const slots = this.pageFromHits(hits, sets, country, from, limit + 1);
    return this.answer(limit, total, perCategory, slots, keysOnly);
  }

  /**
   * Which of `ids` match `filter` now, in the directory's order: a saved search's alert asks
   * this of the organizations changed since its last one (ADR 034). A slot at a time, with the
   * same bits a query reads.
   */
  matchingAmong(filter: IndexFilter, ids: readonly string[]): OrderKey[] {
    this.passTime();
    const slots = ids.flatMap((id) => this.order.slotById.get(id) ?? []);
    if (slots.length === 0) return [];
    const wordCount = (this.order.length + 31) >>> 5;
    const categoryIds = filterCategories(filter);
    const columns = categoryIds.map((key) => this.categories.get(key));
    if (columns.some((column) => !column)) return [];
    const sets = [
      ...columns.map((column) => column!.bits.reserve(wordCount)),
      ...(filter.terms ?? []).map((term, i) =>
        this.text.prefixBits(term, wordCount, this.termScratchAt(i)),
      ),
    ];
    const country = filter.country ? this.byCountry.bits(filter.country, wordCount) : null;
    return slots
      .filter((slot) => this.matches(slot, sets, country))
      .sort((a, b) => this.order.compareSlots(a, b))
      .map((slot) => this.order.key(slot));
  }

  private termScratchAt(i: number): Bitset {
    while (this.termScratch.length <= i) this.termScratch.push(new Bitset());
    return this.termScratch[i]!;
  }

  /** Up to `limit` matches from `from` on, in order: sorted slots and the tail merged. */
  private page(
    sets: Bitset[],
    country: CountryBits | null,
    from: PageStart,
    limit: number,
  ): number[] {
    const hits = this.scan.gather(this.live, sets, country, from.slot, this.order.sortedEnd, limit);
    return this.pageFromHits(hits, sets, country, from, limit);
  }

  private pageFromHits(
    hits: number,
    sets: Bitset[],
    country: CountryBits | null,
    from: PageStart,
    limit: number,
  ): number[] {
    const { hitWords, hitMasks } = this.scan;
    const { sortedEnd, tail } = this.order;
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
    const tailLength = this.order.tailLength;
    if (tailLength === 0) return slots;
    const tailSlots: number[] = [];
    for (let p = from.tail; p < tailLength && tailSlots.length < limit; p += 1) {
      const slot = tail[p]!;
      if (this.matches(slot, sets, country)) tailSlots.push(slot);
    }
    return this.order.merge(slots, tailSlots, limit);
  }

  private matches(slot: number, sets: Bitset[], country: CountryBits | null): boolean {
    if (!this.live.has(slot)) return false;
    if (country && !country[0].has(slot) && !country[1].has(slot)) return false;
    return sets.every((set) => set.has(slot));
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
    keysOnly: boolean,
  ): IndexAnswer {
    const page = slots.slice(0, limit);
    const verified = this.categories.get(VERIFIED);
    const hiring = this.categories.get(HIRING);
    return {
      total,
      facetsJson: keysOnly ? '{}' : this.categories.facetsJson(perCategory),
      verified: (verified && perCategory?.[verified.position]) || 0,
      hiring: (hiring && perCategory?.[hiring.position]) || 0,
      keys: page.map((slot) => this.order.key(slot)),
      more: slots.length > limit,
      items: keysOnly ? NO_ITEMS : this.summaries.join(page),
      state: `${this.instance}.${this.changes}`,
    };
  }

  private add(row: IndexedOrganization, oneByOne: boolean) {
    const capacity = this.byCountry.capacity;
    if (this.order.length >= capacity) {
      this.categories.grow(capacity * 2);
      this.byCountry.grow(capacity * 2);
    }
    const slot = this.order.append(row.id, row.name, oneByOne);
    this.live.set(slot);
    this.liveCount += 1;
    const openRoles = openRoleCount(row.roleClosings, this.today);
    this.categories.store(slot, [
      ...row.categoryIds,
      ...(row.verification ? [VERIFIED] : []),
      ...(openRoles > 0 ? [HIRING] : []),
    ]);
    this.expiry.track(row, this.today);
    this.byCountry.store(slot, row.country);
    this.counts.change(row.country, this.categories.positions(slot), 1);
    this.text.add(slot, row.lexemes, this.categories.positions(slot));
    this.summaries.store(slot, summaryJson(row, openRoles));
  }

  private remove(id: string) {
    const slot = this.order.release(id);
    this.expiry.forget(id);
    this.live.clear(slot);
    this.liveCount -= 1;
    this.counts.change(this.byCountry.of(slot), this.categories.positions(slot), -1);
    this.text.remove(slot, this.categories.positions(slot));
    this.summaries.release(slot);
  }

  /**
   * Renumbers the live slots 0..n-1 in (name, id) order and drops the dead ones from every
   * bitset, posting list and arena.
   */
  private compact() {
    const liveSlots = this.order.liveSlotsInOrder(this.live, this.liveCount);
    const newSlotOf = new Int32Array(this.order.length).fill(-1);
    liveSlots.forEach((slot, position) => {
      newSlotOf[slot] = position;
    });
    const capacity = Math.max(1024, liveSlots.length * 2);
    this.categories.renumber(liveSlots, newSlotOf, capacity);
    this.byCountry.renumber(liveSlots, newSlotOf, capacity);
    this.live = renumbered(this.live, newSlotOf, liveSlots.length);
    this.text.renumber(newSlotOf, liveSlots.length);
    this.summaries = this.summaries.renumbered(liveSlots);
    this.order.renumber(liveSlots);
  }
}

/** Where a page starts: the first sorted slot after the cursor, and the first tail position. */
interface PageStart {
  slot: number;
  tail: number;
}
