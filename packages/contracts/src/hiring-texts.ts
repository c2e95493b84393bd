import { countOf } from './counts.ts';

/** The directory's "Hiring" filter and each card's count of open roles (ADR 042). */
export const hiringTexts = {
  /** The filter toggle beside 'Verified only', with the count of matching hiring organizations. */
  filterLabel: 'Hiring',
  filterCount: (count: number) => countOf(count, 'hiring', 'hiring'),
  filterChip: 'Hiring',
  /** A card's line when the organization has open roles. */
  openRoles: (count: number) => countOf(count, 'open role', 'open roles'),
};
