import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { activityTexts as texts } from '@si/contracts';
import { DashboardSectionGroup } from '../../features/account/components/dashboard-shell';
import { useMyOrganizations } from '../../features/account/api/get-my-organizations';
import { ActivityLog } from '../../features/activity/components/activity-log';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * /dashboard/organizations/:orgId/activity: who changed the organization's team or profile, for
 * its owners (ADR 048). The server refuses anyone else.
 */
export function DashboardActivity() {
  useDocumentTitle(texts.title);
  const { orgId = '' } = useParams();
  const name = useMyOrganizations().data?.find((organization) => organization.id === orgId)?.name;
  return (
    <DashboardSectionGroup id="activity-page" title={name ? texts.pageTitle(name) : texts.title}>
      <p className="-mt-3 text-ink-muted">{texts.intro}</p>
      <div>
        <Link
          to="/dashboard/organizations"
          className="inline-flex min-h-touch items-center gap-1.5 text-sm font-semibold text-brand-ink underline-offset-4 hover:underline sm:min-h-9"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {texts.back}
        </Link>
      </div>
      <ActivityLog organizationId={orgId} />
    </DashboardSectionGroup>
  );
}
