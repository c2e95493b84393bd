import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { containing, offsetOf, pageOf } from '../../db/console-reads.ts';
import { auditLog } from '../../db/schema.ts';
import { createOutboxConsoleQueries } from '../../adapters/email/outbox-console-queries.ts';
import { createActivityQueries } from '../activity/queries.ts';
import { createAccountConsoleQueries } from '../accounts/console-queries.ts';
import { createOrganizationConsoleQueries } from '../organizations/console-queries.ts';
import { createPublishedExportQueries } from '../organizations/published-export-queries.ts';
import { createPaymentConsoleQueries } from '../payments/console-queries.ts';
import { createReportConsoleQueries } from '../reports/console-queries.ts';
import { createRoleConsoleQueries } from '../roles/console-queries.ts';

export type { AdminOrganizationRecord } from '../organizations/console-queries.ts';
export type { ReportRow } from '../reports/console-queries.ts';
export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/**
 * What the operator's console and commands read and write (ADR 028); no rule is decided here.
 * The audit log is the operators' own table; every other table is read through the queries its
 * module exports for the console.
 */
export function createOperatorRepository(db: Database) {
  return {
    ...createAccountConsoleQueries(db),
    ...createOrganizationConsoleQueries(db),
    ...createPublishedExportQueries(db),
    ...createPaymentConsoleQueries(db),
    ...createReportConsoleQueries(db),
    ...createRoleConsoleQueries(db),
    ...createOutboxConsoleQueries(db),
    ...createActivityQueries(db),

    // The audit log: only ever added to.

    async record(executor: Database, entry: NewAuditRow) {
      await executor.insert(auditLog).values(entry);
    },

    async audit(query: { q?: string; page: number }) {
      const where = query.q
        ? or(
            ilike(auditLog.actorEmail, containing(query.q)),
            ilike(auditLog.action, containing(query.q)),
            ilike(auditLog.targetId, containing(query.q)),
            ilike(auditLog.targetLabel, containing(query.q)),
            ilike(auditLog.reason, containing(query.q)),
          )
        : undefined;
      return pageOf(
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset(offsetOf(query.page)),
        db.select({ total: count() }).from(auditLog).where(where),
      );
    },

    /** The organizations a disable held, from its audit entry (the latest one). */
    async heldByLatestDisable(executor: Database, userId: string): Promise<string[]> {
      const [row] = await executor
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'user.disable'),
            eq(auditLog.targetType, 'user'),
            eq(auditLog.targetId, userId),
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(1);
      const held = row?.details?.heldOrganizations;
      return Array.isArray(held) ? held.filter((id): id is string => typeof id === 'string') : [];
    },
  };
}
export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
