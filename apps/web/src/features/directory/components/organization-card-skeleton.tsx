import { Skeleton } from '../../../components/ui/skeleton';
import { cx } from '../../../lib/class-names';

/** Placeholder with the shape of an organization card (same fixed height). */
export function OrganizationCardSkeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cx('flex h-card flex-col surface-card p-5', className)}>
      <Skeleton className="size-14" />
      <Skeleton className="mt-4 h-6 w-3/4" />
      <Skeleton className="mt-3 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-2/3" />
      <Skeleton className="mt-auto h-4 w-1/3" />
    </div>
  );
}

/** A static grid of card skeletons for the first load. */
export function OrganizationGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div
      role="status"
      aria-label="Loading organizations"
      className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3"
    >
      {Array.from({ length: count }, (_, index) => (
        <OrganizationCardSkeleton key={index} />
      ))}
    </div>
  );
}
