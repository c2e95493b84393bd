import { and, eq, sql } from 'drizzle-orm';
import type { RoleMetric } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { organizationRoles, roleDailyCounts } from '../../db/schema.ts';
import type { CountRow } from './tally.ts';

/** Each open role's counts by day (ADR 042): its page's views and its Apply clicks. */
export function createRoleCountsRepository(db: Database) {
  return {
    /** Adds each row to its role's day, as repository.ts adds a profile's; a deleted role's rows are dropped. */
    async add(rows: CountRow<RoleMetric>[]): Promise<void> {
      if (rows.length === 0) return;
      await db.execute(sql`
        insert into role_daily_counts (role_id, day, metric, audience, count)
        select c.id, c.day, c.metric, c.audience, sum(c.count)
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as c(id uuid, day date, metric text, audience text, count bigint)
        join organization_roles r on r.id = c.id
        group by 1, 2, 3, 4
        on conflict (role_id, day, metric, audience)
        do update set count = role_daily_counts.count + excluded.count`);
    },

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
