import type { IndexedRole } from './open-role-index.ts';

/**
 * Where each slot belongs in the grouped numbering of the open roles' index: each kind's roles
 * together, within a kind the remote ones open anywhere, those open to listed countries, then
 * on-site and hybrid ones, each part by country. A query's passes then read one run of words for
 * a kind and a few for a country or "remote" (`MatchPasses`), where slots numbered as roles
 * arrive spread each of those over nearly every word.
 */
export class SlotGroups {
  private keys: number[] = [];
  private kinds = new Map<string, number>();
  private countries = new Map<string, number>();

  /** Notes the group of the role given `slot` (slots are noted in order, from 0). */
  note(slot: number, role: IndexedRole): void {
    const workplace = role.workplace !== 'remote' ? 2 : role.remoteCountries.length === 0 ? 0 : 1;
    const country = role.country ?? role.remoteCountries[0] ?? '';
    this.keys[slot] =
      ((numbered(this.kinds, role.kind) * 4 + workplace) << 16) + numbered(this.countries, country);
  }

  /**
   * The new number of each slot (-1 for those `keep` drops) and how many are kept: grouped, and
   * in their old order within a group.
   */
  renumbering(keep: (slot: number) => boolean): { newSlotOf: Int32Array; count: number } {
    const slots = this.keys.length;
    // Group and slot in one number a typed array sorts natively: the group above 2^24 slots.
    const sorted = new Float64Array(slots);
    let count = 0;
    for (let slot = 0; slot < slots; slot += 1) {
      if (keep(slot)) sorted[count++] = this.keys[slot]! * 2 ** 24 + slot;
    }
    const newSlotOf = new Int32Array(slots).fill(-1);
    sorted
      .subarray(0, count)
      .sort()
      .forEach((value, position) => (newSlotOf[value % 2 ** 24] = position));
    return { newSlotOf, count };
  }
}

function numbered(numbers: Map<string, number>, name: string): number {
  let number = numbers.get(name);
  if (number === undefined) numbers.set(name, (number = numbers.size));
  return number;
}
