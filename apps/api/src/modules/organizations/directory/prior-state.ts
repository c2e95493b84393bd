import type { IndexFilter } from './index-types.ts';

/**
 * An organization as the directory saw it just before a change (a row of
 * directory_prior_states, migration 0017): `listed` false when it was not in the directory.
 */
export interface PriorState {
  listed: boolean;
  country: string | null;
  categoryIds: string[] | null;
  verified: boolean;
  lexemes: string[] | null;
}

/**
 * Whether the directory listed the organization for `filter` before the change, by the rules
 * its index applies (docs/product.md#directory-filters-and-search): the saved-search alerts
 * leave out what a search already matched (ADR 034). One organization, no index: the prior
 * states of the few organizations changed since an alert are all it is asked about. Hiring is
 * not judged: a prior state records no open roles, so an organization listed for the rest of a
 * Hiring search that only starts hiring is not new to it (ADR 046).
 */
export function matchedBefore(filter: IndexFilter, state: PriorState, allCountries: string) {
  if (!state.listed) return false;
  if (filter.country && state.country !== filter.country && state.country !== allCountries) {
    return false;
  }
  if (filter.verified && !state.verified) return false;
  const categories = state.categoryIds ?? [];
  if (!(filter.categoryIds ?? []).every((id) => categories.includes(id))) return false;
  const lexemes = state.lexemes ?? [];
  return (filter.terms ?? []).every((term) => lexemes.some((lexeme) => lexeme.startsWith(term)));
}
