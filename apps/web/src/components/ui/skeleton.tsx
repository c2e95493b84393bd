import { cx } from '../../lib/class-names';

/** A shimmering placeholder block; give it the size of the content it stands for. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx('block animate-pulse rounded-control bg-sunken', className)}
    />
  );
}
