import { and, desc, eq, lt } from 'drizzle-orm';
import { ACTIVITY_PAGE_SIZE } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { organizationActivity } from '../../db/schema.ts';

export type ActivityRow = typeof organizationActivity.$inferSelect;

/** An organization's activity as it is read: newest first, a page at a time (ADR 048). */
export function createActivityQueries(db: Database) {
  return {
    /**
     * The organization's entries older than `before` (an entry's id; the newest without it),
     * one page, and whether older ones remain.
     */
    async activityPage(organizationId: string, before?: number) {
      const rows = await db
        .select()
        .from(organizationActivity)
        .where(
          and(
            eq(organizationActivity.organizationId, organizationId),
            before === undefined ? undefined : lt(organizationActivity.id, before),
          ),
        )
        .orderBy(desc(organizationActivity.id))
        .limit(ACTIVITY_PAGE_SIZE + 1);
      return { rows: rows.slice(0, ACTIVITY_PAGE_SIZE), more: rows.length > ACTIVITY_PAGE_SIZE };
    },
  };
}
export type ActivityQueries = ReturnType<typeof createActivityQueries>;
