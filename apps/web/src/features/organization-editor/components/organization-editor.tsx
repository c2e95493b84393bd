import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import {
  DEFAULT_CATEGORY_ID,
  organizationEditorTexts,
  type Category,
  type CategoryGroup,
  type Country,
  type Organization,
} from '@si/contracts';
import { SuccessBanner } from '../../../components/ui/message-banner';
import { useOrganizationImages } from '../api/organization-images';
import { useUpdateOrganization } from '../api/update-organization';
import { CategoriesSection } from './categories-section';
import { DomainVerification } from './domain-verification';
import { chosenDetails, editFormValues, updateRequest } from './edit-form-values';
import { EditorActions } from './editor-actions';
import { BasicsSection, ImagesSection, LinksSection } from './editor-sections';
import { EditForm, withCategoryRule, type EditFormInput, type EditFormOutput } from './form-rules';
import { saveFailure, type SaveAlert } from './save-alerts';

/** docs/product.md#limits-and-constants: after a save the profile opens 1.5 s later. */
export const REDIRECT_AFTER_SAVE_MS = 1500;

export interface OrganizationEditorProps {
  organization: Organization;
  groups: readonly CategoryGroup[];
  categories: readonly Category[];
  countries: readonly Country[];
  /** Just created: the product's banner and 'Complete Your Organization Profile'. */
  newlyCreated: boolean;
  /** A success message to show above the editor (a payment or guest code just confirmed). */
  notice?: string | null;
  /** Loads the stored organization again and starts the form over (after a stale save). */
  onReload: () => void;
}

/**
 * The editor of /organizations/:orgId/edit. Save sends the whole profile with the version it was
 * loaded at; a save made meanwhile elsewhere is refused (409) and the owner is asked to reload.
 * Images upload on their own and do not need a save.
 */
export function OrganizationEditor({
  organization,
  groups,
  categories,
  countries,
  newlyCreated,
  notice = null,
  onReload,
}: OrganizationEditorProps) {
  const navigate = useNavigate();
  const mutation = useUpdateOrganization();
  const images = useOrganizationImages(organization.id);
  const [alert, setAlert] = useState<SaveAlert | null>(null);
  // The version the form was filled from: a save is made on it.
  const [version] = useState(organization.version);
  const [initialValues] = useState(() => editFormValues(organization));
  const hadDefaultCategory = organization.categoryIds.includes(DEFAULT_CATEGORY_ID);
  const profilePath = `/organizations/${organization.id}`;

  // Only what is saved is checked: an unticked category's words never block Save.
  const resolver = withCategoryRule(zodResolver(EditForm), categories, groups, (values) => ({
    ...values,
    categoriesDetails: chosenDetails(values.categoriesDetails, values.categoryIds),
  }));
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    unregister,
    formState: { errors },
  } = useForm<EditFormInput, unknown, EditFormOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: initialValues,
  });
  const description = useWatch({ control, name: 'description' });
  const websiteDraft = useWatch({ control, name: 'websiteUrl' }) ?? '';

  const saved = alert?.kind === 'saved';
  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(
      () => void navigate(profilePath, { state: { message: organizationEditorTexts.updated } }),
      REDIRECT_AFTER_SAVE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [saved, navigate, profilePath]);

  // Said above the buttons while the form cannot be saved (it follows the fields' errors).
  const onInvalid = () => setAlert({ kind: 'invalid' });

  const onSubmit = handleSubmit((values) => {
    if (mutation.isPending || saved) return;
    setAlert(null);
    mutation.mutate(
      { id: organization.id, changes: updateRequest(values, version, hadDefaultCategory) },
      {
        onSuccess: () => setAlert({ kind: 'saved' }),
        onError: (error) => {
          const failure = saveFailure(error);
          if (failure.kind !== 'fields') return setAlert(failure);
          Object.entries(failure.fields).forEach(([field, message], index) =>
            setError(field as keyof EditFormInput, { message }, { shouldFocus: index === 0 }),
          );
          // Also above the buttons: a field the form does not show would otherwise hide it.
          setAlert({ kind: 'invalid' });
        },
      },
    );
  }, onInvalid);

  return (
    <div className="flex flex-col gap-6">
      {newlyCreated ? <SuccessBanner message={organizationEditorTexts.createdBanner} /> : null}
      <div className="flex flex-col gap-1">
        <h1 className="text-headline font-semibold tracking-tight sm:text-display">
          {newlyCreated
            ? organizationEditorTexts.completeHeading
            : organizationEditorTexts.editHeading}
        </h1>
        <p className="text-lg text-ink-muted">{organization.name}</p>
      </div>
      {/* The payment's confirmation under the greeting and the heading, above the form it opened. */}
      {notice ? <SuccessBanner message={notice} /> : null}

      {/*
       * Before the form, not in it: its own small forms send a code and check it, and nothing
       * follows the form, whose Save and Cancel bar stays pinned to the bottom of the screen
       * down to the page's end.
       */}
      <DomainVerification organization={organization} websiteDraft={websiteDraft} />

      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <p className="text-sm text-ink-muted">{organizationEditorTexts.requiredNote}</p>
        <BasicsSection
          register={register}
          errors={errors}
          descriptionLength={description.length}
          countries={countries}
          initialCountry={initialValues.country}
        />
        <ImagesSection organization={organization} images={images} />
        <LinksSection register={register} errors={errors} setValue={setValue} />
        <CategoriesSection
          register={register}
          errors={errors}
          control={control}
          unregister={unregister}
          organization={organization}
          images={images}
          groups={groups}
          categories={categories}
        />
        <EditorActions
          alert={alert}
          errors={errors}
          busy={mutation.isPending}
          profilePath={profilePath}
          onReload={onReload}
        />
      </form>
    </div>
  );
}
