import { count, countDistinct, desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { savedSearchAlertRuns, savedSearches } from '../../db/schema.ts';
import type { AlertRun } from './saved-search-rows.ts';

/** The alert runs recorded, and the figures an operator reads of saved searches. */
export function createAlertRunQueries(db: Database) {
  return {
    async recordRun(run: AlertRun): Promise<void> {
      await db.insert(savedSearchAlertRuns).values(run);
      await db.execute(sql`
        delete from saved_search_alert_runs
        where id < (select max(id) - 1000 from saved_search_alert_runs)`);
    },

    async stats(now: Date) {
      const [counts] = await db
        .select({
          savedSearches: count(),
          weekly: sql<number>`count(*) filter (where ${savedSearches.frequency} = 'weekly')::int`,
          monthly: sql<number>`count(*) filter (where ${savedSearches.frequency} = 'monthly')::int`,
          users: countDistinct(savedSearches.userId),
          due: sql<number>`count(*) filter (where ${savedSearches.nextAlertAt} <= ${now.toISOString()}::timestamptz)::int`,
        })
        .from(savedSearches);
      const [lastRun] = await db
        .select()
        .from(savedSearchAlertRuns)
        .orderBy(desc(savedSearchAlertRuns.id))
        .limit(1);
      return { counts: counts!, lastRun: lastRun ?? null };
    },
  };
}
