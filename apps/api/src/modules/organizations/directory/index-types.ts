import type { OrganizationSummary } from '@si/contracts';
import { DENSE_FROM } from './text-postings.ts';

/**
 * What the index keeps of a published organization: its list item (less `openRoles`, which
 * depends on the day) and what filters it.
 */
export interface IndexedOrganization extends Omit<OrganizationSummary, 'openRoles'> {
  /** The distinct lexemes of its search vector, as PostgreSQL made them. */
  lexemes: string[];
  /**
   * The closing dates (YYYY-MM-DD, the last day open, UTC) of its roles neither closed nor
   * held; those not yet passed are its open roles (ADR 042).
   */
  roleClosings: string[];
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
  /** Only organizations with at least one open role today. */
  hiring?: boolean | undefined;
}

/** A (name, id) position in the directory's order. */
export type OrderKey = readonly [name: string, id: string];

export interface IndexAnswer {
  total: number;
  /** Matches per category, for categories with at least one, as a JSON object. */
  facetsJson: string;
  /** Matches with the Verified badge. */
  verified: number;
  /** Matches with at least one open role today. */
  hiring: number;
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
