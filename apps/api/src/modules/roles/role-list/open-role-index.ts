import { randomUUID } from 'node:crypto';
import type { RoleListItem } from '@si/contracts';
import { Bitset, renumbered, TextPostings } from '../../organizations/directory/index.ts';
import { MatchPasses, type Union } from './match-passes.ts';
import { SlotGroups } from './slot-groups.ts';

/** What the index keeps of an open role: its list item and what filters it. */
export interface IndexedRole extends RoleListItem {
  /** Its organization's categories. */
  categoryIds: string[];
  /** The distinct lexemes of its title and its organization's name, as PostgreSQL made them. */
  lexemes: string[];
}

export interface RoleFilter {
  /** Any one of these kinds. */
  kinds?: string[] | undefined;
  /** Remote roles only. */
  remote?: boolean | undefined;
  /** On-site and hybrid roles there, remote roles open to it or to anywhere. */
  country?: string | undefined;
  /** Every one of these categories of the organization. */
  categoryIds?: string[] | undefined;
  /** Lower-case prefixes; a role matches when each starts one of its lexemes. */
  terms?: string[] | undefined;
}

/** A (posted, id) position in the list's order: newest first, then the greater id. */
export type RoleKey = readonly [postedAt: string, id: string];

export interface RoleAnswer {
  total: number;
  keys: RoleKey[];
  /** Whether more matches follow. */
  more: boolean;
  /** The page's items as one JSON array (RoleListItem[]). */
  items: string;
  /** Names the index's contents and day: the same query gets the same answer while it holds. */
  state: string;
}

/** Building or catching up on more rows than this sorts the order once instead of placing each. */
const PLACE_ONE_BY_ONE = 256;

const kindBits = (kind: string) => `kind ${kind}`;
const countryBits = (country: string) => `country ${country}`;
const categoryBits = (category: string) => `category ${category}`;
const REMOTE = 'remote';
const ANYWHERE = 'anywhere';

/**
 * Every open role of the published organizations, in memory (ADR 044), built as the directory's
 * index is (ADR 018): a slot per role, a bitset per kind, country, category and "remote", the
 * directory's prefix postings over the lexemes, and each role's list item serialized once. A
 * query ANDs the bitsets its filters name over the words all their summaries reach
 * (`MatchPasses`; the slots are grouped by kind, workplace and country so that those are
 * few), counts the bits for an exact total, and takes the page from the order (the
 * live slots, newest first) after the cursor, or, when the matches are few, picks it from them.
 *
 * Slots are numbered again once, grouped, after the first load (`regroup`), and never after: a
 * role that changes or closes leaves a dead slot, and once dead slots outnumber live ones the
 * owner reads everything again (`wornOut`).
 */
export class OpenRoleIndex {
  private ids: string[] = [];
  private posted: string[] = [];
  private closes: string[] = [];
  private items: string[] = [];
  private organizationOf: string[] = [];
  private slotsOf = new Map<string, number[]>();
  private live = new Bitset();
  private liveCount = 0;
  private bits = new Map<string, Bitset>();
  private text = new TextPostings(undefined, 1 / 16);
  /** The live slots, newest first. */
  private order: number[] = [];
  /** Each live slot's position in `order`, made again on the first query after the order changes. */
  private positions: Int32Array | null = null;
  private match = new Bitset();
  private passes = new MatchPasses();
  /** Scratch bitsets for the text prefixes of one query, one per prefix. */
  private prefixes: Bitset[] = [];
  /** Each slot's group until `regroup()` numbers the slots by them. */
  private groups: SlotGroups | null = new SlotGroups();
  private readonly instance = randomUUID().slice(0, 8);
  private changes = 0;
  private today: string;

  constructor(private readonly clock: () => string) {
    this.today = clock();
  }

  get size(): number {
    return this.liveCount;
  }

  /** Dead slots outnumber live ones (and 4,096): time to build the index again. */
  get wornOut(): boolean {
    const dead = this.ids.length - this.liveCount;
    return dead > 4096 && dead > this.liveCount;
  }

  /**
   * The organizations `changedOrganizations` lose every role they had here, and `rows` (their
   * open roles now, or a first load's) are added.
   */
  apply(changedOrganizations: Iterable<string>, rows: IndexedRole[]): void {
    this.moveToToday();
    for (const organizationId of changedOrganizations) {
      for (const slot of this.slotsOf.get(organizationId) ?? []) this.kill(slot, true);
      this.slotsOf.delete(organizationId);
    }
    const oneByOne = rows.length <= PLACE_ONE_BY_ONE;
    for (const row of rows) this.add(row, oneByOne);
    if (!oneByOne) this.order.sort((a, b) => this.compareSlots(a, b));
    this.positions = null;
    this.changes += 1;
  }

