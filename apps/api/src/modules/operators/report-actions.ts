import { adminTexts, errorCodes, type ResolveReportRequest } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from './audit.ts';
import { toIso, type ConsoleContext } from './console-context.ts';
import type { OrganizationHolds } from './organization-holds.ts';
import type { ReportRow } from './repository.ts';

export const reportView = (row: ReportRow) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  resolvedAt: toIso(row.resolvedAt),
});

/** The reports queue (ADR 029): visitors' reports, resolved by an operator. */
export function createReportActions(
  { db, repository, record, emailQueued }: ConsoleContext,
  holds: OrganizationHolds,
) {
  return {
    async reports(query: { status: 'open' | 'resolved'; page: number }) {
      const { rows, total } = await repository.reports(query);
      return { rows: rows.map(reportView), total };
    },

    /**
     * Resolves a report, and every other open report of the same profile with it: dismissed,
     * or the profile held (the owner is emailed the reason) or deleted.
     */
    async resolveReport(actor: Actor, id: string, input: ResolveReportRequest) {
      const status = ({ dismiss: 'dismissed', hold: 'held', delete: 'deleted' } as const)[
        input.action
      ];
      const report = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const found = await repository.lockOpenReport(tx, id);
        if (!found) throw new AppError(404, errorCodes.notFound, 'No such report');
        if (found.status !== 'open') {
          throw new AppError(409, errorCodes.staleVersion, adminTexts.alreadyResolved);
        }
        const organization = found.organizationId
          ? await repository.organization(tx, found.organizationId)
          : null;
        holds.refuseOwnCase(actor, organization?.ownerId);
        const resolved = await repository.resolveReports(tx, found, {
          status,
          by: actor.email,
          resolution: input.reason,
        });
        await record(tx, actor, {
          action: `report.${input.action}`,
          targetType: 'report',
          targetId: found.id,
          targetLabel: found.organizationName,
          reason: input.reason,
          details: { organizationId: found.organizationId, resolvedReports: resolved.length },
        });
        if (input.action === 'hold' && organization) {
          await holds.hold(tx, actor, organization, input.reason);
        }
        return found;
      });
      emailQueued();
      if (input.action === 'delete' && report.organizationId) {
        await holds.deleteOrganization(
          actor,
          report.organizationId,
          report.organizationName,
          input.reason,
        );
      }
    },
  };
}
