import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';

export interface TableShape {
  name: string;
  /** Columns a row is written with: generated ones (organizations.search) are left out. */
  columns: string[];
  primaryKey: string[];
  /** Tables this one's foreign keys point at. */
  dependsOn: string[];
}

export const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** The rows of a raw query, whichever driver runs (both answer `{ rows }`). */
export async function rowsOf<Row>(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * The application's tables, read from the catalog rather than the drizzle schema so that a table
 * a migration adds is backed up without anyone remembering to list it. Parents come before the
 * tables that reference them.
 */
export async function applicationTables(db: Database): Promise<TableShape[]> {
  const rows = await rowsOf<{ name: string; columns: string; key: string; depends: string }>(
    db,
    sql`
      select c.relname as name,
        (select coalesce(json_agg(a.attname order by a.attnum), '[]')::text from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
            and a.attgenerated = '') as columns,
        (select coalesce(json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum)), '[]')::text
          from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = c.oid and i.indisprimary) as key,
        (select coalesce(json_agg(distinct p.relname), '[]')::text from pg_constraint f
          join pg_class p on p.oid = f.confrelid
          where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid) as depends
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
      order by c.relname`,
  );
  const tables = rows.map((row) => ({
    name: row.name,
    columns: JSON.parse(row.columns) as string[],
    primaryKey: JSON.parse(row.key) as string[],
    dependsOn: JSON.parse(row.depends) as string[],
  }));
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table.name) && table.dependsOn.every((name) => placed.has(name)),
    );
    if (ready.length === 0) throw new Error('the tables reference each other in a cycle');
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}
