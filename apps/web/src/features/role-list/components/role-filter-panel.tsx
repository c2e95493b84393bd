import { useEffect, useRef, type ChangeEvent, type MouseEvent, type ReactNode } from 'react';
import {
  roleKindNames,
  roleKindsInOrder,
  roleListTexts as texts,
  type Category,
  type Country,
} from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ChevronDownIcon, CloseIcon } from '../../../components/ui/icons';
import { useMediaQuery } from '../../../lib/use-media-query';
import { chosenFilterCount, ROLE_FORM_ID, type RoleFilters } from '../role-filters';

// Allowed to shrink: a long country name must not widen a phone's page.
const FIELD = 'field min-w-0 px-3 font-normal';

const WIDE = '(min-width: 1024px)';

export interface RoleFilterPanelProps {
  filters: RoleFilters;
  countries: Country[] | undefined;
  categories: Category[] | undefined;
  /** The list's total under the filter, when known. */
  total: number | undefined;
  /** The id of the results' heading: where 'Show N roles' and the skip link lead. */
  resultsId: string;
  /** The sheet's clear control, while something is chosen. */
  clear: ReactNode;
  onApply: (form: HTMLFormElement) => void;
}

/**
 * Kind, remote, country and category of /roles, laid out as the directory's categories are
 * (ADR 040): one <details> with the directory's classes (styles/components.css, filter-panel),
 * a sidebar from 1024 px and below a bar that opens a sheet whose 'Show N roles' closes it onto
 * the list. The browser opens and closes it, so it works before the script runs and without
 * one. Each control joins the search box's form: with JavaScript a choice applies at once;
 * without, 'Show roles' (the sheet's buttons) sends the form.
 */
export function RoleFilterPanel(props: RoleFilterPanelProps) {
  const panel = useRef<HTMLDetailsElement>(null);
  const wide = useMediaQuery(WIDE);
  const wasWide = useRef(false);
  // Open while it is a sidebar, so that it is announced as expanded; closed when the window
  // narrows past 1024 px, never on the first render (a phone's sheet opened before hydration).
  useEffect(() => {
    if (panel.current && (wide || wasWide.current)) panel.current.open = wide;
    wasWide.current = wide;
  }, [wide]);

  const closeSheet = (event: MouseEvent, toResults: boolean) => {
    event.preventDefault();
    if (panel.current) panel.current.open = false;
    const results = document.getElementById(props.resultsId);
    if (toResults) results?.scrollIntoView({ block: 'start' });
    (toResults ? results : panel.current?.querySelector('summary'))?.focus({ preventScroll: true });
  };
  const chosen = chosenFilterCount(props.filters);
  // Without JavaScript the sheet's buttons send the filter form as it stands.
  const sheetButton = { type: 'submit', form: ROLE_FORM_ID } as const;

  return (
    <details
      ref={panel}
      aria-labelledby="role-filter-heading"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !panel.current?.open || window.matchMedia(WIDE).matches)
          return;
        panel.current.open = false;
        panel.current.querySelector('summary')?.focus();
      }}
      className="filter-panel surface-card"
    >
      <summary
        // A sidebar does not fold: its summary is its heading there.
        onClick={(event) => {
          if (window.matchMedia(WIDE).matches) event.preventDefault();
        }}
        className="flex min-h-touch cursor-pointer list-none items-center gap-3 px-4 py-3 sm:px-5 lg:cursor-auto lg:border-b lg:border-line [&::-webkit-details-marker]:hidden"
      >
        <span className="flex flex-1 flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id="role-filter-heading" className="text-lg font-semibold">
            {texts.filterPanel}
          </h2>
          {chosen > 0 ? (
            <span className="rounded-pill bg-brand-soft px-2.5 py-0.5 text-sm font-semibold text-brand-ink">
              {texts.filtersOn(chosen)}
            </span>
          ) : null}
        </span>
        <ChevronDownIcon aria-hidden="true" className="size-5 shrink-0 text-ink-muted lg:hidden" />
      </summary>
      <div className="filter-sheet">
        <div className="sticky top-0 z-10 flex items-center gap-3 border-b border-line bg-surface px-4 py-2 lg:hidden">
          <p className="flex-1 text-lg font-semibold">{texts.filterPanel}</p>
          <Button
            {...sheetButton}
            variant="ghost"
            size="icon"
            aria-label={texts.closeFilters}
            onClick={(event) => closeSheet(event, false)}
          >
            <CloseIcon className="size-5" />
          </Button>
        </div>
        <a
          href={`#${props.resultsId}`}
          // Its look shows only once focused (sr-only hides the rest).
          className="sr-only m-3 block rounded-control bg-brand px-3 py-2 font-semibold text-on-brand focus:not-sr-only max-lg:hidden"
        >
          {texts.skipToResults}
        </a>
        <RoleFilterFields {...props} />
        <div className="sticky bottom-0 flex flex-wrap gap-3 border-t border-line bg-surface px-4 py-3 lg:hidden">
          {props.clear}
          <Button
            {...sheetButton}
            className="flex-1 whitespace-nowrap"
            onClick={(event) => closeSheet(event, true)}
          >
            {texts.showResults(props.total)}
          </Button>
        </div>
      </div>
    </details>
  );
}

/** The controls, each in the search box's form; a change applies the form with JavaScript. */
function RoleFilterFields({ filters, countries, categories, onApply }: RoleFilterPanelProps) {
  const onChange = (event: ChangeEvent<HTMLDivElement>) => {
    const { form } = event.target as unknown as HTMLInputElement;
    if (form) onApply(form);
  };
  return (
    <div className="flex flex-1 flex-col gap-5 px-4 py-4 sm:px-5" onChange={onChange}>
      <fieldset className="flex flex-col">
        <legend className="mb-1 font-semibold">{texts.kindLegend}</legend>
        {roleKindsInOrder.map((kind) => (
          <label key={kind} className="flex min-h-touch items-center gap-3 sm:min-h-10">
            <input
              type="checkbox"
              form={ROLE_FORM_ID}
              name="kind"
              value={kind}
              defaultChecked={filters.kinds.includes(kind)}
              className="size-4"
            />
            {roleKindNames[kind]}
          </label>
        ))}
      </fieldset>
      <label className="flex min-h-touch items-center gap-3 font-semibold">
        <input
          type="checkbox"
          form={ROLE_FORM_ID}
          name="remote"
          value="true"
          defaultChecked={filters.remote}
          className="size-4"
        />
        {texts.remoteLabel}
      </label>
      <label className="flex min-w-0 flex-col gap-1 font-semibold">
        {texts.countryLabel}
        <select
          form={ROLE_FORM_ID}
          name="country"
          defaultValue={filters.country ?? ''}
          className={FIELD}
        >
          <option value="">{texts.anyCountry}</option>
          {(countries ?? []).map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 flex-col gap-1 font-semibold">
        {texts.categoryLabel}
        <select
          form={ROLE_FORM_ID}
          name="categories"
          defaultValue={filters.categories[0] ?? ''}
          className={FIELD}
        >
          <option value="">{texts.anyCategory}</option>
          {(categories ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
      {/* The sidebar's way to send the form without JavaScript; the sheet has its own. */}
      <button
        type="submit"
        form={ROLE_FORM_ID}
        className={buttonClasses('primary', 'md', 'hidden! no-js:lg:inline-flex!')}
      >
        {texts.apply}
      </button>
    </div>
  );
}
