import type { FocusEvent } from 'react';
import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import {
  organizationEditorTexts,
  type Country,
  type Organization,
  type UrlField,
} from '@si/contracts';
import { TextField } from '../../../components/ui/text-field';
import type { useOrganizationImages } from '../api/organization-images';
import { NameField, OrganizationCountryField, OrganizationDescriptionField } from './basic-fields';
import { FormSection } from './fields';
import { withHttps, type EditFormInput } from './form-rules';
import { ImageUpload } from './image-upload';

/** The editor's fields as react-hook-form registers them, with their errors. */
export interface EditorFields {
  register: UseFormRegister<EditFormInput>;
  errors: FieldErrors<EditFormInput>;
}

/** Name, description, country, location and founding year. */
export function BasicsSection({
  register,
  errors,
  descriptionLength,
  countries,
  initialCountry,
}: EditorFields & {
  descriptionLength: number;
  countries: readonly Country[];
  /** The country the form was filled with. */
  initialCountry: string;
}) {
  return (
    <FormSection id="edit-basics" title={organizationEditorTexts.basicsHeading}>
      <NameField error={errors.name?.message} {...register('name')} />
      <OrganizationDescriptionField
        length={descriptionLength}
        rows={6}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <OrganizationCountryField
          countries={countries}
          error={errors.country?.message}
          defaultValue={initialCountry}
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
  );
}

/** The logo and the banner, stored as soon as they are uploaded. */
export function ImagesSection({
  organization,
  images,
}: {
  organization: Pick<Organization, 'logo' | 'bannerImage'>;
  images: ReturnType<typeof useOrganizationImages>;
}) {
  return (
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
  );
}

const urlFields: { name: UrlField; label: string }[] = [
  { name: 'websiteUrl', label: organizationEditorTexts.websiteLabel },
  { name: 'linkedinUrl', label: organizationEditorTexts.linkedinLabel },
  { name: 'twitterUrl', label: organizationEditorTexts.twitterLabel },
  { name: 'blogUrl', label: organizationEditorTexts.blogLabel },
  { name: 'donateUrl', label: organizationEditorTexts.donateLabel },
  { name: 'volunteerUrl', label: organizationEditorTexts.volunteerLabel },
];

/**
 * The website, social links and ways to support; an address typed without https:// gets it on
 * leaving the field.
 */
export function LinksSection({
  register,
  errors,
  setValue,
}: EditorFields & { setValue: UseFormSetValue<EditFormInput> }) {
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
  return (
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
  );
}