  /**
   * Numbers the live slots again by their groups (`SlotGroups`), once, after the first load of
   * everything; roles added later take the slots after them as they come.
   */
  regroup(): void {
    const groups = this.groups;
    if (!groups) return;
    this.groups = null;
    const { newSlotOf, count } = groups.renumbering((slot) => this.live.has(slot));
    const moved = <T>(values: T[]): T[] => {
      const next = new Array<T>(count);
      for (let slot = 0; slot < values.length; slot += 1) {
        if (newSlotOf[slot]! >= 0) next[newSlotOf[slot]!] = values[slot]!;
      }
      return next;
    };
    [this.ids, this.posted, this.closes] = [
      moved(this.ids),
      moved(this.posted),
      moved(this.closes),
    ];
    [this.items, this.organizationOf] = [moved(this.items), moved(this.organizationOf)];
    for (const [organizationId, slots] of this.slotsOf) {
      const kept = slots.map((slot) => newSlotOf[slot]!).filter((slot) => slot >= 0);
      if (kept.length > 0) this.slotsOf.set(organizationId, kept);
      else this.slotsOf.delete(organizationId);
    }
    this.live = renumbered(this.live, newSlotOf, count);
    for (const [name, bits] of this.bits) this.bits.set(name, renumbered(bits, newSlotOf, count));
    this.text.renumber(newSlotOf, count);
    this.order = this.order.map((slot) => newSlotOf[slot]!);
    this.positions = null;
    this.changes += 1;
  }

  query(filter: RoleFilter, after: RoleKey | null, limit: number): RoleAnswer {
    this.moveToToday();
    const words = (this.ids.length + 31) >>> 5;
    const matches = this.matching(filter, words);
    const total = matches ? matches.total : this.liveCount;
    const page = matches
      ? this.pageOf(matches.bits, total, after, limit)
      : this.order.slice(this.start(after), this.start(after) + limit + 1);
    const shown = page.slice(0, limit);
    return {
      total,
      keys: shown.map((slot) => [this.posted[slot]!, this.ids[slot]!] as const),
      more: page.length > limit,
      items: `[${shown.map((slot) => this.items[slot]).join(',')}]`,
      state: `${this.instance}.${this.changes}.${this.today}`,
    };
  }

  /**
   * Which of some roles (each with its organization) are open and match `filter` now, newest
   * first: a saved search's new roles (ADR 046). Only their organizations' slots are looked at.
   */
  matchingAmong(
    filter: RoleFilter,
    roles: readonly { roleId: string; organizationId: string }[],
  ): RoleListItem[] {
    this.moveToToday();
    const asked = new Set(roles.map((role) => role.roleId));
    const slots = [...new Set(roles.map((role) => role.organizationId))]
      .flatMap((organizationId) => this.slotsOf.get(organizationId) ?? [])
      .filter((slot) => this.live.has(slot) && asked.has(this.ids[slot]!));
    if (slots.length === 0) return [];
    const matches = this.matching(filter, (this.ids.length + 31) >>> 5);
    return slots
      .filter((slot) => !matches || matches.bits.has(slot))
      .sort((a, b) => this.compareSlots(a, b))
      .map((slot) => JSON.parse(this.items[slot]!) as RoleListItem);
  }

  /** The slots every filter allows and their count; null when nothing filters (every live slot). */
  private matching(filter: RoleFilter, words: number): { bits: Bitset; total: number } | null {
    const { kinds = [], remote, country, categoryIds = [], terms = [] } = filter;
    const unions: Union[] = terms.map((term, i) => [
      this.text.prefixBits(term, words, (this.prefixes[i] ??= new Bitset())),
    ]);
    if (country) unions.push(this.sources(words, countryBits(country), ANYWHERE));
    for (const category of categoryIds) unions.push(this.sources(words, categoryBits(category)));
    if (remote) unions.push(this.sources(words, REMOTE));
    if (kinds.length > 0) unions.push(this.sources(words, ...kinds.map(kindBits)));
    if (unions.length === 0) return null;
    const match = this.match.reserve(words);
    const live = this.live.reserve(words);
    return { bits: match, total: this.passes.run(match.words, live, unions, words) };
  }

  /** The named bitsets that exist, each at least `words` long. */
  private sources(words: number, ...names: string[]): Bitset[] {
    return names.flatMap((name) => this.bits.get(name)?.reserve(words) ?? []);
  }

