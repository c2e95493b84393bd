import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { ALL_COUNTRIES_CODE, organizationEditorTexts, type Country } from '@si/contracts';
import {
  CountedTextArea,
  type CountedTextAreaProps,
} from '../../../components/ui/counted-text-area';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/class-names';

/**
 * The small 'required' beside a label (outside it, so the field's name stays its label); screen
 * readers hear the field's own required state instead.
 */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-sm font-normal text-ink-subtle">
      {organizationEditorTexts.required}
    </span>
  );
}

/** A field's label, with the 'required' mark beside it when the field is required. */
function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required: boolean;
}) {
  const text = (
    <label htmlFor={htmlFor} className="font-semibold text-ink">
      {label}
    </label>
  );
  if (!required) return text;
  return (
    <div className="flex items-baseline gap-2">
      {text}
      <RequiredMark />
    </div>
  );
}

/** A titled card of a form. */
export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-5 surface-card p-5 sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {description ? <p className="text-ink-muted">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

export type DescriptionFieldProps = Omit<CountedTextAreaProps, 'remainingText' | 'requiredMark'> & {
  required?: boolean;
};

/** The editor's counted text areas: its 'required' mark and its counter's words. */
export function DescriptionField({ required = false, ...field }: DescriptionFieldProps) {
  return (
    <CountedTextArea
      {...field}
      requiredMark={required ? organizationEditorTexts.required : undefined}
      remainingText={organizationEditorTexts.charactersRemaining}
    />
  );
}

export interface CountryFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  countries: readonly Country[];
  label: string;
  allCountriesLabel: string;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}

/** Every country, plus 'All Countries' (ALL) and an empty choice that asks for one. */
export function CountryField({
  countries,
  label,
  allCountriesLabel,
  error,
  id,
  ref,
  ...select
}: CountryFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const messageId = `${fieldId}-message`;
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel htmlFor={fieldId} label={label} required />
      <div className="relative">
        <select
          ref={ref}
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-required
          aria-describedby={error ? messageId : undefined}
          className={cx(
            'field appearance-none pr-10 pl-3',
            error ? 'border-danger-ink' : undefined,
          )}
          {...select}
        >
          <option value="">{organizationEditorTexts.countryPlaceholder}</option>
          <option value={ALL_COUNTRIES_CODE}>{allCountriesLabel}</option>
          {countries
            .filter((country) => country.code !== ALL_COUNTRIES_CODE)
            .map((country) => (
              <option key={country.code} value={country.code}>
                {`${country.flagEmoji} ${country.name}`}
              </option>
            ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-ink-muted" />
      </div>
      {error ? (
        <p id={messageId} className="text-sm text-danger-ink">
          {error}
        </p>
      ) : null}
    </div>
  );
}
