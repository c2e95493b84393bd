import { z } from 'zod';
import { countOf } from './counts.ts';

/**
 * What is counted per open role and day (ADR 042): its page's views, and the clicks on its
 * Apply link, which go through the server so that they can be counted.
 */
export const roleMetrics = ['views', 'applies'] as const;
export type RoleMetric = (typeof roleMetrics)[number];

/** Where a role's Apply link goes through: counted, then on to the role's own link or address. */
export const roleApplyPath = (organizationId: string, roleId: string) =>
  `/out/${encodeURIComponent(organizationId)}/roles/${encodeURIComponent(roleId)}/apply`;

/** One role's counts since it was posted, people only (bots apart, as a profile's). */
export const RoleInsight = z.object({
  roleId: z.uuid(),
  views: z.number().int().nonnegative(),
  applyClicks: z.number().int().nonnegative(),
});
export type RoleInsight = z.infer<typeof RoleInsight>;

export const roleInsightTexts = {
  /** The owner's line under each role: what it earned since it was posted. */
  counts: (views: number, applyClicks: number) =>
    `${countOf(views, 'view', 'views')} · ${countOf(applyClicks, 'apply click', 'apply clicks')}`,
};
