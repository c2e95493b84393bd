import { useEffect, useState, type FocusEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { RefreshCw } from 'lucide-react';
import {
  CATEGORY_DESCRIPTION_MAX,
  categorySelectionProblem,
  COMPANY_PROPERTIES_GROUP_ID,
  DEFAULT_CATEGORY_ID,
  organizationEditorTexts,
  organizationFormMessages,
  type Category,
  type CategoryGroup,
  type Country,
  type Organization,
  type UrlField,
} from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { SuccessBanner } from '../../../components/ui/message-banner';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useOrganizationImages } from '../api/organization-images';
import { useUpdateOrganization } from '../api/update-organization';
import { NameField, OrganizationCountryField, OrganizationDescriptionField } from './basic-fields';
import { CategoryPicker } from './category-picker';
import { ChosenCategories } from './chosen-categories';
import { DomainVerification } from './domain-verification';
import { chosenDetails, editFormValues, updateRequest } from './edit-form-values';
import { DescriptionField, FormSection } from './fields';
import {
  EditForm,
  withCategoryRule,
  withHttps,
  type EditFormInput,
  type EditFormOutput,
} from './form-rules';
import { ImageUpload } from './image-upload';
import { blockingMessage, saveFailure, type SaveAlert } from './save-alerts';

/** docs/product.md#limits-and-constants: after a save the profile opens 1.5 s later. */
export const REDIRECT_AFTER_SAVE_MS = 1500;

