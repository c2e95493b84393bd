import { useState } from 'react';
import { CloseIcon, SearchIcon } from '../../../components/ui/icons';
import { homeTexts, SEARCH_QUERY_MAX } from '@si/contracts';
import { useDebouncedEffect } from '../hooks/use-debounced-effect';

const SEARCH_DEBOUNCE_MS = 250;

export interface SearchBoxProps {
  /** The search text in the URL. */
  value: string;
  /** Called with the text once typing pauses for 250 ms. */
  onChange: (value: string) => void;
}

/** Free-text search over name, mission and location; written to the URL as `q`. */
export function SearchBox({ value, onChange }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);

  // The URL changed from elsewhere (Clear, back button): show what it says.
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }

  useDebouncedEffect(text, SEARCH_DEBOUNCE_MS, (next) => {
    if (next.trim() === committed.trim()) return;
    setCommitted(next.trim());
    onChange(next.trim());
  });

  return (
    <form role="search" className="relative" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="directory-search" className="sr-only">
        Search organizations
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink-subtle" />
      <input
        id="directory-search"
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
          className="absolute top-1/2 right-1 flex size-touch -translate-y-1/2 items-center justify-center rounded-control text-ink-muted hover:bg-sunken hover:text-ink"
        >
          <CloseIcon className="size-4" />
        </button>
      ) : null}
    </form>
  );
}
