import { CloseIcon } from '../../../components/ui/icons';
import { homeTexts, type Category } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { clearButton, DIRECTORY_FORM_ID } from './directory-form';

export interface ActiveFilterChipsProps {
  selected: string[];
  categoriesById: ReadonlyMap<string, Category>;
  onRemove: (id: string) => void;
  onClear: () => void;
}

/** The selected categories as removable chips 'Category: {name}', with 'Clear All'. */
export function ActiveFilterChips({
  selected,
  categoriesById,
  onRemove,
  onClear,
}: ActiveFilterChipsProps) {
  if (selected.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
      {selected.map((id) => {
        const category = categoriesById.get(id);
        const name = category?.name ?? id;
        return (
          <span
            key={id}
            data-group={category?.groupId ?? ''}
            className="inline-flex items-center gap-1 rounded-pill border border-(--group-line) bg-(--group-soft) py-0.5 pr-0.5 pl-3 text-sm font-semibold text-(--group-ink)"
          >
            {homeTexts.categoryChip(name)}
            <button
              type="submit"
              form={DIRECTORY_FORM_ID}
              name="toggle"
              value={id}
              aria-label={`Remove filter ${name}`}
              onClick={(event) => {
                event.preventDefault();
                onRemove(id);
              }}
              className="flex size-touch items-center justify-center rounded-pill hover:bg-surface/70 sm:size-8"
            >
              <CloseIcon className="size-4" />
            </button>
          </span>
        );
      })}
      <Button variant="quiet" size="sm" {...clearButton(onClear)}>
        {homeTexts.clearAll}
      </Button>
    </div>
  );
}