const urlFields: { name: UrlField; label: string }[] = [
  { name: 'websiteUrl', label: organizationEditorTexts.websiteLabel },
  { name: 'linkedinUrl', label: organizationEditorTexts.linkedinLabel },
  { name: 'twitterUrl', label: organizationEditorTexts.twitterLabel },
  { name: 'blogUrl', label: organizationEditorTexts.blogLabel },
];

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
  const categoriesById = new Map(categories.map((category) => [category.id, category]));
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
  const categoryIds = useWatch({ control, name: 'categoryIds' });
  const details = useWatch({ control, name: 'categoriesDetails' }) ?? {};
  const websiteDraft = useWatch({ control, name: 'websiteUrl' }) ?? '';
  const problem = categorySelectionProblem(categoryIds, categories, groups);

  const saved = alert?.kind === 'saved';
  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(
      () => void navigate(profilePath, { state: { message: organizationEditorTexts.updated } }),
      REDIRECT_AFTER_SAVE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [saved, navigate, profilePath]);

  const urlField = (name: UrlField) => {
    const field = register(name);
    return {
      ...field,
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        const completed = withHttps(event.target.value);
        // Checked as completed: after a Save the form checks on typing only, so the error of
        // 'example.org' as typed would otherwise outlive the 'https://example.org' it became.
        if (completed !== event.target.value) setValue(name, completed, { shouldValidate: true });
        return field.onBlur(event);
      },
    };
  };

  // Said above the buttons while the form cannot be saved (it follows the fields' errors).
  const onInvalid = () => setAlert({ kind: 'invalid' });
  const blocking = alert?.kind === 'invalid' ? blockingMessage(errors) : null;

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

  const renderDetails = (category: Category) => {
    if (category.groupId === COMPANY_PROPERTIES_GROUP_ID) {
      return <p className="text-sm text-ink-muted">{organizationEditorTexts.propertyNote}</p>;
    }
    const target = { kind: 'category', categoryId: category.id } as const;
    const stored = organization.categoryIds.includes(category.id);
    return (
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <DescriptionField
          label={organizationEditorTexts.categoryDescriptionLabel(category.name)}
          maxChars={CATEGORY_DESCRIPTION_MAX}
          length={details[category.id]?.length ?? 0}
          rows={4}
          error={errors.categoriesDetails?.[category.id]?.message}
          {...register(`categoriesDetails.${category.id}`)}
        />
        <ImageUpload
          kind="category"
          label={organizationEditorTexts.categoryImageLabel(category.name)}
          hint={organizationEditorTexts.categoryImageHint}
          currentUrl={organization.categoryImages[category.id] ?? null}
          onUpload={(file) => images.upload(target, file)}
          onRemove={() => images.remove(target)}
          unavailableNote={stored ? undefined : organizationEditorTexts.categoryImageAfterSave}
        />
      </div>
    );
  };

  const busy = mutation.isPending;
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
        <FormSection id="edit-basics" title={organizationEditorTexts.basicsHeading}>
          <NameField error={errors.name?.message} {...register('name')} />
          <OrganizationDescriptionField
            length={description.length}
            rows={6}
            error={errors.description?.message}
            {...register('description')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <OrganizationCountryField
              countries={countries}
              error={errors.country?.message}
              defaultValue={initialValues.country}
              {...register('country')}
            />
            <TextField
              label={organizationEditorTexts.locationLabel}
              hint={organizationEditorTexts.locationHint}
              autoComplete="address-level2"
              error={errors.location?.message}
              {...register('location')}
            />
            <TextField
              label={organizationEditorTexts.foundedYearLabel}
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              error={errors.foundedYear?.message}
              {...register('foundedYear')}
            />
          </div>
        </FormSection>

        <FormSection
          id="edit-images"
          title={organizationEditorTexts.imagesHeading}
          description={organizationEditorTexts.imagesSavedAtOnce}
        >
          <div className="grid gap-6 sm:grid-cols-[12rem_minmax(0,1fr)]">
            <ImageUpload
              kind="logo"
              label={organizationEditorTexts.logoLabel}
              hint={organizationEditorTexts.logoHint}
              currentUrl={organization.logo}
              onUpload={(file) => images.upload({ kind: 'logo' }, file)}
              onRemove={() => images.remove({ kind: 'logo' })}
            />
            <ImageUpload
              kind="banner"
              label={organizationEditorTexts.bannerLabel}
              hint={organizationEditorTexts.bannerHint}
              currentUrl={organization.bannerImage}
              onUpload={(file) => images.upload({ kind: 'banner' }, file)}
              onRemove={() => images.remove({ kind: 'banner' })}
            />
          </div>
        </FormSection>

        <FormSection id="edit-links" title={organizationEditorTexts.linksHeading}>
          <div className="grid gap-5 sm:grid-cols-2">
            {urlFields.map(({ name, label }) => (
              <TextField
                key={name}
                label={label}
                type="url"
                inputMode="url"
                autoComplete="url"
                spellCheck={false}
                error={errors[name]?.message}
                {...urlField(name)}
              />
            ))}
          </div>
        </FormSection>

        <FormSection id="edit-categories" title={organizationEditorTexts.categoriesHeading}>
          <Controller
            control={control}
            name="categoryIds"
            render={({ field }) => (
              <>
                <CategoryPicker
                  groups={groups}
                  categories={categories}
                  value={field.value}
                  onChange={(ids) => {
                    field.onChange(ids);
                    // An unticked category leaves the profile with its words: they are dropped
                    // (ticked again, it starts empty) and no longer checked.
                    for (const id of field.value) {
                      if (!ids.includes(id)) unregister(`categoriesDetails.${id}`);
                    }
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={errors.categoryIds?.message ?? problem?.message}
                  missingGroupIds={problem?.missingGroupIds}
                />
                <ChosenCategories
                  categories={field.value
                    .map((id) => categoriesById.get(id))
                    .filter((category): category is Category => category !== undefined)}
                  onReorder={field.onChange}
                  renderDetails={renderDetails}
                />
              </>
            )}
          />
        </FormSection>

        <div
          data-testid="editor-actions"
          className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-line bg-canvas/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-card sm:border sm:px-5 sm:py-4"
        >
          {alert?.kind === 'saved' ? (
            <Notice tone="success" message={organizationEditorTexts.updated} />
          ) : blocking ? (
            <Notice tone="danger" message={blocking} testId="editor-invalid" />
          ) : alert?.kind === 'failed' ? (
            <Notice tone="danger" message={alert.message} />
          ) : alert?.kind === 'stale' ? (
            <Notice tone="danger" message={organizationFormMessages.staleVersion}>
              <Button variant="secondary" size="sm" className="w-fit" onClick={onReload}>
                <RefreshCw aria-hidden="true" className="size-4" />
                {organizationEditorTexts.reload}
              </Button>
            </Notice>
          ) : null}
          {/*
           * Save first and on the left, where a thumb reaches it (toasts drop in at the top). One row at every
           * width, so that on a phone the bar keeps to one button's height.
           */}
          <div className="flex gap-3">
            <button
              type="submit"
              className={buttonClasses('primary', 'md', 'flex-1 sm:flex-none')}
              disabled={busy || saved}
              aria-busy={busy}
            >
              {busy ? <Spinner /> : null}
              {busy ? organizationEditorTexts.saving : organizationEditorTexts.saveChanges}
            </button>
            <Link
              to={profilePath}
              className={buttonClasses('secondary', 'md', 'flex-1 sm:flex-none')}
            >
              {organizationEditorTexts.cancel}
            </Link>
          </div>
        </div>
      </form>
    </div>
  );
}
