import { monthNames, type Milestone } from '@si/contracts';

/** "March 2024", or "2024" for a milestone without a month. */
export const milestoneDate = (milestone: Pick<Milestone, 'year' | 'month'>): string =>
  milestone.month ? `${monthNames[milestone.month - 1]} ${milestone.year}` : String(milestone.year);
