import { useState, type FormEvent } from 'react';
import {
  ROLE_DESCRIPTION_MAX,
  ROLE_MAX_OPEN_DAYS,
  RoleInput,
  payPeriods,
  roleEditorTexts as texts,
  roleKindNames,
  roleKinds,
  roleWorkplaceNames,
  roleWorkplaces,
  type Country,
  type Role,
  type RoleInputFields,
} from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { CountedTextArea } from '../../../components/ui/counted-text-area';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { useCheckedSave } from '../hooks/use-checked-save';
import { SelectField, utcDay } from './form-controls';
import { PayRangeFields, RemoteCountries } from './role-place-fields';
import { draftOf, inputOf, type RoleDraft } from './role-draft';

export interface RoleFormProps {
  /** The role edited, or none for a new one. */
  role?: Role;
  countries: readonly Country[];
  /** Sends the role; an ApiError with `fields` marks those fields. */
  onSave: (input: RoleInputFields) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A role's form: the contracts' schema checks it here first, with the server's words, and the
 * server checks it again (its clock decides the closing date's range).
 */
export function RoleForm({ role, countries, onSave, onCancel }: RoleFormProps) {
  const [draft, setDraft] = useState<RoleDraft>(() => draftOf(role));
  const { errors, saving, save, formError } = useCheckedSave(RoleInput, onSave);
  const set = <K extends keyof RoleDraft>(key: K, value: RoleDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const onSite = draft.workplace === 'on_site' || draft.workplace === 'hybrid';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = inputOf(draft);
    await save(input);
  }

  const fieldError = (name: string) => errors[name];

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {formError ? <Notice tone="danger" message={formError} /> : null}
      <TextField
        label={texts.titleLabel}
        value={draft.title}
        onChange={(event) => set('title', event.target.value)}
        error={fieldError('title')}
        autoComplete="off"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={texts.kindLabel}
          value={draft.kind}
          onChange={(event) => set('kind', event.target.value as RoleDraft['kind'])}
          error={fieldError('kind')}
        >
          <option value="">{texts.choose}</option>
          {roleKinds.map((kind) => (
            <option key={kind} value={kind}>
              {roleKindNames[kind]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={texts.workplaceLabel}
          value={draft.workplace}
          onChange={(event) => set('workplace', event.target.value as RoleDraft['workplace'])}
          error={fieldError('workplace')}
        >
          <option value="">{texts.choose}</option>
          {roleWorkplaces.map((workplace) => (
            <option key={workplace} value={workplace}>
              {roleWorkplaceNames[workplace]}
            </option>
          ))}
        </SelectField>
      </div>
      {onSite ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label={texts.countryLabel}
            value={draft.country}
            onChange={(event) => set('country', event.target.value)}
            error={fieldError('country')}
          >
            <option value="">{texts.choose}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={texts.cityLabel}
            value={draft.city}
            onChange={(event) => set('city', event.target.value)}
            error={fieldError('city')}
          />
        </div>
      ) : null}
      {draft.workplace === 'remote' ? (
        <RemoteCountries
          countries={countries}
          chosen={draft.remoteCountries}
          onChange={(codes) => set('remoteCountries', codes)}
          error={fieldError('remoteCountries')}
        />
      ) : null}
      <PayRangeFields
        draft={draft}
        onChange={(key, value) => set(key, value)}
        errors={errors}
        periods={payPeriods}
      />
      <CountedTextArea
        label={texts.descriptionLabel}
        hint={texts.descriptionHint}
        maxChars={ROLE_DESCRIPTION_MAX}
        length={draft.description.length}
        remainingText={texts.charactersRemaining}
        value={draft.description}
        onChange={(event) => set('description', event.target.value)}
        error={fieldError('description')}
        rows={8}
      />
      <TextField
        label={texts.applyLabel}
        hint={texts.applyHint}
        value={draft.apply}
        onChange={(event) => set('apply', event.target.value)}
        error={fieldError('apply')}
        inputMode="url"
        autoComplete="off"
      />
      <TextField
        label={texts.closesOnLabel}
        hint={texts.closesOnHint}
        type="date"
        min={utcDay()}
        max={utcDay(ROLE_MAX_OPEN_DAYS)}
        value={draft.closesOn}
        onChange={(event) => set('closesOn', event.target.value)}
        error={fieldError('closesOn')}
        className="sm:max-w-64"
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {texts.cancel}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? texts.saving : texts.save}
        </Button>
      </div>
    </form>
  );
}
