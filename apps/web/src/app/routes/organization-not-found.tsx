import { Link } from 'react-router';
import { detailTexts } from '@si/contracts';
import { buttonClasses } from '../../components/ui/button';
import { StatusCard } from '../../components/ui/status-card';

/** An owner's page (editor, plan selection) for an organization that is not theirs or not there. */
export function OrganizationNotFound({ orgId }: { orgId: string }) {
  return (
    <StatusCard
      as="h1"
      title={detailTexts.notFoundHeading}
      className="my-10"
      action={
        <Link to="/dashboard/organizations" className={buttonClasses('primary')}>
          {detailTexts.backToOrganizations}
        </Link>
      }
    >
      {detailTexts.notFoundBody(orgId)}
    </StatusCard>
  );
}
