import { cx } from '../../lib/class-names';

export interface CategoryBadgeProps {
  emoji: string;
  name: string;
  /** Category group id: picks the group's hue (see tokens.css). */
  groupId: string;
  /** Filled when highlighted, outlined otherwise. */
  variant?: 'filled' | 'outlined';
  size?: 'sm' | 'md';
  className?: string;
}

/** A category shown as a pill in its group's colour. */
export function CategoryBadge({
  emoji,
  name,
  groupId,
  variant = 'filled',
  size = 'sm',
  className,
}: CategoryBadgeProps) {
  return (
    <span
      data-group={groupId}
      data-variant={variant}
      className={cx(
        'inline-flex max-w-full items-center gap-1.5 rounded-pill border font-semibold',
        size === 'sm' ? 'px-2.5 py-0.5 text-sm' : 'px-3 py-1 text-sm',
        variant === 'filled'
          ? 'border-transparent bg-(--group-soft) text-(--group-ink)'
          : 'border-(--group-line) bg-surface text-ink-muted',
        className,
      )}
    >
      <span aria-hidden="true">{emoji}</span>
      <span className="truncate">{name}</span>
    </span>
  );
}
