import { setBits, type Bitset } from './directory-bitset.ts';
import type { OrderKey } from './index-types.ts';

/**
 * The index's slots in the directory's (name, id) order. Slots below `sortedEnd` are numbered
 * in that order; a changed organization gets a new slot in the tail, kept in order beside them
 * (or sorted once after a bulk change), and a page merges the two. renumber() puts every live
 * slot back in the sorted part.
 */
export class SlotOrder {
  ids: string[] = [];
  names: string[] = [];
  slotById = new Map<string, number>();
  /** Slots below this one are in (name, id) order, dead ones included. */
  sortedEnd = 0;
  /** The slots from `sortedEnd` on, dead ones included: in (name, id) order when tailSorted. */
  tail = new Uint32Array(1024);
  tailSorted = true;

  /** Every slot, dead ones included. */
  get length(): number {
    return this.ids.length;
  }

  get tailLength(): number {
    return this.ids.length - this.sortedEnd;
  }

  key(slot: number): OrderKey {
    return [this.names[slot]!, this.ids[slot]!];
  }

  /**
   * A new slot for the organization, last in the tail or, `inOrder`, at its place there (which
   * keeps a sorted tail sorted).
   */
  append(id: string, name: string, inOrder: boolean): number {
    const slot = this.ids.length;
    this.ids.push(id);
    this.names.push(name);
    this.slotById.set(id, slot);
    const tailLength = slot - this.sortedEnd;
    if (tailLength === this.tail.length) {
      const grown = new Uint32Array(this.tail.length * 2);
      grown.set(this.tail);
      this.tail = grown;
    }
    const position = inOrder ? this.tailPositionAfter([name, id], tailLength) : tailLength;
    this.tail.copyWithin(position + 1, position, tailLength);
    this.tail[position] = slot;
    return slot;
  }

  /** Forgets which slot holds `id` (the slot stays, dead) and returns it. */
  release(id: string): number {
    const slot = this.slotById.get(id)!;
    this.slotById.delete(id);
    return slot;
  }

  compareSlots(a: number, b: number): number {
    return compareKeys(this.names[a]!, this.ids[a]!, this.names[b]!, this.ids[b]!);
  }

  /** The first sorted slot whose key comes after `key` (sortedEnd when none does). */
  sortedSlotAfter(key: OrderKey): number {
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
  tailPositionAfter(key: OrderKey, tailLength = this.ids.length - this.sortedEnd): number {
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

  /** Two lists of slots in order, merged in order, the first `limit`. */
  merge(a: number[], b: number[], limit: number): number[] {
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

  sortTail() {
    if (this.tailSorted) return;
    const tailLength = this.ids.length - this.sortedEnd;
    const sorted = Array.from(this.tail.subarray(0, tailLength)).sort((a, b) =>
      this.compareSlots(a, b),
    );
    this.tail.set(sorted);
    this.tailSorted = true;
  }

  /** The slots in `live` in (name, id) order: the sorted ones merged with the tail's. */
  liveSlotsInOrder(live: Bitset, liveCount: number): number[] {
    this.sortTail();
    const sorted = Array.from(setBits(live.words, (this.sortedEnd + 31) >>> 5, liveCount)).filter(
      (slot) => slot < this.sortedEnd,
    );
    const tail = Array.from(this.tail.subarray(0, this.ids.length - this.sortedEnd)).filter(
      (slot) => live.has(slot),
    );
    return this.merge(sorted, tail, liveCount);
  }

  /** `liveSlots` (in order) become slots 0..n-1, all sorted, and the tail is empty. */
  renumber(liveSlots: number[]) {
    this.ids = liveSlots.map((slot) => this.ids[slot]!);
    this.names = liveSlots.map((slot) => this.names[slot]!);
    this.slotById = new Map(this.ids.map((id, slot) => [id, slot]));
    this.sortedEnd = liveSlots.length;
    this.tail = new Uint32Array(1024);
    this.tailSorted = true;
  }
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
