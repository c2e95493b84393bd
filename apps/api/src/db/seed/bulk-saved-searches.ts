import { sql } from 'drizzle-orm';
import { DEFAULT_CATEGORY_ID, SAVED_SEARCHES_PER_USER } from '@si/contracts';
import type { Database } from '../client.ts';
import { categories } from '../schema.ts';
import { seedBulkData } from './bulk.ts';

/** Search words people type: prefixes of the bulk seed's names and descriptions. */
const WORDS = [
  'solar',
  'river',
  'gard',
  'bridge',
  'commons',
  'field',
  'green',
  'open',
  'co',
  'health',
];
const COUNTRIES = ['KE', 'US', 'BR', 'IN', 'PT', 'NG', 'DE', 'MX'];

/**
 * `count` synthetic saved searches (the benchmark's, ADR 034), 20 to an account, with the mix
 * of filters visitors use (a word, one or two categories, a country, sometimes verified only),
 * all due at `dueAt`; then `newOrganizations` more bulk organizations are published after them,
 * so that their alerts have something new to find.
 */
export async function seedBulkSavedSearches(
  db: Database,
  count: number,
  { dueAt, newOrganizations }: { dueAt: Date; newOrganizations: number },
): Promise<void> {
  const ids = (await db.select({ id: categories.id }).from(categories))
    .map((row) => row.id)
    .filter((id) => id !== DEFAULT_CATEGORY_ID);
  const accounts = Math.ceil(count / SAVED_SEARCHES_PER_USER);
  await db.execute(sql`
    insert into users (id, name, email, email_verified)
    select 'bulk-saver-' || g, '', 'bulk-saver-' || g || '@example.org', true
    from generate_series(1, ${accounts}::int) as g
    on conflict do nothing`);
  await db.execute(sql`
    with params as (
      select ${`{${ids.join(',')}}`}::text[] as cats, ${`{${WORDS.join(',')}}`}::text[] as words,
             ${`{${COUNTRIES.join(',')}}`}::text[] as codes
    ), hashed as (
      select g, abs(hashtext(g || ':q')) as h1, abs(hashtext(g || ':c')) as h2,
             abs(hashtext(g || ':k')) as h3, abs(hashtext(g || ':v')) as h4
      from generate_series(1, ${count}::int) as g
    )
    insert into saved_searches
      (user_id, name, frequency, q, category_ids, country, verified, watermark, next_alert_at)
    select 'bulk-saver-' || (1 + (g - 1) / ${SAVED_SEARCHES_PER_USER}), 'Bench search ' || g,
      case when h4 % 2 = 0 then 'weekly' else 'monthly' end,
      case when h1 % 3 = 0 then '' else p.words[1 + h1 % ${WORDS.length}] end,
      case h2 % 4
        when 0 then '{}'::text[]
        when 3 then array[p.cats[1 + h2 % ${ids.length}], p.cats[1 + h3 % ${ids.length}]]
        else array[p.cats[1 + h2 % ${ids.length}]] end,
      case when h3 % 2 = 0 then p.codes[1 + h3 % ${COUNTRIES.length}] end,
      h4 % 10 = 0,
      (select version from directory_state),
      ${dueAt.toISOString()}::timestamptz
    from hashed, params p`);
  await seedBulkData(db, newOrganizations);
}
