import { roleListTexts as texts, SEARCH_QUERY_MAX } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { SearchIcon } from '../../../components/ui/icons';
import { ROLE_FORM_ID } from '../role-filters';

/**
 * The filter form of /roles, a GET to /roles (ADR 044): it holds the text, and the controls of
 * the filter panel join it by its id. Without JavaScript it is sent as it stands (the server
 * renders the filter's page); with it, `onApply` gets it: the text applies on submit, a choice
 * in the panel at once.
 */
export function RoleSearchForm({
  q,
  onApply,
}: {
  q: string;
  onApply: (form: HTMLFormElement) => void;
}) {
  return (
    <form
      id={ROLE_FORM_ID}
      method="get"
      action="/roles"
      role="search"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(event.currentTarget);
      }}
    >
      <div className="relative min-w-0 flex-1">
        <label htmlFor="role-search" className="sr-only">
          {texts.searchLabel}
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink-subtle" />
        <input
          id="role-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={texts.searchPlaceholder}
          autoComplete="off"
          className="field py-2 pr-3 pl-11"
        />
      </div>
      <button
        type="submit"
        className={buttonClasses('primary', 'md', 'hidden! no-js:inline-flex!')}
      >
        {texts.searchButton}
      </button>
    </form>
  );
}
