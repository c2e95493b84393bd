import { sql } from 'drizzle-orm';

/** A text[] literal of the bulk seed's word lists, one bound parameter per word. */
export function textArray(values: readonly string[]) {
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}
