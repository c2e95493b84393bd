import { useId, useState, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import { consoleTexts } from '@si/contracts';
import { Button } from '../../../components/ui/button';

/** A console list's search: a text box, any filters beside it, and Search. */
export function SearchForm({
  initialText,
  placeholder,
  onSearch,
  children,
}: {
  initialText: string;
  placeholder: string;
  onSearch: (text: string) => void;
  /** Filters between the box and the button (they apply on change). */
  children?: ReactNode;
}) {
  const [text, setText] = useState(initialText);
  const id = useId();
  return (
    <form
      role="search"
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="font-semibold text-ink">
          {consoleTexts.searchLabel}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          maxLength={200}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          className="field px-3"
        />
      </div>
      {children}
      <Button type="submit" className="sm:min-h-12">
        <Search aria-hidden="true" className="size-5" />
        {consoleTexts.searchButton}
      </Button>
    </form>
  );
}
