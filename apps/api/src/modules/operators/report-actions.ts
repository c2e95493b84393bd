import {
  adminRoleTexts,
  adminTexts,
  errorCodes,
  roleReportResolutions,
  type ResolveReportRequest,
} from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { Actor } from './audit.ts';
import { toIso, type ConsoleContext } from './console-context.ts';
import type { OrganizationHolds } from './organization-holds.ts';
import type { ReportRow } from './repository.ts';
import type { RoleHolds } from './role-holds.ts';

export const reportView = (row: ReportRow) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  resolvedAt: toIso(row.resolvedAt),
});

/** A report about a role is dismissed or the role held (ADR 045); deleting is the profile's. */
const isRoleResolution = (action: string): action is (typeof roleReportResolutions)[number] =>
  (roleReportResolutions as readonly string[]).includes(action);

/** The reports queue (ADR 029, ADR 045): visitors' reports, resolved by an operator. */
export function createReportActions(
  { db, repository, record, emailQueued }: ConsoleContext,
  holds: OrganizationHolds,
  roleHolds: Pick<RoleHolds, 'holdReported'>,
) {
  return {
    async reports(query: { status: 'open' | 'resolved'; page: number }) {
      const { rows, total } = await repository.reports(query);
      return { rows: rows.map(reportView), total };
    },

    /**
     * Resolves a report, and every other open report of the same profile (or, for a report
     * about a role, of the same role) with it: dismissed, or the profile or the role held (its
     * owners are emailed the reason), or the organization deleted.
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
        const aboutRole = found.roleTitle !== null;
        if (aboutRole && !isRoleResolution(input.action)) {
          throw badRequest(adminRoleTexts.roleReportActions, {
            action: adminRoleTexts.roleReportActions,
          });
        }
        const organization = found.organizationId
          ? await repository.organization(tx, found.organizationId)
          : null;
        await holds.refuseOwnCase(tx, actor, found.organizationId);
        const resolved = await repository.resolveReports(tx, found, {
          status,
          by: actor.email,
          resolution: input.reason,
        });
        await record(tx, actor, {
          action: `report.${input.action}`,
          targetType: 'report',
          targetId: found.id,
          targetLabel: aboutRole
            ? `${found.roleTitle} (${found.organizationName})`
            : found.organizationName,
          reason: input.reason,
          details: {
            organizationId: found.organizationId,
            roleId: found.roleId,
            resolvedReports: resolved.length,
          },
        });
        if (input.action === 'hold' && aboutRole) {
          await roleHolds.holdReported(tx, actor, organization, found.roleId, input.reason);
        } else if (input.action === 'hold' && organization) {
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
