/**
 * The directory's filter form: a GET to / that works without JavaScript (ADR 017). The search
 * box holds it; the country select and every filter button outside it join it by this id. With
 * JavaScript the buttons act at once and the form is never sent.
 */
export const DIRECTORY_FORM_ID = 'directory-filters';

/**
 * A clear button: acts at once, or sends the filter form without JavaScript with what it clears
 * (use-directory-filters.ts, directoryFormTarget).
 */
export function clearButton(
  onClear: () => void,
  clear: 'categories' | 'toggles' | 'all' = 'categories',
) {
  return {
    type: 'submit' as const,
    form: DIRECTORY_FORM_ID,
    name: 'clear',
    value: clear,
    onClick: (event: { preventDefault: () => void }) => {
      event.preventDefault();
      onClear();
    },
  };
}
