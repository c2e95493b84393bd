import { ChevronDownIcon } from '../../../components/ui/icons';
import { ALL_COUNTRIES_FILTER_VALUE, homeTexts, type Country } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../lib/class-names';
import { DIRECTORY_FORM_ID } from './directory-form';

export interface CountrySelectProps {
  countries: Country[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** Selected country code, or null for all countries. */
  value: string | null;
  onChange: (value: string) => void;
  className?: string;
}

const escaped = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
const option = (value: string, label: string, selected: string) =>
  `<option value="${escaped(value)}"${value === selected ? ' selected=""' : ''}>${escaped(label)}</option>`;

/**
 * The options as markup: up to 250 countries as React elements were 2 ms of a home page's
 * server render, as one string 0.04 ms. The selected one is marked, as React marks it,
 * so the page shows the choice without JavaScript and hydrates the same markup; React selects by
 * `value` over the options it finds in the element.
 */
function optionsMarkup(countries: Country[], value: string | null, known: boolean): string {
  let byValue = markupOf.get(countries);
  if (!byValue) {
    byValue = new Map();
    markupOf.set(countries, byValue);
  }
  const key = `${known ? '+' : '-'}${value ?? ''}`;
  let markup = byValue.get(key);
  if (markup === undefined) {
    markup = markupFor(countries, value, known);
    // Each country once, and what an address may put there besides, within a bound.
    if (byValue.size > 300) byValue.clear();
    byValue.set(key, markup);
  }
  return markup;
}

/**
 * The markup by the list it was made from (the reference data's, the same array until it
 * changes) and the value: a server renders the same few hundred strings for page after page.
 */
const markupOf = new WeakMap<Country[], Map<string, string>>();

function markupFor(countries: Country[], value: string | null, known: boolean): string {
  const selected = value ?? ALL_COUNTRIES_FILTER_VALUE;
  return [
    option(ALL_COUNTRIES_FILTER_VALUE, homeTexts.allCountries, selected),
    value && !known ? option(value, value, selected) : '',
    ...countries.map((country) =>
      option(country.code, `${country.flagEmoji} ${country.name}`, selected),
    ),
  ].join('');
}

/** Country filter: only countries that have organizations, plus 'All Countries' (value 'all'). */
export function CountrySelect({
  countries,
  isPending,
  isError,
  value,
  onChange,
  className,
}: CountrySelectProps) {
  const unavailable = isPending
    ? homeTexts.loadingCountries
    : isError
      ? homeTexts.errorCountries
      : null;
  const empty = !unavailable && (countries?.length ?? 0) === 0;
  const known = countries?.some((country) => country.code === value) ?? false;

  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor="country-filter" className="text-sm font-semibold text-ink-muted">
        Country
      </label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <select
            id="country-filter"
            name="country"
            form={DIRECTORY_FORM_ID}
            value={unavailable ? 'status' : (value ?? ALL_COUNTRIES_FILTER_VALUE)}
            disabled={Boolean(unavailable)}
            aria-describedby={empty ? 'country-filter-empty' : undefined}
            onChange={(event) => onChange(event.target.value)}
            className="field appearance-none py-2 pr-10 pl-3 sm:w-64"
            {...(unavailable
              ? { children: <option value="status">{unavailable}</option> }
              : {
                  dangerouslySetInnerHTML: { __html: optionsMarkup(countries ?? [], value, known) },
                })}
          />
          <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-ink-muted" />
        </div>
        <button
          type="submit"
          form={DIRECTORY_FORM_ID}
          className={buttonClasses('secondary', 'md', 'hidden! no-js:inline-flex!')}
        >
          {homeTexts.applyCountry}
        </button>
      </div>
      {empty ? (
        <p id="country-filter-empty" className="text-sm text-ink-muted">
          {homeTexts.noCountries}
        </p>
      ) : null}
    </div>
  );
}
