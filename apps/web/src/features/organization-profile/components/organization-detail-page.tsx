import { lazy, Suspense, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshIcon } from '../../../components/ui/icons';
import { Link } from 'react-router';
import {
  detailTexts,
  errorBoundaryTexts,
  roleCan,
  type Category,
  type Country,
} from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { SuccessBanner } from '../../../components/ui/message-banner';
import { StatusCard } from '../../../components/ui/status-card';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { isOrganizationId, organizationKeys, useMyRole } from '../../../lib/organization-queries';
import { useOrganization } from '../api/get-organization';
import { OrganizationProfile } from './organization-profile';
import { ProfileSkeleton } from './profile-skeleton';
import { ReportProfile } from './report-profile';

// The owner's tools load only for the owner: visitors never download them.
const OwnerActions = lazy(() =>
  import('./owner-tools').then((module) => ({ default: module.OwnerActions })),
);
const PublicationNotice = lazy(() =>
  import('./owner-tools').then((module) => ({ default: module.PublicationNotice })),
);

export interface OrganizationDetailPageProps {
  orgId: string;
  categoriesById: ReadonlyMap<string, Category>;
  countriesByCode: ReadonlyMap<string, Country>;
  /** Reference data (categories, countries) still loading. */
  referencePending: boolean;
  /** The signed-in user's id: a member gets Edit, an owner Delete too (ADR 047). */
  currentUserId?: string | null | undefined;
}

/** /organizations/:orgId with its states: loading, loaded, not found, error. */
export function OrganizationDetailPage({
  orgId,
  categoriesById,
  countriesByCode,
  referencePending,
  currentUserId,
}: OrganizationDetailPageProps) {
  const query = useOrganization(orgId);
  const [message, dismissMessage] = useFlashMessage();
  // The latest answer decides: a 404 (unpublished meanwhile, or its owner signed out) hides a
  // copy cached from an earlier answer. Other failures keep showing the cached copy.
  const notFound = query.error instanceof ApiError && query.error.isNotFound;
  const organization = notFound ? undefined : query.data;
  const myRole = useMyRole(orgId, currentUserId);
  const owner = Boolean(organization) && roleCan(myRole, 'edit');

  // The server renders profiles without cookies, so an owner's unpublished organization came back
  // 'not found' there; once a signed-in user is known, it is asked again with their session, once
  // per user. Once: a query without data forgets its error while it is fetched again, so 'not
  // found' turns false and then true with the same answer, and asking whenever it is true would
  // ask forever. An id that is no UUID is not found for anyone.
  // Its roles and milestones (under the same key) are asked again with it.
  const askedAs = useRef<string | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!currentUserId || !notFound || askedAs.current === currentUserId) return;
    askedAs.current = currentUserId;
    if (isOrganizationId(orgId)) {
      void queryClient.refetchQueries({ queryKey: organizationKeys.detail(orgId) });
    }
  }, [currentUserId, notFound, orgId, queryClient]);

  // While it loads (and while a failing request is retried) the tab says so at once, rather than
  // keeping the previous page's title.
  useDocumentTitle(
    organization
      ? detailTexts.title(organization.name)
      : notFound
        ? detailTexts.notFoundTitle
        : query.isError
          ? detailTexts.errorTitle
          : detailTexts.loadingTitle,
  );

  const backToOrganizations = (
    <Link to="/" className={buttonClasses('primary')}>
      {detailTexts.backToOrganizations}
    </Link>
  );

  return (
    <PageContainer className="flex flex-col gap-6 py-6 sm:py-10">
      {message ? <SuccessBanner message={message} onDismiss={dismissMessage} /> : null}
      {owner && organization && !referencePending ? (
        <Suspense fallback={null}>
          <PublicationNotice organization={organization} />
        </Suspense>
      ) : null}
      {organization && !referencePending ? (
        <OrganizationProfile
          organization={organization}
          categoriesById={categoriesById}
          countriesByCode={countriesByCode}
          actions={
            owner ? (
              <Suspense fallback={null}>
                <OwnerActions organization={organization} canDelete={roleCan(myRole, 'delete')} />
              </Suspense>
            ) : null
          }
          footer={
            // Its owner edits the profile instead; anyone else may tell the operators about it.
            organization.published && !owner ? <ReportProfile organization={organization} /> : null
          }
        />
      ) : notFound ? (
        <StatusCard
          as="h1"
          title={detailTexts.notFoundHeading}
          action={backToOrganizations}
          className="my-10"
        >
          {detailTexts.notFoundBody(orgId)}
        </StatusCard>
      ) : query.isError ? (
        <StatusCard
          as="h1"
          role="alert"
          tone="danger"
          title="Error"
          className="my-10"
          action={
            <>
              {backToOrganizations}
              <Button variant="secondary" onClick={() => void query.refetch()}>
                <RefreshIcon className="size-4" />
                {errorBoundaryTexts.retry}
              </Button>
            </>
          }
        >
          {detailTexts.fetchError}
        </StatusCard>
      ) : (
        <ProfileSkeleton />
      )}
    </PageContainer>
  );
}
