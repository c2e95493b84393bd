import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/console-reads.ts';
import { organizationRoles, organizations } from '../../db/schema.ts';
import type { RoleRow } from './repository.ts';

// Written out: with no join in the query, drizzle would leave the role's "id" unqualified, and
// inside the subquery that names the report's own id.
const openReportCount = sql<number>`(select count(*)::int from profile_reports report where report.role_id = organization_roles.id and report.status = 'open')`;

/**
 * Roles as the operator console reads and holds them (ADR 045). No rule is decided here: the
 * status of a role is the roles module's (role-calendar.ts), worked out by the caller.
 */
export function createRoleConsoleQueries(db: Database) {
  return {
    /** An organization's roles in every status, newest first, with their open reports. */
    async rolesOf(organizationId: string) {
      return db
        .select({ role: organizationRoles, openReports: openReportCount })
        .from(organizationRoles)
        .where(eq(organizationRoles.organizationId, organizationId))
        .orderBy(desc(organizationRoles.postedAt), desc(organizationRoles.id));
    },

    /**
     * The role locked for an operator's hold or release, after its organization's row: the
     * order every role write takes (roles/repository.ts `write`), so none of them deadlock.
     * Touching the row gives it a new version (`xmin`), so its kept pages are rendered again,
     * as an owner's role write does. Null when the organization or the role is gone.
     */
    async lockRole(tx: Database, organizationId: string, roleId: string): Promise<RoleRow | null> {
      const [touched] = await tx
        .update(organizations)
        .set({ updatedAt: sql`now()` })
        .where(eq(organizations.id, organizationId))
        .returning({ id: organizations.id });
      if (!touched) return null;
      const [row] = await tx
        .select()
        .from(organizationRoles)
        .where(
          and(
            eq(organizationRoles.organizationId, organizationId),
            eq(organizationRoles.id, roleId),
          ),
        )
        .for('update');
      return row ?? null;
    },

    /** Holds the role for `reason`, or lifts its hold (null), at `at`, in the caller's transaction. */
    async setRoleHold(tx: Database, roleId: string, at: Date, reason: string | null) {
      await tx
        .update(organizationRoles)
        .set({ heldAt: reason === null ? null : at, heldReason: reason, updatedAt: at })
        .where(eq(organizationRoles.id, roleId));
    },

    /**
     * The overview's roles on `today` (a UTC date), each counted once: held first, then closed,
     * then past its closing date, as role-calendar.ts `statusOf` decides; the open ones also
     * counted on published profiles.
     */
    async roleFigures(today: string) {
      const [row] = rowsOf<{
        open: number;
        public: number;
        closed: number;
        expired: number;
        held: number;
      }>(
        await db.execute(sql`
          select
            count(*) filter (where r.held_at is null and r.closed_at is null and r.closes_on >= ${today}::date)::int as open,
            count(*) filter (where r.held_at is null and r.closed_at is null and r.closes_on >= ${today}::date and o.published)::int as public,
            count(*) filter (where r.held_at is null and r.closed_at is not null)::int as closed,
            count(*) filter (where r.held_at is null and r.closed_at is null and r.closes_on < ${today}::date)::int as expired,
            count(*) filter (where r.held_at is not null)::int as held
          from organization_roles r join organizations o on o.id = r.organization_id`),
      );
      return row!;
    },
  };
}
