import type { Database } from '../../db/client.ts';
import { profileReports } from '../../db/schema.ts';
import type { ReportReason } from '@si/contracts';

export interface NewReport {
  organizationId: string;
  organizationName: string;
  reason: ReportReason;
  details: string;
  reporterKey: string;
  /** A report about one of the organization's open roles (ADR 045). */
  roleId?: string;
  roleTitle?: string;
}

export function createReportRepository(db: Database) {
  return {
    /**
     * Adds an open report, unless this reporter already has one open for the profile (or the
     * role): the partial unique indexes (migrations 0009, 0023) turn the repeat into nothing,
     * race-free.
     */
    async addOpen(report: NewReport): Promise<void> {
      await db.insert(profileReports).values(report).onConflictDoNothing();
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
