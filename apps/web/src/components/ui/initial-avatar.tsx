import { avatarToneOf, initialOf } from '@si/contracts';
import { cx } from '../../lib/class-names';

/** Coloured square with the first letter of a name: stands in for a missing logo. */
export function InitialAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      role="img"
      aria-label={name}
      data-group={avatarToneOf(name)}
      data-testid="initial-avatar"
      className={cx(
        'flex shrink-0 select-none items-center justify-center bg-(--group-soft) font-semibold text-(--group-ink)',
        className,
      )}
    >
      <span aria-hidden="true">{initialOf(name)}</span>
    </span>
  );
}
