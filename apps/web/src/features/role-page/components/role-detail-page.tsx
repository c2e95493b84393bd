import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorBoundaryTexts, rolePageTexts as texts, type Country } from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { RefreshIcon } from '../../../components/ui/icons';
import { PageContainer } from '../../../components/ui/page-container';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusCard } from '../../../components/ui/status-card';
import { ApiError } from '../../../lib/api-client';
import { InAppLink } from '../../../lib/in-app-links';
import { organizationQueryOptions } from '../../../lib/organization-queries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { publicRoleQueryOptions } from '../api/get-role';
import { RoleView } from './role-view';

const isAnswer = (error: unknown, check: 'isGone' | 'isNotFound') =>
  error instanceof ApiError && error[check];

/** Loading placeholder with the shape of the role's page. */
function RoleSkeleton() {
  return (
    <div role="status" aria-label={texts.loadingTitle} className="flex flex-col gap-4">
      <Skeleton className="h-14 w-56" />
      <Skeleton className="h-10 w-3/4 max-w-xl" />
      <Skeleton className="h-5 w-64" />
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-3">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
        <Skeleton className="h-64 w-full rounded-card" />
      </div>
    </div>
  );
}

/**
 * /organizations/:orgId/roles/:roleId : an open role, or, once it is no longer open (the server
 * answers 410), a page that says so and leads to the organization's current roles.
 */
export function RoleDetailPage({
  orgId,
  roleId,
  countriesByCode,
  referencePending,
  openRoleActions,
}: {
  orgId: string;
  roleId: string;
  /** Shown under an open role (the route's: a report, or its members' way to the roles). */
  openRoleActions?: ReactNode;
  countriesByCode: ReadonlyMap<string, Country>;
  /** The country names are on their way: the page waits for them rather than show codes. */
  referencePending: boolean;
}) {
  const role = useQuery(publicRoleQueryOptions(orgId, roleId));
  const organization = useQuery(organizationQueryOptions(orgId));
  // A role of an organization no longer published is answered 'not found' with its organization.
  const gone =
    isAnswer(role.error, 'isGone') ||
    (isAnswer(role.error, 'isNotFound') && isAnswer(organization.error, 'isNotFound'));
  const notFound = !gone && isAnswer(role.error, 'isNotFound');
  const failed = !gone && !notFound && (role.isError || organization.isError);

  useDocumentTitle(
    role.data && organization.data
      ? texts.title(role.data.title, organization.data.name)
      : gone
        ? texts.goneTitle
        : notFound
          ? texts.notFoundTitle
          : failed
            ? errorBoundaryTexts.heading
            : texts.loadingTitle,
  );

  const published = organization.data?.published ? organization.data : null;
  const leadOn = published ? (
    <InAppLink to={`/organizations/${published.id}`} className={buttonClasses('primary')}>
      {texts.goneLink(published.name)}
    </InAppLink>
  ) : (
    <InAppLink to="/" className={buttonClasses('primary')}>
      {texts.backToDirectory}
    </InAppLink>
  );

  return (
    <PageContainer className="flex flex-col gap-6 py-6 sm:py-10">
      {role.data && organization.data && !referencePending ? (
        <>
          <RoleView
            role={role.data}
            organization={organization.data}
            countriesByCode={countriesByCode}
          />
          {openRoleActions}
        </>
      ) : gone ? (
        <StatusCard as="h1" title={texts.goneHeading} action={leadOn} className="my-10">
          {texts.goneBody}
        </StatusCard>
      ) : notFound ? (
        <StatusCard as="h1" title={texts.notFoundHeading} action={leadOn} className="my-10" />
      ) : failed ? (
        <StatusCard
          as="h1"
          role="alert"
          tone="danger"
          title={errorBoundaryTexts.heading}
          className="my-10"
          action={
            <Button
              variant="secondary"
              onClick={() => void Promise.all([role.refetch(), organization.refetch()])}
            >
              <RefreshIcon className="size-4" />
              {errorBoundaryTexts.retry}
            </Button>
          }
        >
          {texts.errorBody}
        </StatusCard>
      ) : (
        <RoleSkeleton />
      )}
    </PageContainer>
  );
}
