import { Skeleton } from '../../../components/ui/skeleton';

/** Loading placeholder with the shape of the profile page. */
export function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading organization" className="flex flex-col gap-6">
      <Skeleton className="h-10 w-40" />
      <Skeleton className="aspect-[1280/360] min-h-32 w-full rounded-card" />
      <div className="-mt-10 flex items-end gap-6 px-4 sm:-mt-14 sm:px-8">
        <Skeleton className="size-20 rounded-card border-4 border-canvas sm:size-28" />
        <Skeleton className="mb-2 h-9 w-2/3 max-w-md" />
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-3">
          <Skeleton className="h-6 w-24" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="mt-6 h-40 w-full rounded-card" />
        </div>
        <Skeleton className="h-48 w-full rounded-card" />
      </div>
    </div>
  );
}
