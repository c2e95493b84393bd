import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';

/*
 * Writes to the directory's tables made in SQL, as any writer would (another process, a job, an
 * operator): what the directory's property test (directory-exact-counts.test.ts) applies at
 * random before it compares the answers with a plain SQL count.
 */

export type Executor = Pick<Database, 'execute'>;

export interface NewOrganization {
  name: string;
  description: string;
  location: string;
  country: string;
  categoryIds: string[];
  published: boolean;
  /** The domain of its Verified badge, or null. */
  verifiedDomain: string | null;
}

export type Write =
  | { kind: 'create'; organizations: NewOrganization[] }
  | {
      kind: 'edit';
      target: number;
      changes: Partial<Omit<NewOrganization, 'published'>>;
    }
  | { kind: 'publish' | 'unpublish' | 'delete'; target: number }
  | { kind: 'verify'; target: number; domain: string | null }
  | { kind: 'unpublishCountry'; country: string }
  | { kind: 'publishCategory'; categoryId: string }
  | { kind: 'deleteUnpublished' }
  | { kind: 'moveCountry'; from: string; to: string }
  | { kind: 'renameInCategory'; categoryId: string; word: string }
  | { kind: 'dropCategory'; categoryId: string }
  | { kind: 'addCategoryInCountry'; categoryId: string; country: string }
  /** A role, open or not: closing `closesIn` days from today (UTC), closed or held by then. */
  | { kind: 'role'; target: number; closesIn: number; state: 'open' | 'closed' | 'held' }
  | { kind: 'closeRoles'; target: number };

/** How a batch of writes commits: one by one, in one transaction, or not at all. */
export type Commit = 'each' | 'together' | 'rolledBack';

class RolledBack extends Error {}

export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const textArray = (values: string[]): SQL =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`ARRAY[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;

/** The i-th organization in id order (any state), or null when there is none. */
async function pick(db: Executor, target: number): Promise<string | null> {
  const ids = await rows<{ id: string }>(db, sql`select id from organizations order by id`);
  return ids.length === 0 ? null : ids[target % ids.length]!.id;
}

export async function apply(db: Executor, write: Write): Promise<void> {
  switch (write.kind) {
    case 'create': {
      const values = write.organizations.map(
        (o) =>
          sql`(${o.name}, ${o.description}, ${o.location}, ${o.country}, ${textArray(o.categoryIds)}, ${o.published}, 'property-test', ${o.verifiedDomain}, ${o.verifiedDomain ? sql`now()` : null})`,
      );
      // Several organizations are one multi-row statement.
      await db.execute(sql`
        insert into organizations (name, description, location, country, category_ids, published, created_by, verified_domain, verified_at)
        values ${sql.join(values, sql`, `)}`);
      return;
    }
    case 'edit': {
      const id = await pick(db, write.target);
      if (!id) return;
      const { name, description, location, country, categoryIds } = write.changes;
      const sets: SQL[] = [];
      if (name !== undefined) sets.push(sql`name = ${name}`);
      if (description !== undefined) sets.push(sql`description = ${description}`);
      if (location !== undefined) sets.push(sql`location = ${location}`);
      if (country !== undefined) sets.push(sql`country = ${country}`);
      if (categoryIds !== undefined) sets.push(sql`category_ids = ${textArray(categoryIds)}`);
      // An update that changes nothing is still a write the directory sees.
      if (sets.length === 0) sets.push(sql`name = name`);
      await db.execute(sql`update organizations set ${sql.join(sets, sql`, `)} where id = ${id}`);
      return;
    }
    case 'publish':
    case 'unpublish':
    case 'delete': {
      const id = await pick(db, write.target);
      if (!id) return;
      await db.execute(
        write.kind === 'delete'
          ? sql`delete from organizations where id = ${id}`
          : sql`update organizations set published = ${write.kind === 'publish'} where id = ${id}`,
      );
      return;
    }
    case 'verify': {
      const id = await pick(db, write.target);
      if (!id) return;
      await db.execute(
        sql`update organizations set verified_domain = ${write.domain}, verified_at = ${write.domain ? sql`now()` : null} where id = ${id}`,
      );
      return;
    }
    // The rest change many rows in one statement.
    case 'unpublishCountry':
      await db.execute(
        sql`update organizations set published = false where country = ${write.country}`,
      );
      return;
    case 'publishCategory':
      await db.execute(
        sql`update organizations set published = true where category_ids @> ${textArray([write.categoryId])}`,
      );
      return;
    case 'deleteUnpublished':
      await db.execute(sql`delete from organizations where not published`);
      return;
    case 'moveCountry':
      await db.execute(
        sql`update organizations set country = ${write.to} where country = ${write.from}`,
      );
      return;
    case 'renameInCategory':
      await db.execute(
        sql`update organizations set name = name || ' ' || ${write.word} where ${write.categoryId} = any(category_ids)`,
      );
      return;
    case 'dropCategory':
      await db.execute(
        sql`update organizations set category_ids = array_remove(category_ids, ${write.categoryId}) where ${write.categoryId} = any(category_ids)`,
      );
      return;
    case 'role': {
      const id = await pick(db, write.target);
      if (!id) return;
      const closesOn = sql`(now() at time zone 'utc')::date + ${write.closesIn}::int`;
      await db.execute(sql`
        insert into organization_roles
          (organization_id, title, kind, workplace, description, apply, closes_on, closed_at, held_at)
        values (${id}, 'Field Coordinator', 'full_time', 'remote', 'Coordinates.',
          'https://example.org/jobs', ${closesOn},
          ${write.state === 'closed' ? sql`now()` : null}, ${write.state === 'held' ? sql`now()` : null})`);
      return;
    }
    case 'closeRoles': {
      const id = await pick(db, write.target);
      if (!id) return;
      await db.execute(
        sql`update organization_roles set closed_at = now() where organization_id = ${id} and closed_at is null`,
      );
      return;
    }
    case 'addCategoryInCountry':
      await db.execute(
        sql`update organizations set category_ids = category_ids || ${textArray([write.categoryId])}
            where country = ${write.country} and not (${write.categoryId} = any(category_ids))`,
      );
      return;
  }
}

export async function commit(
  db: Database,
  batch: { writes: Write[]; commit: Commit },
): Promise<void> {
  if (batch.commit === 'each') {
    for (const write of batch.writes) await apply(db, write);
    return;
  }
  try {
    await db.transaction(async (tx) => {
      for (const write of batch.writes) await apply(tx, write);
      if (batch.commit === 'rolledBack') throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
}
