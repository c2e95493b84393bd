import { Bitset, popcount, renumbered } from './directory-bitset.ts';
import { HIRING } from './hiring.ts';
import type { IndexFilter } from './index-types.ts';

/**
 * The Verified badge is kept as one more category that no reference category can be named (ids
 * are lower-case letters, digits and underscores): its bits, its kept counts and its counting
 * through the matches are the categories' own. It never shows among the facets.
 */
export const VERIFIED = ' verified';

/**
 * The cost model of facet counting, in steps measured at 100,000 organizations: one matching
 * word against one category's bits, and one match (plus one step per category it carries).
 */
const WORD_STEP = 1;
const MATCH_STEP = 4;

/** One category: its key, its position in the per-slot lists and counts, and its matches. */
export interface CategoryColumn {
  key: string;
  /** `"key":`, as the facets' JSON writes it. */
  jsonKey: string;
  position: number;
  bits: Bitset;
}

/** The index's categories: a bitset each, and each slot's categories as a bit mask. */
export class CategoryColumns {
  list: CategoryColumn[] = [];
  private byKey = new Map<string, CategoryColumn>();
  /**
   * Each slot's categories as a bit mask over their positions in `list`, `maskWords` words
   * per slot: counting a match's categories reads one place in memory.
   */
  private masks: Uint32Array;
  private maskWords = 1;
  /** Categories carried, summed over the slots (dead ones too): the cost model's average. */
  private links = 0;

  constructor(private capacity: number) {
    this.masks = new Uint32Array(capacity);
  }

  get(key: string): CategoryColumn | undefined {
    return this.byKey.get(key);
  }

  store(slot: number, categoryIds: string[]) {
    for (const key of new Set(categoryIds)) {
      let column = this.byKey.get(key);
      if (!column) {
        column = {
          key,
          jsonKey: `${JSON.stringify(key)}:`,
          position: this.list.length,
          bits: new Bitset(),
        };
        this.list.push(column);
        this.byKey.set(key, column);
        if (this.list.length > this.maskWords * 32) this.widenMasks();
      }
      column.bits.set(slot);
      const position = column.position;
      this.masks[slot * this.maskWords + (position >>> 5)]! |= 1 << (position & 31);
      this.links += 1;
    }
  }

  /** The positions of a slot's categories, ascending. */
  positions(slot: number): number[] {
    const positions: number[] = [];
    for (let k = 0; k < this.maskWords; k += 1) {
      let mask = this.masks[slot * this.maskWords + k]!;
      while (mask !== 0) {
        const bit = mask & -mask;
        mask ^= bit;
        positions.push((k << 5) | (31 - Math.clz32(bit)));
      }
    }
    return positions;
  }

  /** Room for the masks of `capacity` slots. */
  grow(capacity: number) {
    const masks = new Uint32Array(capacity * this.maskWords);
    masks.set(this.masks);
    this.masks = masks;
    this.capacity = capacity;
  }

  /** One more mask word per slot, for a 33rd (65th, ...) category. */
  private widenMasks() {
    const words = this.maskWords + 1;
    const masks = new Uint32Array(this.capacity * words);
    for (let slot = 0; slot < this.capacity; slot += 1) {
      masks.set(
        this.masks.subarray(slot * this.maskWords, (slot + 1) * this.maskWords),
        slot * words,
      );
    }
    this.masks = masks;
    this.maskWords = words;
  }

  /**
   * Matches per category position, of the `hits` words `hitWords` (their matching bits in
   * `hitMasks`) over `slotCount` slots. Through the matches it costs a step per match and
   * category it carries; through the words, a step per matching word and category: the cheaper one.
   */
  countPerCategory(
    hitWords: Uint32Array,
    hitMasks: Uint32Array,
    hits: number,
    total: number,
    wordCount: number,
    slotCount: number,
  ): Int32Array {
    const counts = new Int32Array(this.list.length);
    const perSlot = this.links / Math.max(1, slotCount);
    if (hits * this.list.length * WORD_STEP < total * (MATCH_STEP + perSlot)) {
      for (const column of this.list) {
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
    const { masks, maskWords } = this;
    for (let h = 0; h < hits; h += 1) {
      let mask = hitMasks[h]!;
      const base = hitWords[h]! << 5;
      while (mask !== 0) {
        const lowest = mask & -mask;
        mask ^= lowest;
        const at = (base | (31 - Math.clz32(lowest))) * maskWords;
        for (let k = 0; k < maskWords; k += 1) {
          let categories = masks[at + k]!;
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
  facetsJson(perCategory: Int32Array | null): string {
    if (!perCategory) return '{}';
    let json = '';
    for (const column of this.list) {
      const count = perCategory[column.position]!;
      if (count > 0 && column.key !== VERIFIED && column.key !== HIRING)
        json += `${json ? ',' : ''}${column.jsonKey}${count}`;
    }
    return `{${json}}`;
  }

  /**
   * Slot `liveSlots[i]` becomes slot i (`newSlotOf` maps old to new, -1 for the dead), with room
   * for `capacity` slots.
   */
  renumber(liveSlots: number[], newSlotOf: Int32Array, capacity: number) {
    for (const column of this.list) {
      column.bits = renumbered(column.bits, newSlotOf, liveSlots.length);
    }
    const maskWords = this.maskWords;
    const masks = new Uint32Array(capacity * maskWords);
    let links = 0;
    liveSlots.forEach((slot, position) => {
      for (let k = 0; k < maskWords; k += 1) {
        const mask = this.masks[slot * maskWords + k]!;
        masks[position * maskWords + k] = mask;
        links += popcount(mask);
      }
    });
    this.masks = masks;
    this.capacity = capacity;
    this.links = links;
  }
}

/** The categories a filter asks for, the Verified badge and hiring among them. */
export function filterCategories(filter: IndexFilter): string[] {
  return [
    ...(filter.categoryIds ?? []),
    ...(filter.verified ? [VERIFIED] : []),
    ...(filter.hiring ? [HIRING] : []),
  ];
}
