import { useNavigate } from 'react-router';
import { errorBoundaryTexts, organizationEditorTexts, sessionTexts } from '@si/contracts';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { PageContainer } from '../../components/ui/page-container';
import { EditorSkeleton } from '../../features/organization-editor/components/editor-skeleton';
import { SubmitOrganizationForm } from '../../features/organization-editor/components/submit-organization-form';
import { useCategories } from '../../features/reference/api/get-categories';
import { useCategoryGroups } from '../../features/reference/api/get-category-groups';
import { useCountries } from '../../features/reference/api/get-countries';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  newlyCreatedState,
  planSelectionPath,
} from '../../features/payments/components/newly-created';

/** /submit-organization : the create form (behind the 'create' guard). One lazy module. */
export function SubmitOrganizationPage() {
  useDocumentTitle(organizationEditorTexts.submitTitle);
  const navigate = useNavigate();
  const groups = useCategoryGroups();
  const categories = useCategories();
  const countries = useCountries();
  const failed = groups.isError || categories.isError || countries.isError;
  const retry = () => {
    if (groups.isError) void groups.refetch();
    if (categories.isError) void categories.refetch();
    if (countries.isError) void countries.refetch();
  };

  return (
    <PageContainer className="flex max-w-4xl flex-col gap-6 overflow-x-clip py-8 sm:py-12">
      <div className="flex flex-col gap-2">
        <h1 className="text-headline font-semibold tracking-tight sm:text-display">
          {organizationEditorTexts.submitHeading}
        </h1>
        <p className="max-w-prose text-lg text-ink-muted">{organizationEditorTexts.submitIntro}</p>
      </div>
      {failed ? (
        <Notice tone="danger" message={sessionTexts.referenceLoadFailed}>
          <Button variant="secondary" size="sm" className="w-fit" onClick={retry}>
            {errorBoundaryTexts.retry}
          </Button>
        </Notice>
      ) : groups.data && categories.data && countries.data ? (
        <SubmitOrganizationForm
          groups={groups.data}
          categories={categories.data}
          countries={countries.data}
          onCreated={(organization) =>
            void navigate(planSelectionPath(organization.id), { state: newlyCreatedState })
          }
        />
      ) : (
        <EditorSkeleton />
      )}
    </PageContainer>
  );
}
