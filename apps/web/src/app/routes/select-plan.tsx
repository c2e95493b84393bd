import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { authPageTitles, comingSoonTexts, organizationEditorTexts } from '@si/contracts';
import { buttonClasses } from '../../components/ui/button';
import { PageContainer } from '../../components/ui/page-container';
import { StatusCard } from '../../components/ui/status-card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ComingSoonPage } from './guarded-routes';
import { isNewlyCreated, newlyCreatedState } from './newly-created';

/**
 * /payments/select/:orgId until plan selection arrives (the payments issue): after creating an
 * organization the owner learns it is saved and can complete its profile. One lazy module.
 */
export function SelectPlanPage() {
  const { orgId = '' } = useParams();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const newlyCreated = isNewlyCreated(location.state, searchParams);
  useDocumentTitle(authPageTitles.selectPlan);
  if (!newlyCreated) return <ComingSoonPage />;
  return (
    <PageContainer className="py-16 sm:py-24">
      <StatusCard
        as="h1"
        icon={<CircleCheck className="size-6" />}
        title={organizationEditorTexts.createdBanner}
        action={
          <>
            <Link
              to={`/organizations/${encodeURIComponent(orgId)}/edit?new=1`}
              state={newlyCreatedState}
              className={buttonClasses('primary')}
            >
              {organizationEditorTexts.completeProfile}
            </Link>
            <Link to="/dashboard/organizations" className={buttonClasses('secondary')}>
              {comingSoonTexts.backToDashboard}
            </Link>
          </>
        }
      >
        {organizationEditorTexts.paymentsComingSoon}
      </StatusCard>
    </PageContainer>
  );
}
