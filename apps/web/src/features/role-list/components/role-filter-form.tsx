import {
  roleKindNames,
  roleKinds,
  roleListTexts as texts,
  type Category,
  type Country,
} from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { hasRoleFilters, type RoleFilters } from '../role-filters';

// Full width and allowed to shrink: a long country name must not widen a phone's page.
const FIELD =
  'min-h-touch w-full min-w-0 rounded-md border border-line-strong bg-surface px-3 text-base';

/**
 * The filters of /roles as a GET form to /roles: submitted as it is without JavaScript (the
 * server renders the filter's page); with it, `onApply` gets the form and a choice applies at
 * once, text on submit.
 */
export function RoleFilterForm({
  filters,
  countries,
  categories,
  onApply,
}: {
  filters: RoleFilters;
  countries: Country[] | undefined;
  categories: Category[] | undefined;
  onApply: (form: HTMLFormElement) => void;
}) {
  return (
    <form
      method="get"
      action="/roles"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(event.currentTarget);
      }}
      onChange={(event) => {
        // Text applies on submit; a choice applies at once.
        if ((event.target as unknown as HTMLInputElement).name !== 'q')
          onApply(event.currentTarget);
      }}
      className="grid grid-cols-1 gap-4 rounded-lg border border-line bg-surface p-4 lg:grid-cols-[2fr_1fr_1fr]"
    >
      <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
        {texts.searchLabel}
        <input
          type="search"
          name="q"
          defaultValue={filters.q}
          placeholder={texts.searchPlaceholder}
          className={FIELD}
        />
      </label>
      <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
        {texts.countryLabel}
        <select name="country" defaultValue={filters.country ?? ''} className={FIELD}>
          <option value="">{texts.anyCountry}</option>
          {(countries ?? []).map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
        {texts.categoryLabel}
        <select name="categories" defaultValue={filters.categories[0] ?? ''} className={FIELD}>
          <option value="">{texts.anyCategory}</option>
          {(categories ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 lg:col-span-3">
        <legend className="mb-1 text-sm font-medium">{texts.kindLegend}</legend>
        {roleKinds.map((kind) => (
          <label key={kind} className="flex min-h-touch items-center gap-2">
            <input
              type="checkbox"
              name="kind"
              value={kind}
              defaultChecked={filters.kinds.includes(kind)}
              className="size-4"
            />
            {roleKindNames[kind]}
          </label>
        ))}
        <label className="flex min-h-touch items-center gap-2 font-medium">
          <input
            type="checkbox"
            name="remote"
            value="true"
            defaultChecked={filters.remote}
            className="size-4"
          />
          {texts.remoteLabel}
        </label>
      </fieldset>
      <div className="flex flex-wrap gap-3 lg:col-span-3">
        <button type="submit" className={buttonClasses('primary')}>
          {texts.apply}
        </button>
        {hasRoleFilters(filters) ? (
          <a href="/roles" className={buttonClasses('ghost')}>
            {texts.clear}
          </a>
        ) : null}
      </div>
    </form>
  );
}
