import { useState } from 'react';
import { CloseIcon, SearchIcon } from '../../../components/ui/icons';
import { homeTexts, SEARCH_QUERY_MAX } from '@si/contracts';
import { useDebouncedEffect } from '../hooks/use-debounced-effect';
import { buttonClasses } from '../../../components/ui/button';
import { DIRECTORY_FORM_ID } from './directory-form';

const SEARCH_DEBOUNCE_MS = 250;

export interface SearchBoxProps {
  /** The search text in the URL. */
  value: string;
  /** Selected category ids: sent along when the form is submitted without JavaScript. */
  categories: readonly string[];
  /** 'Verified only' is on: sent along too. */
  verified?: boolean;
  /** 'Hiring' is on: sent along too. */
  hiring?: boolean;
  /** Called with the text once typing pauses for 250 ms. */
  onChange: (value: string) => void;
}

/** Free-text search over name, mission and location; written to the URL as `q`. */
export function SearchBox({
  value,
  categories,
  verified = false,
  hiring = false,
  onChange,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);

  // The URL changed from elsewhere (Clear, back button): show what it says.
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }

  const commit = (next: string) => {
    if (next.trim() === committed.trim()) return;
    setCommitted(next.trim());
    onChange(next.trim());
  };
  useDebouncedEffect(text, SEARCH_DEBOUNCE_MS, commit);

  return (
    <form
      id={DIRECTORY_FORM_ID}
      role="search"
      method="get"
      action="/"
      className="relative flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        commit(text);
      }}
    >
      {categories.length > 0 ? (
        <input type="hidden" name="categories" value={categories.join(',')} />
      ) : null}
      {verified ? <input type="hidden" name="verified" value="true" /> : null}
      {hiring ? <input type="hidden" name="hiring" value="true" /> : null}
      <div className="relative flex-1">
        <label htmlFor="directory-search" className="sr-only">
          Search organizations
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink-subtle" />
        <input
          id="directory-search"
          name="q"
          type="search"
          value={text}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={homeTexts.searchPlaceholder}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          className={`field py-2 pl-11 [&::-webkit-search-cancel-button]:hidden ${text ? 'pr-12' : 'pr-3'}`}
        />
        {text ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => setText('')}
            className="absolute top-1/2 right-1 flex size-touch no-js:hidden unhydrated:invisible -translate-y-1/2 items-center justify-center rounded-control text-ink-muted hover:bg-sunken hover:text-ink"
          >
            <CloseIcon className="size-4" />
          </button>
        ) : null}
      </div>
      <button
        type="submit"
        className={buttonClasses('primary', 'md', 'hidden! no-js:inline-flex!')}
      >
        {homeTexts.searchButton}
      </button>
    </form>
  );
}
