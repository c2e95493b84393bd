import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  homeTexts,
  ORGANIZATION_DESCRIPTION_MAX,
  organizationEditorTexts,
  type Country,
} from '@si/contracts';
import { TextField } from '../../../components/ui/text-field';
import { CountryField, DescriptionField } from './fields';

/*
 * The fields the create and the edit forms both have (name, description, country), labelled
 * and limited alike; each form places them in its own layout.
 */

type RegisteredField = UseFormRegisterReturn & { error?: string };

export function NameField(field: RegisteredField) {
  return (
    <TextField
      label={organizationEditorTexts.nameLabel}
      requiredMark={organizationEditorTexts.required}
      autoComplete="organization"
      {...field}
    />
  );
}

export function OrganizationDescriptionField({
  length,
  ...field
}: RegisteredField & { length: number; rows?: number }) {
  return (
    <DescriptionField
      label={organizationEditorTexts.descriptionLabel}
      hint={organizationEditorTexts.descriptionHint}
      maxChars={ORGANIZATION_DESCRIPTION_MAX}
      length={length}
      {...field}
      required
    />
  );
}

export function OrganizationCountryField(
  field: RegisteredField & { countries: readonly Country[]; defaultValue: string },
) {
  return (
    <CountryField
      label={organizationEditorTexts.countryLabel}
      allCountriesLabel={homeTexts.allCountries}
      {...field}
    />
  );
}
