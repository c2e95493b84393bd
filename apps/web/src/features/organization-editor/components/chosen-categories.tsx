import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { ChevronDown, ChevronUp, GripVertical } from 'lucide-react';
import { organizationEditorTexts, type Category } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../lib/class-names';
import { useReorderHighlight } from '../hooks/use-reorder-highlight';

export interface ChosenCategoriesProps {
  /** The chosen categories, in profile order. */
  categories: readonly Category[];
  onReorder: (ids: string[]) => void;
  /** What the owner writes and shows for one category (description, image). */
  renderDetails: (category: Category) => ReactNode;
}

type Direction = 'up' | 'down';

/** `ids` with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/**
 * The chosen categories in the order the profile shows them, reorderable with each item's Up and
 * Down buttons (keyboard) or by dragging its handle. A moved item is highlighted for 0.8 s and
 * its new place is announced; focus stays on the button that moved it.
 */
export function ChosenCategories({ categories, onReorder, renderDetails }: ChosenCategoriesProps) {
  const [highlighted, highlight] = useReorderHighlight();
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<{ id: string; direction: Direction } | null>(null);
  const ids = categories.map((category) => category.id);
  const total = ids.length;

  // Moving an element in the document can take the focus from it: give it back to the button
  // that moved it, or to the other one when that button is now disabled (top or bottom).
  useEffect(() => {
    const pending = refocus.current;
    if (!pending) return;
    refocus.current = null;
    const index = categories.findIndex((category) => category.id === pending.id);
    const stillUsable = pending.direction === 'up' ? index > 0 : index < categories.length - 1;
    const direction = stillUsable ? pending.direction : pending.direction === 'up' ? 'down' : 'up';
    buttons.current.get(`${pending.id}:${direction}`)?.focus();
  });

  const move = (id: string, to: number) => {
    const from = ids.indexOf(id);
    if (from < 0 || to < 0 || to >= total || from === to) return;
    onReorder(moveItem(ids, from, to));
    highlight(id);
    const name = categories[from]?.name ?? id;
    setAnnouncement(organizationEditorTexts.movedTo(name, to + 1, total));
  };

  const moveBy = (id: string, direction: Direction) => {
    refocus.current = { id, direction };
    move(id, ids.indexOf(id) + (direction === 'up' ? -1 : 1));
  };

  const startDrag = (event: DragEvent<HTMLElement>, id: string) => {
    setDragged(id);
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', id);
    const item = event.currentTarget.closest('li');
    if (item) event.dataTransfer.setDragImage(item, 24, 24);
  };
  const endDrag = () => {
    setDragged(null);
    setDropTarget(null);
  };

  if (total === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 className="text-lg font-semibold">{organizationEditorTexts.orderHeading}</h3>
        <p className="text-ink-muted">{organizationEditorTexts.orderHint}</p>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ol className="flex flex-col gap-3" data-testid="chosen-categories">
        {categories.map((category, index) => (
          <li
            key={category.id}
            data-group={category.groupId}
            data-testid="chosen-category"
            data-highlighted={highlighted === category.id || undefined}
            data-drop-target={(dropTarget === category.id && dragged !== category.id) || undefined}
            onDragOver={(event) => {
              if (!dragged) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setDropTarget(category.id);
            }}
            onDrop={(event) => {
              event.preventDefault();
              const id = dragged ?? event.dataTransfer.getData('text/plain');
              if (id) move(id, index);
              endDrag();
            }}
            className={cx(
              'flex flex-col gap-4 rounded-card border border-line bg-surface p-4 transition-colors duration-300',
              'data-highlighted:border-brand data-highlighted:bg-brand-soft',
              'data-drop-target:border-brand data-drop-target:border-dashed',
              dragged === category.id && 'opacity-60',
            )}
          >
            <div className="flex items-center gap-3">
              <span
                draggable
                onDragStart={(event) => startDrag(event, category.id)}
                onDragEnd={endDrag}
                data-testid="drag-handle"
                aria-hidden="true"
                className="hidden cursor-grab text-ink-subtle active:cursor-grabbing sm:block"
              >
                <GripVertical className="size-5" />
              </span>
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-pill bg-(--group-soft) text-sm font-semibold text-(--group-ink) tabular-nums"
              >
                {index + 1}
              </span>
              <p className="flex min-w-0 flex-1 items-center gap-2 font-semibold text-ink">
                <span aria-hidden="true">{category.emoji}</span>
                <span className="truncate" data-testid="chosen-category-name">
                  {category.name}
                </span>
              </p>
              <div className="flex shrink-0 gap-1">
                <button
                  type="button"
                  ref={(element) => {
                    if (element) buttons.current.set(`${category.id}:up`, element);
                    else buttons.current.delete(`${category.id}:up`);
                  }}
                  aria-label={organizationEditorTexts.moveUp(category.name)}
                  disabled={index === 0}
                  onClick={() => moveBy(category.id, 'up')}
                  className={buttonClasses('secondary', 'icon', 'sm:size-9')}
                >
                  <ChevronUp aria-hidden="true" className="size-5" />
                </button>
                <button
                  type="button"
                  ref={(element) => {
                    if (element) buttons.current.set(`${category.id}:down`, element);
                    else buttons.current.delete(`${category.id}:down`);
                  }}
                  aria-label={organizationEditorTexts.moveDown(category.name)}
                  disabled={index === total - 1}
                  onClick={() => moveBy(category.id, 'down')}
                  className={buttonClasses('secondary', 'icon', 'sm:size-9')}
                >
                  <ChevronDown aria-hidden="true" className="size-5" />
                </button>
              </div>
            </div>
            {renderDetails(category)}
          </li>
        ))}
      </ol>
    </div>
  );
}
