import { useState } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import {
  errorBoundaryTexts,
  organizationEditorTexts,
  organizationFormMessages,
  roleCan,
  sessionTexts,
  type CurrentUser,
} from '@si/contracts';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { PageContainer } from '../../components/ui/page-container';
import { useEditableOrganization } from '../../features/organization-editor/api/get-editable-organization';
import { EditorSkeleton } from '../../features/organization-editor/components/editor-skeleton';
import { OrganizationEditor } from '../../features/organization-editor/components/organization-editor';
import { useCategories } from '../../features/reference/api/get-categories';
import { useCategoryGroups } from '../../features/reference/api/get-category-groups';
import { isNewlyCreated } from '../../features/payments/components/newly-created';
import { PaymentGate } from '../../features/payments/components/payment-gate';
import { usePaymentGate } from '../../features/payments/hooks/use-payment-gate';
import { useCountries } from '../../features/reference/api/get-countries';
import { useMyRole } from '../../lib/organization-queries';
import { sessionQueryKey } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { editPageState } from './edit-organization-state';
import { OrganizationNotFound } from './organization-not-found';

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
  const myRole = useMyRole(orgId, user && !user.isAnonymous ? user.id : null);
  const groups = useCategoryGroups();
  const categories = useCategories();
  const countries = useCountries();
  const gate = usePaymentGate(orgId, searchParams, {
    billing: myRole === undefined ? undefined : roleCan(myRole, 'billing'),
    paid: organization.data ? organization.data.paymentStatus === 'paid' : undefined,
  });
  // Bumped by Reload: the form starts over from the organization as stored now.
  const [formKey, setFormKey] = useState(0);
  const newlyCreated = isNewlyCreated(location.state, searchParams);
  useDocumentTitle(
    newlyCreated ? organizationEditorTexts.completeHeading : organizationEditorTexts.editHeading,
  );

  const reload = () => {
    void organization.refetch().then(() => setFormKey((key) => key + 1));
  };

  const state = editPageState({
    organization: {
      data: organization.data,
      error: organization.error,
      isError: organization.isError,
      fresh: organization.isFetchedAfterMount,
    },
    user,
    myRole,
    gate: gate.state,
    groups,
    categories,
    countries,
  });

  let content;
  switch (state.kind) {
    case 'not-owner':
      return (
        <Navigate
          to="/organizations"
          replace
          state={{ message: organizationFormMessages.notOwner }}
        />
      );
    case 'not-found':
      content = <OrganizationNotFound orgId={orgId} />;
      break;
    case 'payment-gate':
      content = (
        <PaymentGate
          state={state.gate}
          organizationId={orgId}
          organizationName={state.organizationName}
          onVerifyAgain={gate.verifyAgain}
          onCheckAgain={gate.checkAgain}
        />
      );
      break;
    case 'load-failed':
      content = (
        <Notice
          tone="danger"
          message={
            state.organizationFailed
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
      break;
    case 'editor':
      content = (
        <OrganizationEditor
          key={`${state.organization.id}:${formKey}`}
          organization={state.organization}
          groups={state.groups}
          categories={state.categories}
          countries={state.countries}
          newlyCreated={newlyCreated}
          notice={state.notice}
          onReload={reload}
        />
      );
      break;
    case 'loading':
      content = <EditorSkeleton />;
  }
  return (
    <PageContainer className="flex max-w-4xl flex-col gap-6 overflow-x-clip py-8 sm:py-12">
      {content}
    </PageContainer>
  );
}
