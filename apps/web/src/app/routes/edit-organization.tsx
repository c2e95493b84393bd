import { useState } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import {
  detailTexts,
  errorBoundaryTexts,
  organizationEditorTexts,
  organizationFormMessages,
  sessionTexts,
  type CurrentUser,
} from '@si/contracts';
import { Button, buttonClasses } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { PageContainer } from '../../components/ui/page-container';
import { StatusCard } from '../../components/ui/status-card';
import { useEditableOrganization } from '../../features/organization-editor/api/get-editable-organization';
import { EditorSkeleton } from '../../features/organization-editor/components/editor-skeleton';
import { OrganizationEditor } from '../../features/organization-editor/components/organization-editor';
import { useCategories } from '../../features/reference/api/get-categories';
import { useCategoryGroups } from '../../features/reference/api/get-category-groups';
import { isNewlyCreated } from '../../features/payments/components/newly-created';
import { PaymentGate } from '../../features/payments/components/payment-gate';
import { usePaymentGate } from '../../features/payments/hooks/use-payment-gate';
import { useCountries } from '../../features/reference/api/get-countries';
import { ApiError } from '../../lib/api-client';
import { sessionQueryKey } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * /organizations/:orgId/edit (behind the 'edit' guard): the owner's editor. Someone else is sent
 * to /organizations, which goes home, with the product's message. While the organization has no live
 * subscription, the payment gate stands in the editor's place. One lazy module.
 */
export function EditOrganizationPage() {
  const { orgId = '' } = useParams();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // The guard around this page has loaded the session: read it from the cache.
  const { data: user } = useQuery<CurrentUser | null>({
    queryKey: sessionQueryKey,
    queryFn: skipToken,
  });
  const organization = useEditableOrganization(orgId);
  const groups = useCategoryGroups();
  const categories = useCategories();
  const countries = useCountries();
  const gate = usePaymentGate(orgId, searchParams);
  // Bumped by Reload: the form starts over from the organization as stored now.
  const [formKey, setFormKey] = useState(0);
  const newlyCreated = isNewlyCreated(location.state, searchParams);
  useDocumentTitle(
    newlyCreated ? organizationEditorTexts.completeHeading : organizationEditorTexts.editHeading,
  );

  const reload = () => {
    void organization.refetch().then(() => setFormKey((key) => key + 1));
  };

  // A malformed id (400) cannot exist either.
  const notFound =
    organization.error instanceof ApiError &&
    (organization.error.isNotFound || organization.error.status === 400);
  const referenceFailed = groups.isError || categories.isError || countries.isError;
  // The copy cached from the profile page is not trusted for its version: wait for the first
  // answer since the page opened. Only that first load is waited for: a later refetch (Reload
  // starts the form over itself, with a new key) never swaps the form being edited for the
  // skeleton, which would lose the owner's unsaved edits.
  const fresh = organization.isFetchedAfterMount;

  let content;
  if (organization.data && fresh && user && organization.data.createdBy !== user.id) {
    return (
      <Navigate
        to="/organizations"
        replace
        state={{ message: organizationFormMessages.notOwner }}
      />
    );
  } else if (notFound) {
    content = (
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
  } else if (
    gate.state.kind === 'verifying' ||
    gate.state.kind === 'timeout' ||
    // Payment required (or not known) is said once the owner's organization has loaded.
    ((gate.state.kind === 'required' || gate.state.kind === 'failed') &&
      organization.data &&
      fresh &&
      user)
  ) {
    content = (
      <PaymentGate
        state={gate.state}
        organizationId={orgId}
        organizationName={organization.data?.name ?? null}
        onVerifyAgain={gate.verifyAgain}
        onCheckAgain={gate.checkAgain}
      />
    );
  } else if (organization.isError || referenceFailed) {
    content = (
      <Notice
        tone="danger"
        message={
          organization.isError
            ? organizationEditorTexts.loadFailed
            : sessionTexts.referenceLoadFailed
        }
        testId="editor-load-error"
      >
        <Button
          variant="secondary"
          size="sm"
          className="w-fit"
          onClick={() => {
            if (organization.isError) void organization.refetch();
            if (groups.isError) void groups.refetch();
            if (categories.isError) void categories.refetch();
            if (countries.isError) void countries.refetch();
          }}
        >
          {errorBoundaryTexts.retry}
        </Button>
      </Notice>
    );
  } else if (
    gate.state.kind === 'open' &&
    organization.data &&
    fresh &&
    user &&
    groups.data &&
    categories.data &&
    countries.data
  ) {
    content = (
      <OrganizationEditor
        key={`${organization.data.id}:${formKey}`}
        organization={organization.data}
        groups={groups.data}
        categories={categories.data}
        countries={countries.data}
        newlyCreated={newlyCreated}
        notice={gate.state.notice}
        onReload={reload}
      />
    );
  } else {
    content = <EditorSkeleton />;
  }
  return (
    <PageContainer className="flex max-w-4xl flex-col gap-6 overflow-x-clip py-8 sm:py-12">
      {content}
    </PageContainer>
  );
}
