import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CountRow } from './tally.ts';

/** The two tables of counts by day, each keyed by what it counts and joined to where that lives. */
const countTables = {
  profile: { table: 'profile_daily_counts', key: 'organization_id', owner: 'organizations' },
  role: { table: 'role_daily_counts', key: 'role_id', owner: 'organization_roles' },
} as const;

/**
 * Adds each row's count to what its day holds, in one statement. Rows of a profile or role
 * deleted meanwhile are dropped (its counts went with it).
 */
export async function addDailyCounts(
  db: Database,
  kind: keyof typeof countTables,
  rows: CountRow<string>[],
): Promise<void> {
  if (rows.length === 0) return;
  const table = sql.identifier(countTables[kind].table);
  const key = sql.identifier(countTables[kind].key);
  const owner = sql.identifier(countTables[kind].owner);
  await db.execute(sql`
    insert into ${table} (${key}, day, metric, audience, count)
    select c.id, c.day, c.metric, c.audience, sum(c.count)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as c(id uuid, day date, metric text, audience text, count bigint)
    join ${owner} o on o.id = c.id
    group by 1, 2, 3, 4
    on conflict (${key}, day, metric, audience)
    do update set count = ${table}.count + excluded.count`);
}