  /**
   * Up to limit + 1 matching slots after the cursor, in order: walked along the order while
   * matches are dense enough to fill a page soon, else the least positions picked from them.
   */
  private pageOf(matches: Bitset, total: number, after: RoleKey | null, limit: number): number[] {
    if (total === 0) return [];
    // Walking reads the match bit of each slot in the order (a cache miss, the slots being
    // grouped by kind and place); picking reads every match once, about a third as dear.
    const walk = ((limit + 1) * this.liveCount) / total;
    if (walk * 3 > total) {
      return this.passes
        .leastPositions(matches.words, this.orderPositions(), this.start(after), limit + 1)
        .map((position) => this.order[position]!);
    }
    const page: number[] = [];
    for (let i = this.start(after); i < this.order.length && page.length <= limit; i += 1) {
      const slot = this.order[i]!;
      if (matches.has(slot)) page.push(slot);
    }
    return page;
  }

  private orderPositions(): Int32Array {
    if (!this.positions) {
      this.positions = new Int32Array(this.ids.length);
      this.order.forEach((slot, position) => (this.positions![slot] = position));
    }
    return this.positions;
  }

  /** The first position in the order after the cursor. */
  private start(after: RoleKey | null): number {
    return after ? lowerBound(this.order, (slot) => this.isAfter(slot, after)) : 0;
  }

  /** Whether `slot` comes after the position `key` in the order (older, or as old and a lesser id). */
  private isAfter(slot: number, [postedAt, id]: RoleKey): boolean {
    const posted = this.posted[slot]!;
    return posted < postedAt || (posted === postedAt && this.ids[slot]! < id);
  }

  private compareSlots(a: number, b: number): number {
    const [postedA, postedB] = [this.posted[a]!, this.posted[b]!];
    if (postedA !== postedB) return postedA > postedB ? -1 : 1;
    const [idA, idB] = [this.ids[a]!, this.ids[b]!];
    return idA === idB ? 0 : idA > idB ? -1 : 1;
  }

  private add(row: IndexedRole, oneByOne: boolean): void {
    // A role past its closing date opens again only with a write, which the log brings.
    if (row.closesOn < this.today) return;
    const slot = this.ids.length;
    this.ids.push(row.id);
    this.posted.push(row.postedAt);
    this.closes.push(row.closesOn);
    this.organizationOf.push(row.organizationId);
    this.groups?.note(slot, row);
    const { categoryIds, lexemes, ...item } = row;
    this.items.push(JSON.stringify(item));
    let slots = this.slotsOf.get(row.organizationId);
    if (!slots) this.slotsOf.set(row.organizationId, (slots = []));
    slots.push(slot);
    this.live.set(slot);
    this.liveCount += 1;
    this.mark(kindBits(row.kind), slot);
    if (row.workplace === 'remote') {
      this.mark(REMOTE, slot);
      if (row.remoteCountries.length === 0) this.mark(ANYWHERE, slot);
      for (const country of row.remoteCountries) this.mark(countryBits(country), slot);
    } else if (row.country) {
      this.mark(countryBits(row.country), slot);
    }
    for (const category of categoryIds) this.mark(categoryBits(category), slot);
    this.text.add(slot, lexemes, []);
    if (oneByOne) {
      this.order.splice(
        lowerBound(this.order, (other) => this.compareSlots(other, slot) > 0),
        0,
        slot,
      );
    } else {
      this.order.push(slot);
    }
  }

  private mark(name: string, slot: number): void {
    let bitset = this.bits.get(name);
    if (!bitset) this.bits.set(name, (bitset = new Bitset()));
    bitset.set(slot);
  }

  private kill(slot: number, fromOrder: boolean): void {
    if (!this.live.has(slot)) return;
    this.live.clear(slot);
    this.liveCount -= 1;
    if (fromOrder) {
      const at = lowerBound(this.order, (other) => this.compareSlots(other, slot) >= 0);
      if (this.order[at] === slot) this.order.splice(at, 1);
    }
  }

  /**
   * A new UTC day closes the roles whose closing date was yesterday, with no write: they leave
   * the live slots and the order, and the answers' state names the new day.
   */
  private moveToToday(): void {
    const today = this.clock();
    if (today <= this.today) return;
    this.today = today;
    let closed = 0;
    for (const slot of this.order) {
      if (this.closes[slot]! < today) {
        this.kill(slot, false);
        closed += 1;
      }
    }
    if (closed > 0) this.order = this.order.filter((slot) => this.live.has(slot));
    this.positions = null;
  }
}

/** The first index of `values` for which `isPast` holds, `isPast` being false then true. */
function lowerBound(values: ArrayLike<number>, isPast: (value: number) => boolean): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isPast(values[middle]!)) high = middle;
    else low = middle + 1;
  }
  return low;
}
