import { and, eq, sql } from 'drizzle-orm';
import type { RoleMetric } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { organizationRoles, roleDailyCounts } from '../../db/schema.ts';
import { addDailyCounts } from './daily-counts-add.ts';
import type { CountRow } from './tally.ts';

/** Each open role's counts by day (ADR 042): its page's views and its Apply clicks. */
export function createRoleCountsRepository(db: Database) {
  return {
    /** Adds each row to its role's day, as a profile's are added. */
    add: (rows: CountRow<RoleMetric>[]) => addDailyCounts(db, 'role', rows),

    /** Each role's people counts of the organization since it was posted, by metric. */
    async totals(
      organizationId: string,
    ): Promise<{ roleId: string; metric: string; count: number }[]> {
      return db
        .select({
          roleId: roleDailyCounts.roleId,
          metric: roleDailyCounts.metric,
          count: sql<number>`sum(${roleDailyCounts.count})::float8`.mapWith(Number),
        })
        .from(roleDailyCounts)
        .innerJoin(organizationRoles, eq(organizationRoles.id, roleDailyCounts.roleId))
        .where(
          and(
            eq(organizationRoles.organizationId, organizationId),
            eq(roleDailyCounts.audience, 'people'),
          ),
        )
        .groupBy(roleDailyCounts.roleId, roleDailyCounts.metric);
    },
  };
}
export type RoleCountsRepository = ReturnType<typeof createRoleCountsRepository>;
