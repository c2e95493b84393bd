import {
  ROLE_REMOTE_COUNTRIES_MAX,
  roleEditorTexts as texts,
  type Country,
  type PayPeriod,
} from '@si/contracts';
import { CloseIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { SelectField, type FieldErrors } from './form-controls';
import type { RoleDraft } from './role-draft';

/**
 * A remote role's countries: chosen one at a time from the list, each shown as a chip that
 * removes it; none means anywhere.
 */
export function RemoteCountries({
  countries,
  chosen,
  onChange,
  error,
}: {
  countries: readonly Country[];
  chosen: readonly string[];
  onChange: (codes: string[]) => void;
  error: string | undefined;
}) {
  const nameOf = (code: string) => countries.find((country) => country.code === code)?.name ?? code;
  return (
    <div className="flex flex-col gap-2">
      <SelectField
        label={texts.remoteCountriesLabel}
        hint={error ? undefined : texts.remoteCountriesHint}
        error={error}
        value=""
        disabled={chosen.length >= ROLE_REMOTE_COUNTRIES_MAX}
        onChange={(event) => {
          const code = event.target.value;
          if (code && !chosen.includes(code)) onChange([...chosen, code]);
        }}
      >
        <option value="">{chosen.length === 0 ? texts.anywhere : texts.addCountry}</option>
        {countries
          .filter((country) => !chosen.includes(country.code))
          .map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
      </SelectField>
      {chosen.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={texts.remoteCountriesLabel}>
          {chosen.map((code) => (
            <li key={code}>
              <button
                type="button"
                onClick={() => onChange(chosen.filter((other) => other !== code))}
                aria-label={texts.removeCountry(nameOf(code))}
                className="inline-flex min-h-touch items-center gap-1.5 rounded-full border border-line-strong bg-surface px-3 text-sm font-semibold text-ink hover:border-brand sm:min-h-9"
              >
                {nameOf(code)}
                <CloseIcon className="size-4 text-ink-muted" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The optional pay range: minimum, maximum, currency and period, in one group. */
export function PayRangeFields({
  draft,
  onChange,
  errors,
  periods,
}: {
  draft: RoleDraft;
  onChange: (key: 'payMin' | 'payMax' | 'payCurrency' | 'payPeriod', value: string) => void;
  errors: FieldErrors;
  periods: readonly PayPeriod[];
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="font-semibold text-ink">{texts.payLabel}</legend>
      <p className="-mt-1 text-sm text-ink-subtle">{texts.payHint}</p>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <TextField
          label={texts.payMinLabel}
          inputMode="numeric"
          value={draft.payMin}
          onChange={(event) => onChange('payMin', event.target.value)}
          error={errors['pay.min'] ?? errors.pay}
        />
        <TextField
          label={texts.payMaxLabel}
          inputMode="numeric"
          value={draft.payMax}
          onChange={(event) => onChange('payMax', event.target.value)}
          error={errors['pay.max']}
        />
        <TextField
          label={texts.payCurrencyLabel}
          value={draft.payCurrency}
          maxLength={3}
          autoCapitalize="characters"
          placeholder="USD"
          onChange={(event) => onChange('payCurrency', event.target.value)}
          error={errors['pay.currency']}
        />
        <SelectField
          label={texts.payPeriodLabel}
          value={draft.payPeriod}
          onChange={(event) => onChange('payPeriod', event.target.value)}
          error={errors['pay.period']}
        >
          <option value="">{texts.choose}</option>
          {periods.map((period) => (
            <option key={period} value={period}>
              {texts.payPeriods[period]}
            </option>
          ))}
        </SelectField>
      </div>
    </fieldset>
  );
}
