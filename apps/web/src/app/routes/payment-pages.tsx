import { skipToken, useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import {
  detailTexts,
  errorBoundaryTexts,
  memberTexts,
  paymentTexts,
  roleCan,
  type CurrentUser,
} from '@si/contracts';
import { Button, buttonClasses } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { PageContainer } from '../../components/ui/page-container';
import { StatusCard } from '../../components/ui/status-card';
import { organizationQueryOptions, useMyRole } from '../../lib/organization-queries';
import { useTestCheckout } from '../../features/payments/api/test-checkout';
import { isNewlyCreated } from '../../features/payments/components/newly-created';
import { PaymentCanceled } from '../../features/payments/components/payment-canceled';
import {
  PlanSelection,
  PlanSelectionIntro,
} from '../../features/payments/components/plan-selection';
import { TestCheckoutCard } from '../../features/payments/components/test-checkout';
import { ApiError } from '../../lib/api-client';
import { sessionQueryKey } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Component as NotFoundPage } from './not-found';
import { OrganizationNotFound } from './organization-not-found';
import { PageFallback } from './page-fallback';

/*
 * The payment pages (behind the 'payments' guard), one lazy module: plan selection, the
 * canceled checkout and the built-in test checkout.
 */

/**
 * /payments/select/:orgId : only with the newly-created flag (docs/product.md#plan-selection-and-checkout), else the dashboard.
 * The organization is read for its name, and the user's role in it (ADR 047): for no member it
 * is not found here, and an editor is told that only its owners choose a plan.
 */
export function SelectPlanPage() {
  const { orgId = '' } = useParams();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const allowed = orgId !== '' && isNewlyCreated(location.state, searchParams);
  // The guard around this page has loaded the session: read it from the cache.
  const { data: user } = useQuery<CurrentUser | null>({
    queryKey: sessionQueryKey,
    queryFn: skipToken,
  });
  const organization = useQuery({ ...organizationQueryOptions(orgId), enabled: allowed });
  const myRole = useMyRole(orgId, allowed ? user?.id : null);
  useDocumentTitle(paymentTexts.selectPlanTitle);

  if (!allowed) return <Navigate to="/dashboard" replace />;
  const notFound =
    (organization.error instanceof ApiError && organization.error.isNotFound) ||
    (Boolean(organization.data) && myRole === null);
  return (
    <PageContainer className="flex max-w-4xl flex-col gap-6 py-8 sm:py-12">
      {notFound ? (
        <OrganizationNotFound orgId={orgId} />
      ) : !myRole ? (
        // The role, or for no member the organization, on its way.
        <PageFallback />
      ) : !roleCan(myRole, 'billing') ? (
        <StatusCard
          as="h1"
          title={memberTexts.ownersOnly}
          className="my-10"
          action={
            <Link to="/dashboard/organizations" className={buttonClasses('primary')}>
              {detailTexts.backToOrganizations}
            </Link>
          }
        />
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <h1 className="text-headline font-semibold tracking-tight sm:text-display">
              {paymentTexts.selectPlanTitle}
            </h1>
            {organization.data ? (
              <p className="text-lg font-semibold text-ink">{organization.data.name}</p>
            ) : null}
            <PlanSelectionIntro organizationId={orgId} />
          </div>
          <PlanSelection organizationId={orgId} />
        </>
      )}
    </PageContainer>
  );
}

/** /payments/canceled?org= : where a checkout's Cancel comes back to. */
export function PaymentCanceledPage() {
  const [searchParams] = useSearchParams();
  useDocumentTitle(paymentTexts.canceledTitle);
  return (
    <PageContainer className="py-16 sm:py-24">
      <PaymentCanceled organizationId={searchParams.get('org') || null} />
    </PageContainer>
  );
}

/** /payments/test-checkout/:sessionId : the built-in checkout while no provider is configured. */
export function TestCheckoutPage() {
  const { sessionId = '' } = useParams();
  const checkout = useTestCheckout(sessionId);
  const notFound = checkout.error instanceof ApiError && checkout.error.isNotFound;
  // The not-found page sets its own title.
  useDocumentTitle(notFound ? null : paymentTexts.testCheckoutTitle);

  if (notFound) return <NotFoundPage />;
  if (checkout.isPending) return <PageFallback />;
  return (
    <PageContainer className="py-10 sm:py-16">
      {checkout.data ? (
        <TestCheckoutCard checkout={checkout.data} onRefresh={() => void checkout.refetch()} />
      ) : (
        <Notice tone="danger" message={paymentTexts.testCheckoutLoadFailed}>
          <Button
            variant="secondary"
            size="sm"
            className="w-fit"
            onClick={() => void checkout.refetch()}
          >
            {errorBoundaryTexts.retry}
          </Button>
        </Notice>
      )}
    </PageContainer>
  );
}
