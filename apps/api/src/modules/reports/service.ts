import { errorCodes, reportTexts, roleReportTexts, type CreateReportRequest } from '@si/contracts';
import type { WindowCounters } from '../../adapters/rate-limit/window-counters.ts';
import { AppError } from '../../http/errors.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { RoleService } from '../roles/service.ts';
import type { ReportRepository } from './repository.ts';
import type { Reporter, ReporterKeys } from './reporter-key.ts';

export interface ReportServiceOptions {
  repository: ReportRepository;
  organizations: Pick<OrganizationService, 'getPublished'>;
  /** A role as a signed-out visitor is answered it: open, of a published organization. */
  roles: Pick<RoleService, 'get'>;
  keys: ReporterKeys;
  counters: WindowCounters;
  /** Per window: reports from one client address, and reports of one profile from all clients. */
  limits: { enabled: boolean; windowMs: number; perClient: number; perProfile: number };
}

/**
 * docs/product.md#organization-profile: anyone may report a published profile, signed in or
 * not (ADR 029). The answer is the same for a new report and for one that repeats an open one.
 */
export function createReportService({
  repository,
  organizations,
  roles,
  keys,
  counters,
  limits,
}: ReportServiceOptions) {
  async function count(key: string, max: number, message: string) {
    if (!limits.enabled) return;
    const { hits } = await counters.hit(key, limits.windowMs);
    if (hits > max) throw new AppError(429, errorCodes.rateLimited, message);
  }

  /** Both limits, the client first: one client's burst must not use up others' allowance. */
  async function countReport(reporter: Reporter, organizationId: string, tooMany: string) {
    await count(`report:${keys.client(reporter)}`, limits.perClient, reportTexts.tooMany);
    await count(`report-profile:${organizationId}`, limits.perProfile, tooMany);
  }

  return {
    async report(reporter: Reporter, organizationId: string, input: CreateReportRequest) {
      // Not published, or no such id: the very answer GET /api/organizations/{id} gives anyone
      // but the owner. An owner may report their own profile; it only reaches the operators.
      const organization = await organizations.getPublished(organizationId);
      await countReport(reporter, organization.id, reportTexts.tooManyForProfile);
      await repository.addOpen({
        organizationId: organization.id,
        organizationName: organization.name,
        reason: input.reason,
        details: input.details,
        reporterKey: keys.reporter(reporter),
      });
      return { received: true as const };
    },

    /**
     * A report of one role (ADR 045): only an open role of a published organization, answered
     * otherwise as GET of the role answers a visitor (404, or 410 for one no longer open). It
     * counts against the same limits as a report of the profile: one allowance per client,
     * and one per organization, whatever it is that is reported.
     */
    async reportRole(
      reporter: Reporter,
      organizationId: string,
      roleId: string,
      input: CreateReportRequest,
    ) {
      const organization = await organizations.getPublished(organizationId);
      const { data: role } = await roles.get(organization.id, roleId, async () => null);
      await countReport(reporter, organization.id, roleReportTexts.tooManyForOrganization);
      await repository.addOpen({
        organizationId: organization.id,
        organizationName: organization.name,
        roleId: role.id,
        roleTitle: role.title,
        reason: input.reason,
        details: input.details,
        reporterKey: keys.reporter(reporter),
      });
      return { received: true as const };
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;
