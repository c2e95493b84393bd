/**
 * The directory engine's one entry point (README.md beside it, ADR 018): createDirectory()
 * builds the in-memory index from a DirectorySource, ready() waits for it, answer() gives a
 * page with its total and facets, status() its size and lag for an operator; matchingAmong()
 * and matchedBefore() say what a saved search gains (ADR 034). Nothing outside this folder
 * imports its other files. The list of open roles (ADR 044) builds its own index from the same
 * parts: bitsets and prefix postings.
 */
export { createDirectory, type DirectorySource } from './directory-sync.ts';
export type { IndexAnswer, IndexFilter, IndexedOrganization, OrderKey } from './index-types.ts';
export { matchedBefore, type PriorState } from './prior-state.ts';
export { Bitset, popcount, renumbered, setBits, summaryLength } from './directory-bitset.ts';
export { TextPostings } from './text-postings.ts';
export { utcToday } from './hiring.ts';
