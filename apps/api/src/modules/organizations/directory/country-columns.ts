import { Bitset, renumbered } from './directory-bitset.ts';

/** A country's bits and those of ALL; a slot matches the country when it is in either. */
export type CountryBits = readonly [own: Bitset, all: Bitset];

/** The index's countries: a bitset each, and each slot's country. */
export class CountryColumns {
  private byCountry = new Map<string, Bitset>();
  /** Each slot's country, as a position in `keys`. */
  private countryOf: Uint16Array;
  private keys: string[] = [];
  private positionOf = new Map<string, number>();

  constructor(
    private readonly allCountries: string,
    capacity: number,
  ) {
    this.countryOf = new Uint16Array(capacity);
  }

  /** How many slots there is room for. */
  get capacity(): number {
    return this.countryOf.length;
  }

  store(slot: number, country: string) {
    bitsetFor(this.byCountry, country).set(slot);
    let position = this.positionOf.get(country);
    if (position === undefined) {
      position = this.keys.push(country) - 1;
      this.positionOf.set(country, position);
    }
    this.countryOf[slot] = position;
  }

  /** The country of a slot. */
  of(slot: number): string {
    return this.keys[this.countryOf[slot]!]!;
  }

  /** The bits of a country and of ALL (every organization working in every country). */
  bits(country: string, wordCount: number): CountryBits {
    const all = bitsetFor(this.byCountry, this.allCountries).reserve(wordCount);
    return [this.byCountry.get(country)?.reserve(wordCount) ?? all, all];
  }

  grow(capacity: number) {
    const countries = new Uint16Array(capacity);
    countries.set(this.countryOf);
    this.countryOf = countries;
  }

  /**
   * Slot `liveSlots[i]` becomes slot i (`newSlotOf` maps old to new, -1 for the dead), with room
   * for `capacity` slots.
   */
  renumber(liveSlots: number[], newSlotOf: Int32Array, capacity: number) {
    for (const [key, bitset] of this.byCountry) {
      this.byCountry.set(key, renumbered(bitset, newSlotOf, liveSlots.length));
    }
    const countryOf = new Uint16Array(capacity);
    liveSlots.forEach((slot, position) => {
      countryOf[position] = this.countryOf[slot]!;
    });
    this.countryOf = countryOf;
  }
}

function bitsetFor(sets: Map<string, Bitset>, key: string): Bitset {
  let bitset = sets.get(key);
  if (!bitset) {
    bitset = new Bitset();
    sets.set(key, bitset);
  }
  return bitset;
}
