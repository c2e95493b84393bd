import { roleReportTexts, type Organization } from '@si/contracts';
import { ReportButton } from './report-profile';

/**
 * 'Report this role' (ADR 045), for the role's public page: the profile's report button and
 * dialog, about one open role. Shown to anyone but the organization's owner, on an open role of
 * a published organization (the API answers anything else as the role's page does).
 */
export function ReportRole({
  organization,
  role,
}: {
  organization: Pick<Organization, 'id'>;
  role: { id: string };
}) {
  return (
    <ReportButton organization={organization} roleId={role.id} label={roleReportTexts.action} />
  );
}
