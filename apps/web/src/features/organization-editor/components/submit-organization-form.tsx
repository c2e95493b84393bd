import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  categorySelectionProblem,
  organizationEditorTexts,
  type Category,
  type CategoryGroup,
  type Country,
  type Organization,
} from '@si/contracts';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { buttonClasses } from '../../../components/ui/button';
import { useCreateOrganization } from '../api/create-organization';
import { NameField, OrganizationCountryField, OrganizationDescriptionField } from './basic-fields';
import { CategoryPicker } from './category-picker';
import { FormSection } from './fields';
import {
  CreateForm,
  withCategoryRule,
  type CreateFormInput,
  type CreateFormOutput,
} from './form-rules';

const formFields = ['name', 'description', 'country', 'categoryIds'] as const;
type FormField = (typeof formFields)[number];
const isFormField = (key: string): key is FormField =>
  (formFields as readonly string[]).includes(key);

export interface SubmitOrganizationFormProps {
  groups: readonly CategoryGroup[];
  categories: readonly Category[];
  countries: readonly Country[];
  /** The organization was created: go on (to plan selection). */
  onCreated: (organization: Organization) => void;
}

/**
 * /submit-organization: name, description, country and categories. Whitespace alone counts as
 * empty; each refusal shows at its field, and the first field refused takes the focus.
 */
export function SubmitOrganizationForm({
  groups,
  categories,
  countries,
  onCreated,
}: SubmitOrganizationFormProps) {
  const mutation = useCreateOrganization();
  const [failure, setFailure] = useState<string | null>(null);
  const resolver = withCategoryRule(zodResolver(CreateForm), categories, groups);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitted, touchedFields },
  } = useForm<CreateFormInput, unknown, CreateFormOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: { name: '', description: '', country: '', categoryIds: [] },
  });
  const description = useWatch({ control, name: 'description' });
  const categoryIds = useWatch({ control, name: 'categoryIds' });
  const showRule = isSubmitted || Boolean(touchedFields.categoryIds);
  const problem = showRule ? categorySelectionProblem(categoryIds, categories, groups) : null;

  const onSubmit = handleSubmit((values) => {
    if (mutation.isPending) return;
    setFailure(null);
    mutation.mutate(values, {
      onSuccess: onCreated,
      onError: (error) => {
        const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
        const known = fields.filter(([key]) => isFormField(key));
        if (error instanceof ApiError && error.status === 400 && known.length > 0) {
          known.forEach(([key, message], index) =>
            setError(key as FormField, { message }, { shouldFocus: index === 0 }),
          );
          return;
        }
        setFailure(organizationEditorTexts.createFailed);
      },
    });
  });

  const busy = mutation.isPending || mutation.isSuccess;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <FormSection id="submit-basics" title={organizationEditorTexts.basicsHeading}>
        <NameField error={errors.name?.message} {...register('name')} />
        <OrganizationDescriptionField
          length={description.length}
          error={errors.description?.message}
          {...register('description')}
        />
        <OrganizationCountryField
          countries={countries}
          error={errors.country?.message}
          defaultValue=""
          {...register('country')}
        />
      </FormSection>

      <FormSection id="submit-categories" title={organizationEditorTexts.categoriesHeading}>
        <Controller
          control={control}
          name="categoryIds"
          render={({ field }) => (
            <CategoryPicker
              groups={groups}
              categories={categories}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.categoryIds?.message ?? problem?.message}
              missingGroupIds={problem?.missingGroupIds}
            />
          )}
        />
      </FormSection>

      {failure ? <Notice tone="danger" message={failure} /> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <button
          type="submit"
          className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? <Spinner /> : null}
          {busy ? organizationEditorTexts.creating : organizationEditorTexts.createButton}
        </button>
      </div>
    </form>
  );
}
