import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { offsetOf, pageOf } from '../../db/console-reads.ts';
import { profileReports } from '../../db/schema.ts';

export type ReportRow = typeof profileReports.$inferSelect;

/**
 * Visitors' reports as the operator console reads and resolves them (ADR 028, ADR 029). No rule
 * is decided here.
 */
export function createReportConsoleQueries(db: Database) {
  return {
    async reportsOf(organizationId: string) {
      return db
        .select()
        .from(profileReports)
        .where(eq(profileReports.organizationId, organizationId))
        .orderBy(desc(profileReports.createdAt));
    },

    /** Open reports oldest first (the queue); resolved ones newest first. */
    async reports(query: { status: 'open' | 'resolved'; page: number }) {
      const where =
        query.status === 'open'
          ? eq(profileReports.status, 'open')
          : sql`${profileReports.status} <> 'open'`;
      return pageOf(
        db
          .select()
          .from(profileReports)
          .where(where)
          .orderBy(
            query.status === 'open'
              ? asc(profileReports.createdAt)
              : desc(profileReports.resolvedAt),
            asc(profileReports.id),
          )
          .limit(ADMIN_PAGE_SIZE)
          .offset(offsetOf(query.page)),
        db.select({ total: count() }).from(profileReports).where(where),
      );
    },

    async lockOpenReport(tx: Database, id: string) {
      const [row] = await tx
        .select()
        .from(profileReports)
        .where(eq(profileReports.id, id))
        .for('update');
      return row ?? null;
    },

    /**
     * Resolves the report and every other open report of the same profile the same way (one
     * decision answers them all); a report about a role, with the other open reports of that
     * role (ADR 045). A report whose profile or role is gone is resolved alone.
     */
    async resolveReports(
      tx: Database,
      report: ReportRow,
      outcome: { status: 'dismissed' | 'held' | 'deleted'; by: string; resolution: string },
    ) {
      const open = eq(profileReports.status, 'open');
      let same: SQL | undefined = and(eq(profileReports.id, report.id), open);
      if (report.roleTitle !== null && report.roleId !== null) {
        same = and(eq(profileReports.roleId, report.roleId), open);
      } else if (report.roleTitle === null && report.organizationId !== null) {
        same = and(
          eq(profileReports.organizationId, report.organizationId),
          isNull(profileReports.roleTitle),
          open,
        );
      }
      return tx
        .update(profileReports)
        .set({
          status: outcome.status,
          resolvedAt: new Date(),
          resolvedBy: outcome.by,
          resolution: outcome.resolution,
        })
        .where(same)
        .returning({ id: profileReports.id });
    },

    /** The overview's open reports. */
    async openReportCount() {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(profileReports)
        .where(eq(profileReports.status, 'open'));
      return row!.total;
    },
  };
}
