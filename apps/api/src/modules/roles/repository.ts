import { and, desc, eq, gte, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizationRoles, organizations } from '../../db/schema.ts';
import { recordActivity, type ActivityActor } from '../activity/recording.ts';

type RoleActivityKind =
  'role-posted' | 'role-changed' | 'role-closed' | 'role-reopened' | 'role-removed';

export type RoleRow = typeof organizationRoles.$inferSelect;
/** The columns an owner's input sets (mapper.ts). */
export type RoleFields = Pick<
  RoleRow,
  | 'title'
  | 'kind'
  | 'workplace'
  | 'country'
  | 'city'
  | 'remoteCountries'
  | 'payMin'
  | 'payMax'
  | 'payCurrency'
  | 'payPeriod'
  | 'description'
  | 'apply'
>;
export type NewRole = RoleFields & Pick<RoleRow, 'postedAt' | 'closesOn' | 'updatedAt'>;
export type RoleChanges = Partial<RoleFields & Pick<RoleRow, 'closesOn' | 'closedAt'>> &
  Pick<RoleRow, 'updatedAt'>;

/**
 * Roles open on `today` (a UTC date): not closed, not held, the closing date not passed. With
 * `organizations.published`, what the public may see; a list of every published organization's
 * open roles is this and that join, newest first, on organization_roles_open_idx.
 */
export const openOn = (today: string): SQL =>
  and(
    isNull(organizationRoles.closedAt),
    isNull(organizationRoles.heldAt),
    gte(organizationRoles.closesOn, today),
  )!;

const newestFirst = [desc(organizationRoles.postedAt), desc(organizationRoles.id)];

/** One organization's roles, written inside the transaction `repository.write` opened. */
function writesIn(tx: Database, organizationId: string) {
  const oneOf = (roleId: string) =>
    and(eq(organizationRoles.organizationId, organizationId), eq(organizationRoles.id, roleId));
  return {
    async find(roleId: string): Promise<RoleRow | null> {
      const [row] = await tx.select().from(organizationRoles).where(oneOf(roleId));
      return row ?? null;
    },

    /**
     * The organization's roles in all, and those counting as open on `today` (closed by nobody,
     * closing date not passed; held ones count), leaving out `exceptRoleId`.
     */
    async counts(today: string, exceptRoleId?: string) {
      const [row] = await tx
        .select({
          kept: sql<number>`count(*)`.mapWith(Number),
          open: sql<number>`count(*) filter (where ${organizationRoles.closedAt} is null and ${organizationRoles.closesOn} >= ${today}::date)`.mapWith(
            Number,
          ),
        })
        .from(organizationRoles)
        .where(
          and(
            eq(organizationRoles.organizationId, organizationId),
            exceptRoleId === undefined ? undefined : ne(organizationRoles.id, exceptRoleId),
          ),
        );
      return { kept: row?.kept ?? 0, open: row?.open ?? 0 };
    },

    async insert(role: NewRole): Promise<RoleRow> {
      const [row] = await tx
        .insert(organizationRoles)
        .values({ ...role, organizationId })
        .returning();
      return row!;
    },

    async update(roleId: string, changes: RoleChanges): Promise<RoleRow | null> {
      const [row] = await tx
        .update(organizationRoles)
        .set(changes)
        .where(oneOf(roleId))
        .returning();
      return row ?? null;
    },

    /** The removed role's title; null when the organization has no such role. */
    async remove(roleId: string): Promise<string | null> {
      const [gone] = await tx
        .delete(organizationRoles)
        .where(oneOf(roleId))
        .returning({ title: organizationRoles.title });
      return gone?.title ?? null;
    },

    /** Records a change to the role titled `title` in the organization's activity (ADR 048). */
    record(actor: ActivityActor, kind: RoleActivityKind, title: string) {
      return recordActivity(tx, organizationId, actor, kind, { title });
    },
  };
}
export type RoleWrites = ReturnType<typeof writesIn>;

/** The organization_roles table (ADR 042). */
export function createRoleRepository(db: Database) {
  return {
    /** The organization's roles, newest first: those open on `openOn`, or all of them (null). */
    list(organizationId: string, openOnDay: string | null): Promise<RoleRow[]> {
      return db
        .select()
        .from(organizationRoles)
        .where(
          and(
            eq(organizationRoles.organizationId, organizationId),
            openOnDay === null ? undefined : openOn(openOnDay),
          ),
        )
        .orderBy(...newestFirst);
    },

    /** One role of the organization, in any state; null for another organization's. */
    async find(organizationId: string, roleId: string): Promise<RoleRow | null> {
      const [row] = await db
        .select()
        .from(organizationRoles)
        .where(
          and(
            eq(organizationRoles.organizationId, organizationId),
            eq(organizationRoles.id, roleId),
          ),
        );
      return row ?? null;
    },

    /**
     * Runs `work` in one transaction that first updates the organization's row: that takes its
     * lock, so counts read inside hold until commit (two creates cannot both pass the limit),
     * and gives the row a new version (its `xmin`), so its kept pages are rendered again
     * (organizations/published-queries.ts). `organizations.version`, the editor's optimistic
     * lock, stays: a role saved must not make an open editor's save stale. Null when the
     * organization is gone; whatever `work` throws rolls everything back.
     */
    write<T>(organizationId: string, work: (writes: RoleWrites) => Promise<T>): Promise<T | null> {
      return db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
        const [touched] = await executor
          .update(organizations)
          .set({ updatedAt: sql`now()` })
          .where(eq(organizations.id, organizationId))
          .returning({ id: organizations.id });
        if (!touched) return null;
        return work(writesIn(executor, organizationId));
      });
    },
  };
}
export type RoleRepository = ReturnType<typeof createRoleRepository>;
